import { describe, expect, it } from 'vitest';
import {
  CustomViewInput,
  favoriteIdsOf,
  folderCount,
  folderDepth,
  nextFavoriteOrder,
  tidyViewOptions,
  ViewId,
  ViewPrefsInput,
  viewOptionsKey,
} from './views.ts';

const FOLDER = '0a4c2f38-6a7e-4f4e-9d59-7b3e0f1a2b3c';
const VIEW = '6b1d7e0c-3a2f-4c5d-8e9f-0a1b2c3d4e5f';

const folder = (depth: number, views: { id: string; order: number }[] = []): object => ({
  id: FOLDER,
  name: `Level ${depth}`,
  order: 0,
  views,
  subFolders: depth > 1 ? [folder(depth - 1)] : [],
});

describe('tidyViewOptions', () => {
  const status = { id: 's', dataId: 'permit.Status', operator: 'Equals' as const, value: 'Active' };
  const project = { id: 'p', dataId: 'project.Name', operator: 'Contains' as const, value: 'north' };

  it('normalizes the filter and keeps each column once', () => {
    const tidy = tidyViewOptions({
      columnOptions: ['permit.Status', 'permit.Status', 'permit.PermitNumber'],
      filterOptions: {
        condition: 'And',
        rows: [status, { id: 'e', dataId: 'permit.Location', operator: 'Contains', value: ' ' }],
        groups: [{ condition: 'Or', rows: [], groups: [] }],
      },
      sortOptions: [{ dataId: null, direction: 'Ascending' }],
      summaryRowOptions: [],
    });
    expect(tidy).toEqual({
      columnOptions: ['permit.Status', 'permit.PermitNumber'],
      filterOptions: { condition: 'And', rows: [status], groups: [] },
      sortOptions: [],
      summaryRowOptions: [],
    });
  });

  it('drops sorts, filter rows and summaries on columns not shown, and the groups left empty', () => {
    const tidy = tidyViewOptions({
      columnOptions: ['permit.PermitNumber'],
      filterOptions: {
        condition: 'And',
        rows: [],
        groups: [{ condition: 'Or', rows: [status], groups: [] }],
      },
      sortOptions: [
        { dataId: 'permit.ActualPoles', direction: 'Descending' },
        { dataId: 'permit.PermitNumber', direction: 'Descending' },
      ],
      summaryRowOptions: [{ dataId: 'permit.ActualPoles', metric: 'Sum' }],
    });
    expect(tidy.filterOptions).toBeNull();
    expect(tidy.sortOptions).toEqual([{ dataId: 'permit.PermitNumber', direction: 'Descending' }]);
    expect(tidy.summaryRowOptions).toEqual([]);
  });

  it('adds the project-name column when a filter uses it', () => {
    const tidy = tidyViewOptions({
      columnOptions: ['permit.PermitNumber'],
      filterOptions: { condition: 'And', rows: [project], groups: [] },
      sortOptions: [],
      summaryRowOptions: [],
    });
    expect(tidy.columnOptions).toEqual(['permit.PermitNumber', 'project.Name']);
    expect(tidy.filterOptions?.rows).toEqual([project]);
  });

  it('keeps every filter and sort of a view that names no columns (a map)', () => {
    const tidy = tidyViewOptions({
      columnOptions: [],
      filterOptions: { condition: 'And', rows: [status], groups: [] },
      sortOptions: [{ dataId: 'permit.ActualPoles', direction: 'Ascending' }],
      summaryRowOptions: [],
    });
    expect(tidy.columnOptions).toEqual([]);
    expect(tidy.filterOptions?.rows).toEqual([status]);
    expect(tidy.sortOptions).toHaveLength(1);
  });
});

describe('viewOptionsKey', () => {
  const options = (rowId: string, value: string) => ({
    columnOptions: ['permit.Status', 'permit.PermitNumber'],
    filterOptions: {
      condition: 'And' as const,
      rows: [{ id: rowId, dataId: 'permit.Status', operator: 'Equals' as const, value }],
      groups: [],
    },
    sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Descending' as const }],
    summaryRowOptions: [],
  });

  it('is one text for one table, whatever the filter rows are called', () => {
    expect(viewOptionsKey(options('a', 'Active'))).toBe(viewOptionsKey(options('b', 'Active')));
  });

  it('tells tables apart by a value, and compares them as they are saved', () => {
    expect(viewOptionsKey(options('a', 'Active'))).not.toBe(viewOptionsKey(options('a', 'Draft')));
    const withEmptyGroup = options('a', 'Active');
    withEmptyGroup.filterOptions.groups.push({ condition: 'Or', rows: [], groups: [] } as never);
    expect(viewOptionsKey(withEmptyGroup)).toBe(viewOptionsKey(options('a', 'Active')));
  });
});

describe('view input', () => {
  it('needs a name and a table or map type', () => {
    expect(CustomViewInput.safeParse({ name: 'x', type: 'Table' }).success).toBe(true);
    const bad = CustomViewInput.safeParse({ name: '  ', type: 'Dashboard' });
    expect(bad.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'type']);
  });

  it('takes system ids and uuids as view ids', () => {
    expect(ViewId.safeParse('all').success).toBe(true);
    expect(ViewId.safeParse('default').success).toBe(true);
    expect(ViewId.safeParse(VIEW).success).toBe(true);
    expect(ViewId.safeParse('mine').success).toBe(false);
  });
});

describe('preferences', () => {
  it('counts folder depth and finds favourites in folders', () => {
    const parsed = ViewPrefsInput.parse({ favoriteFolders: [folder(3, [{ id: VIEW, order: 0 }])] });
    expect(folderDepth(parsed.favoriteFolders)).toBe(3);
    expect(folderCount(parsed.favoriteFolders)).toBe(3);
    expect(
      favoriteIdsOf(
        [{ id: 'all', name: '', type: 'Table', isDefault: false, order: 0 }],
        parsed.favoriteFolders,
      ),
    ).toEqual(['all', VIEW]);
  });

  it('refuses folders deeper than 5, a favourite twice and more than one default', () => {
    const paths = (input: object) =>
      ViewPrefsInput.safeParse(input).error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths({ favoriteFolders: [folder(5)] })).toEqual([]);
    expect(paths({ favoriteFolders: [folder(6)] })).toEqual(['favoriteFolders']);
    // At most 200 folders in all, however they are spread over the levels.
    const wide = (count: number) => ({ ...(folder(1) as object), subFolders: Array(count).fill(folder(1)) });
    expect(paths({ favoriteFolders: [wide(199)] })).toEqual([]);
    expect(paths({ favoriteFolders: [wide(100), wide(100)] })).toEqual(['favoriteFolders']);
    expect(
      paths({
        favoriteViews: [{ id: VIEW, order: 0 }],
        favoriteFolders: [folder(1, [{ id: VIEW, order: 0 }])],
      }),
    ).toEqual(['favoriteViews']);
    expect(
      paths({
        defaultViews: [
          { id: 'all', viewType: 'Table' },
          { id: VIEW, viewType: 'Map' },
        ],
      }),
    ).toEqual(['defaultViews']);
  });

  it('gives a new favourite the order one above the last', () => {
    expect(nextFavoriteOrder([])).toBe(0);
    expect(nextFavoriteOrder([{ order: 3 }, { order: 9 }, { order: 1 }])).toBe(10);
  });
});
