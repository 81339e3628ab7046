import { describe, expect, it } from 'vitest';
import {
  describeColumn,
  type FilterGroup,
  FilterGroupInput,
  filterFittingColumns,
  filterValueProblem,
  hasTooManyGroups,
  isCompleteRow,
  normalizeFilter,
} from './overview.ts';

const row = (id: string, fields: Partial<FilterGroup['rows'][number]> = {}) => ({
  id,
  dataId: 'permit.PermitNumber',
  operator: 'Contains' as const,
  value: 'NEC',
  ...fields,
});

describe('normalizeFilter', () => {
  it('keeps a row only with a column, an operator and a value that is not empty', () => {
    expect(isCompleteRow(row('a'))).toBe(true);
    expect(isCompleteRow(row('a', { dataId: null }))).toBe(false);
    expect(isCompleteRow(row('a', { dataId: '' }))).toBe(false);
    expect(isCompleteRow(row('a', { operator: undefined }))).toBe(false);
    expect(isCompleteRow(row('a', { value: '  ' }))).toBe(false);
    expect(isCompleteRow(row('a', { value: [] }))).toBe(false);
    expect(isCompleteRow(row('a', { value: null }))).toBe(false);
    // False and zero are values.
    expect(isCompleteRow(row('a', { value: false }))).toBe(true);
    expect(isCompleteRow(row('a', { value: 0 }))).toBe(true);
  });

  it('drops incomplete rows and the groups left empty, at any depth', () => {
    const tree: FilterGroup = {
      condition: 'And',
      rows: [row('a'), row('b', { value: '' })],
      groups: [
        { condition: 'Or', rows: [row('c', { operator: null })], groups: [] },
        {
          condition: 'Or',
          rows: [],
          groups: [
            { condition: 'And', rows: [row('d')], groups: [] },
            { condition: 'And', rows: [], groups: [] },
          ],
        },
      ],
    };
    expect(normalizeFilter(tree)).toEqual({
      condition: 'And',
      rows: [row('a')],
      groups: [{ condition: 'Or', rows: [], groups: [{ condition: 'And', rows: [row('d')], groups: [] }] }],
    });
  });

  it('gives null when nothing is left to filter by', () => {
    expect(normalizeFilter(null)).toBeNull();
    expect(
      normalizeFilter({
        condition: 'Or',
        rows: [row('a', { dataId: undefined })],
        groups: [{ condition: 'And', rows: [], groups: [] }],
      }),
    ).toBeNull();
  });
});

describe('the filter tree as sent', () => {
  const nest = (depth: number): unknown =>
    depth === 1 ? { condition: 'And', rows: [] } : { condition: 'Or', groups: [nest(depth - 1)] };

  it('nests at most five groups deep, naming the group that goes too deep', () => {
    expect(FilterGroupInput.safeParse(nest(5)).success).toBe(true);
    const result = FilterGroupInput.safeParse(nest(6));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([
      'groups',
      0,
      'groups',
      0,
      'groups',
      0,
      'groups',
      0,
      'groups',
      0,
    ]);
  });

  it('holds at most 100 rows in all', () => {
    const rows = Array.from({ length: 60 }, (_, index) => row(String(index)));
    expect(FilterGroupInput.safeParse({ condition: 'And', rows, groups: [] }).success).toBe(true);
    const result = FilterGroupInput.safeParse({
      condition: 'And',
      rows,
      groups: [{ condition: 'Or', rows }],
    });
    expect(result.error?.issues[0]?.message).toBe('At most 100 filter rows');
  });

  it('holds at most 100 groups in all, counted before the tree is read', () => {
    const groups = (count: number) => Array.from({ length: count }, () => ({ condition: 'Or' as const }));
    expect(FilterGroupInput.safeParse({ groups: groups(50) }).success).toBe(true);
    expect(FilterGroupInput.safeParse({ groups: [{ groups: groups(49) }, ...groups(50)] }).success).toBe(
      true,
    );
    const over = FilterGroupInput.safeParse({ groups: [{ groups: groups(50) }, ...groups(50)] });
    expect(over.error?.issues).toEqual([
      expect.objectContaining({ message: 'At most 100 filter groups', path: [] }),
    ]);
    // A million empty groups: refused after counting past the limit, not read one by one.
    const million = { groups: Array.from({ length: 1_000 }, () => ({ groups: groups(1_000) })) };
    expect(hasTooManyGroups(million)).toBe(true);
    expect(FilterGroupInput.safeParse(million).error?.issues[0]?.message).toBe('At most 100 filter groups');
    // Groups deeper than a tree may nest are left to the depth check.
    expect(
      hasTooManyGroups({
        groups: [{ groups: [{ groups: [{ groups: [{ groups: [{ groups: groups(200) }] }] }] }] }],
      }),
    ).toBe(false);
  });
});

