import { type OverviewRowByColumn, rowByColumn } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { catchUpBy, MOST_ROWS_READ_ALONE, permitIdsOf, replaceRow } from './live-rows';
import { peopleOf, personOptions } from './people';
import type { OverviewPage } from './tracker-api';

const row = (id: string, values: OverviewRowByColumn['values'] = {}): OverviewRowByColumn => ({
  id,
  projectId: '00000000-0000-4000-8000-000000000000',
  values,
});

describe('live rows', () => {
  it('reads the cells of a row by the columns asked, each column once', () => {
    const read = rowByColumn({ id: 'a', projectId: 'p', cells: [1, 'two', null] }, ['x', 'y', 'x', 'z']);
    expect(read.values).toEqual({ x: 1, y: 'two', z: null });
  });

  it('reads the permits an event names or lists', () => {
    expect(permitIdsOf({ permitId: 'a', taskKey: 't' })).toEqual(['a']);
    expect(permitIdsOf({ permitIds: ['a', 'b', 3] })).toEqual(['a', 'b']);
    expect(permitIdsOf(null)).toEqual([]);
    expect(permitIdsOf('a')).toEqual([]);
  });

  it('reads a few changed rows one by one, and the page after a bulk action or on a reordered page', () => {
    expect(catchUpBy(1, false)).toBe('rows');
    expect(catchUpBy(MOST_ROWS_READ_ALONE, false)).toBe('rows');
    expect(catchUpBy(MOST_ROWS_READ_ALONE + 1, false)).toBe('page');
    expect(catchUpBy(50, false)).toBe('page');
    expect(catchUpBy(1, true)).toBe('page');
  });

  it('puts a fresh row in place and leaves pages without it alone', () => {
    const page: OverviewPage = {
      page: 0,
      pageSize: 50,
      total: 2,
      columns: null,
      rows: [row('a', { x: 1 }), row('b', { x: 2 })],
      summary: null,
    };
    const fresh = row('b', { x: 9 });
    expect(replaceRow(page, fresh)?.rows?.map((r) => r.values.x)).toEqual([1, 9]);
    expect(replaceRow(page, row('c'))).toBe(page);
    expect(replaceRow(undefined, fresh)).toBeUndefined();
  });
});

describe('people to filter by', () => {
  it('offers the signed-in user first, by name, then the people in the rows by name', () => {
    const me = { id: 'me', name: 'Dana Owens' };
    const rows = [
      row('a', { assignees: [{ id: 'u2', name: 'Zoe Ray' }], files: ['a.pdf'] }),
      row('b', {
        assignees: [
          { id: 'u1', name: 'Ann Lee' },
          { id: 'me', name: 'Dana Owens' },
        ],
      }),
    ];
    const people = peopleOf(me, rows);
    expect(people.options).toEqual([
      { value: 'me', label: 'Dana Owens (you)' },
      { value: 'u1', label: 'Ann Lee' },
      { value: 'u2', label: 'Zoe Ray' },
    ]);
    expect(people.names.get('u2')).toBe('Zoe Ray');
  });
});

describe('the person filter picker', () => {
  const me = { id: 'me', name: 'Dana Owens' };
  const choice = {
    me,
    options: [
      { value: 'me', label: 'Dana Owens (you)' },
      { value: 'u1', label: 'Ana Diaz' },
    ],
    known: new Map([['u9', 'Sam Ruiz']]),
  };

  it('offers the signed-in user and the people of the rows before anything is typed', () => {
    expect(personOptions({ choice, search: '', found: [], value: null })).toEqual(choice.options);
  });

  it('offers whoever the server found, not only the people of the rows', () => {
    const found = [
      { id: 'u5', name: 'Maria Santos', email: 'maria@x', organizationName: 'Ridgeline' },
      { id: 'me', name: 'Dana Owens' },
    ];
    expect(personOptions({ choice, search: 'a', found, value: null })).toEqual([
      { value: 'me', label: 'Dana Owens (you)' },
      { value: 'u5', label: 'Maria Santos' },
    ]);
    expect(personOptions({ choice, search: 'maria', found: found.slice(0, 1), value: null })).toEqual([
      { value: 'u5', label: 'Maria Santos' },
    ]);
    expect(personOptions({ choice, search: 'me', found: [], value: null })).toEqual([
      { value: 'me', label: 'Dana Owens (you)' },
    ]);
    expect(personOptions({ choice, search: 'you', found: [], value: null })).toEqual([
      { value: 'me', label: 'Dana Owens (you)' },
    ]);
  });

  it('keeps the chosen person listed under a known name', () => {
    expect(personOptions({ choice, search: 'zz', found: [], value: 'u9' })).toEqual([
      { value: 'u9', label: 'Sam Ruiz' },
    ]);
    expect(personOptions({ choice, search: '', found: [], value: 'gone' }).at(-1)).toEqual({
      value: 'gone',
      label: 'A person',
    });
  });
});