describe('filterFittingColumns', () => {
  const number = { type: 'Text' as const, operators: ['Contains' as const] };
  const count = { type: 'Number' as const, operators: ['Equals' as const] };
  const columns = new Map<string, typeof number | typeof count>([
    ['permit.PermitNumber', number],
    ['prop.poles', count],
  ]);

  it('keeps the rows the columns apply and drops the groups left empty', () => {
    const filter: FilterGroup = {
      condition: 'And',
      rows: [row('a'), row('b', { operator: 'Equals' })],
      groups: [
        { condition: 'Or', rows: [row('c', { dataId: 'prop.gone' })], groups: [] },
        {
          condition: 'Or',
          rows: [row('d', { dataId: 'prop.poles', operator: 'Equals', value: 'three' })],
          groups: [],
        },
        {
          condition: 'Or',
          rows: [row('e', { dataId: 'prop.poles', operator: 'Equals', value: 3 })],
          groups: [],
        },
      ],
    };
    expect(filterFittingColumns(filter, (id) => columns.get(id))).toEqual({
      condition: 'And',
      rows: [row('a')],
      groups: [
        {
          condition: 'Or',
          rows: [row('e', { dataId: 'prop.poles', operator: 'Equals', value: 3 })],
          groups: [],
        },
      ],
    });
  });

  it('is null when no row is left', () => {
    expect(filterFittingColumns(null, (id) => columns.get(id))).toBeNull();
    const filter: FilterGroup = { condition: 'And', rows: [row('a', { dataId: 'prop.gone' })], groups: [] };
    expect(filterFittingColumns(filter, (id) => columns.get(id))).toBeNull();
  });
});

describe('filter values', () => {
  it('checks the value against the column type', () => {
    expect(filterValueProblem({ type: 'Number' }, 3)).toBeNull();
    expect(filterValueProblem({ type: 'Number' }, '3')).toBe('Must be a number');
    expect(filterValueProblem({ type: 'Date' }, '2026-02-30')).toBe('Invalid date');
    expect(filterValueProblem({ type: 'Date' }, 'Feb 01, 2026')).toBe('Must be a date as YYYY-MM-DD');
    expect(
      filterValueProblem({ type: 'Enum', options: [{ value: 'Active', label: 'Active' }] }, 'Active'),
    ).toBeNull();
    expect(filterValueProblem({ type: 'Enum', options: [] }, 'Active')).toBe('Must be one of the options');
    expect(filterValueProblem({ type: 'Users' }, 'someone')).toBe('Must be a user id');
    expect(filterValueProblem({ type: 'Boolean' }, 'true')).toBe('Must be true or false');
    expect(filterValueProblem({ type: 'Files' }, 'x')).toBe('This column cannot be filtered');
  });

  it('gives each column the operators and metrics of its type', () => {
    const status = describeColumn({
      dataId: 'permit.Status',
      subjectKind: 'Permit',
      subjectName: null,
      name: 'Status',
      type: 'Enum',
    });
    expect(status.operators).toEqual(['Equals', 'NotEquals']);
    expect(status.metrics).toEqual(['Count']);
    expect(status.sortable).toBe(true);
    const shown = describeColumn({ ...status, type: 'Duration', shownOnly: true });
    expect([shown.operators, shown.metrics, shown.sortable]).toEqual([[], [], false]);
  });
});
