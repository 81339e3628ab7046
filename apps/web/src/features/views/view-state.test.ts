import {
  ALL_PERMITS_COLUMNS,
  type CustomView,
  describeColumn,
  type FilterGroup,
  grantsKey,
  type ViewListItem,
} from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TRACKER_STATE,
  parseTrackerState,
  type TrackerState,
  writeTrackerState,
} from '../tracker/tracker-state';
import {
  clashesWithSavedView,
  followSavedView,
  hasTableState,
  hasUnsavedChanges,
  menuOrder,
  permissionsOf,
  trackerStateOfView,
  unsavedSearchNote,
  viewInputOf,
} from './view-state';

const statusFilter: FilterGroup = {
  condition: 'And',
  rows: [{ id: 'r1', dataId: 'permit.Status', operator: 'Equals', value: 'Active' }],
  groups: [],
};

const saved = {
  columnOptions: ['permit.PermitNumber', 'permit.Status', 'permit.ActualPoles'],
  filterOptions: statusFilter,
  sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Descending' as const }],
  summaryRowOptions: [{ dataId: 'permit.ActualPoles', metric: 'Sum' as const }],
  isSummaryVisible: true,
} satisfies Partial<CustomView>;

describe('trackerStateOfView', () => {
  it('fills columns, filter, sorts and summary, and starts on page 1 without a search', () => {
    expect(trackerStateOfView(saved)).toEqual({
      ...DEFAULT_TRACKER_STATE,
      columns: ['permit.PermitNumber', 'permit.Status', 'permit.ActualPoles'],
      filter: statusFilter,
      sorts: [{ dataId: 'permit.PermitNumber', direction: 'Descending' }],
      summary: [{ dataId: 'permit.ActualPoles', metric: 'Sum' }],
      summaryVisible: true,
    });
  });

  it("shows the columns of 'All Permits' when the view names none", () => {
    const state = trackerStateOfView({ ...saved, columnOptions: [], summaryRowOptions: [] });
    expect(state.columns).toEqual([...ALL_PERMITS_COLUMNS]);
  });

  it('drops sorts and summaries on columns the view does not show, and incomplete filter rows', () => {
    const state = trackerStateOfView({
      ...saved,
      filterOptions: {
        condition: 'Or',
        rows: [{ id: 'r2', dataId: 'permit.Status', operator: 'Equals', value: '' }],
        groups: [],
      },
      sortOptions: [{ dataId: 'permit.Location', direction: 'Ascending' }],
      summaryRowOptions: [{ dataId: 'permit.Location', metric: 'Count' }],
    });
    expect(state.filter).toBeNull();
    expect(state.sorts).toEqual([]);
    expect(state.summary).toEqual([]);
  });

  it('round-trips through the URL unchanged', () => {
    const state = trackerStateOfView(saved);
    expect(parseTrackerState(writeTrackerState(new URLSearchParams('view=x'), state))).toEqual(state);
  });
});

describe('viewInputOf', () => {
  const state: TrackerState = {
    ...trackerStateOfView(saved),
    search: 'pole',
    page: 3,
    filter: {
      condition: 'And',
      rows: [{ id: 'p', dataId: 'project.Name', operator: 'Equals', value: 'North' }],
      groups: [],
    },
  };

  it('saves the table as a table view, trimmed, without search or page, adding the project-name column', () => {
    expect(viewInputOf(state, { name: '  Active north  ', description: ' mine ' })).toEqual({
      name: 'Active north',
      description: 'mine',
      type: 'Table',
      columnOptions: ['permit.PermitNumber', 'permit.Status', 'permit.ActualPoles', 'project.Name'],
      filterOptions: state.filter,
      sortOptions: [{ dataId: 'permit.PermitNumber', direction: 'Descending' }],
      summaryRowOptions: [{ dataId: 'permit.ActualPoles', metric: 'Sum' }],
      isSummaryVisible: true,
    });
  });

  it('sends permissions only when given', () => {
    expect(viewInputOf(state, { name: 'a', description: '' })).not.toHaveProperty('permissions');
    const permissions = { users: [], organizations: [] };
    expect(viewInputOf(state, { name: 'a', description: '', permissions }).permissions).toBe(permissions);
  });
});

describe('hasUnsavedChanges', () => {
  it('is false for the view as saved, whatever the search and page', () => {
    expect(hasUnsavedChanges({ ...trackerStateOfView(saved), search: 'x', page: 4 }, saved)).toBe(false);
  });

  it('is true once columns, filter, sorts, summary or its visibility change', () => {
    const state = trackerStateOfView(saved);
    expect(hasUnsavedChanges({ ...state, columns: state.columns.slice(0, 2) }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...state, filter: null }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...state, sorts: [] }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...state, summary: [] }, saved)).toBe(true);
    expect(hasUnsavedChanges({ ...state, summaryVisible: false }, saved)).toBe(true);
  });

  it('is false, given the caller’s columns, for a hand-edited filter row whose operator does not apply', () => {
    const columns = new Map(
      [
        describeColumn({
          dataId: 'permit.PermitNumber',
          subjectKind: 'Permit',
          subjectName: null,
          name: 'Permit Number',
          type: 'Text',
        }),
        describeColumn({
          dataId: 'permit.Status',
          subjectKind: 'Permit',
          subjectName: null,
          name: 'Status',
          type: 'Enum',
          options: [{ value: 'Active', label: 'Active' }],
        }),
        describeColumn({
          dataId: 'permit.ActualPoles',
          subjectKind: 'Permit',
          subjectName: null,
          name: 'Poles',
          type: 'Number',
        }),
      ].map((column) => [column.dataId, column]),
    );
    // '?filter=' naming Status 'contains' Active: the table leaves the row out, as it does when nothing filters.
    const edited: TrackerState = {
      ...trackerStateOfView(saved),
      filter: {
        condition: 'And',
        rows: [
          ...statusFilter.rows,
          { id: 'r9', dataId: 'permit.Status', operator: 'Contains', value: 'Active' },
        ],
        groups: [],
      },
    };
    expect(hasUnsavedChanges(edited, saved)).toBe(true);
    expect(hasUnsavedChanges(edited, saved, columns)).toBe(false);
    // A change the table shows still counts.
    expect(hasUnsavedChanges({ ...edited, filter: null }, saved, columns)).toBe(true);
  });

  it("treats a view without columns as 'All Permits' columns", () => {
    const bare = { ...saved, columnOptions: [], filterOptions: null, sortOptions: [], summaryRowOptions: [] };
    expect(hasUnsavedChanges({ ...DEFAULT_TRACKER_STATE, summaryVisible: true }, bare)).toBe(false);
  });
});

describe('followSavedView', () => {
  const newer = { ...saved, sortOptions: [], isSummaryVisible: false, filterOptions: null };

  it('takes the new version, keeping the search and page size, when the table shows the old one', () => {
    const state = { ...trackerStateOfView(saved), search: 'birch', page: 3, pageSize: 100 };
    const followed = followSavedView(state, saved, newer);
    expect(followed).toEqual({ ...trackerStateOfView(newer), search: 'birch', pageSize: 100 });
    expect(followed!.page).toBe(1);
    expect(hasUnsavedChanges(followed!, newer)).toBe(false);
  });

  it('keeps changes of the table’s own', () => {
    const state = { ...trackerStateOfView(saved), sorts: [] };
    expect(followSavedView(state, saved, newer)).toBeNull();
  });

  it('stays on its page when only the name or the sharing changed', () => {
    const state = { ...trackerStateOfView(saved), page: 4 };
    expect(followSavedView(state, saved, { ...saved })).toBeNull();
  });
});

describe('clashesWithSavedView', () => {
  const newer = { ...saved, sortOptions: [], isSummaryVisible: false, filterOptions: null };

  it('is true when the table has changes of its own and the new version shows another table', () => {
    const state = { ...trackerStateOfView(saved), summaryVisible: false };
    expect(clashesWithSavedView(state, saved, newer)).toBe(true);
  });

  it('is false without changes of the table’s own (the table follows the new version)', () => {
    expect(clashesWithSavedView({ ...trackerStateOfView(saved), search: 'oak' }, saved, newer)).toBe(false);
  });

  it('is false once the table is the new version, as after its own save', () => {
    expect(clashesWithSavedView(trackerStateOfView(newer), saved, newer)).toBe(false);
  });

  it('is false when only the name or the sharing changed', () => {
    const state = { ...trackerStateOfView(saved), sorts: [] };
    expect(clashesWithSavedView(state, saved, { ...saved })).toBe(false);
  });
});

describe('unsavedSearchNote', () => {
  it('names the search a new view leaves out, and says nothing without one', () => {
    expect(unsavedSearchNote({ search: '  birch ' })).toBe('The search “birch” is not saved with the view.');
    expect(unsavedSearchNote({ search: '   ' })).toBeNull();
  });
});

describe('hasTableState', () => {
  it('sees tracker parameters, not the view id', () => {
    expect(hasTableState(new URLSearchParams('view=abc'))).toBe(false);
    expect(hasTableState(new URLSearchParams('view=abc&sort=permit.Status:asc'))).toBe(true);
    expect(hasTableState(new URLSearchParams('q=pole'))).toBe(true);
  });
});

describe('menuOrder', () => {
  it('puts system views first and keeps the rest in order', () => {
    const item = (id: string, isSystem: boolean) => ({ id, isSystem }) as ViewListItem;
    const order = menuOrder([item('b', false), item('all', true), item('a', false), item('default', true)]);
    expect(order.map((view) => view.id)).toEqual(['all', 'default', 'b', 'a']);
  });
});

describe('grantsKey', () => {
  it('is the same for the same grants in any order, with or without names', () => {
    const a = {
      users: [
        { userId: 'u1', permission: 'Manage' as const, name: 'Ann' },
        { userId: 'u2', permission: 'View' as const },
      ],
      organizations: [{ id: 'o1', permission: 'Edit' as const, name: 'Valley' }],
    };
    const b = {
      users: [
        { userId: 'u2', permission: 'View' as const },
        { userId: 'u1', permission: 'Manage' as const },
      ],
      organizations: [{ id: 'o1', permission: 'Edit' as const }],
    };
    expect(grantsKey(a)).toBe(grantsKey(b));
    expect(grantsKey({ ...b, organizations: [{ id: 'o1', permission: 'View' }] })).not.toBe(grantsKey(a));
  });
});

describe('permissionsOf', () => {
  it('splits people and organizations, each once', () => {
    expect(
      permissionsOf([
        { kind: 'user', id: 'u1', name: 'Ann', permission: 'Manage' },
        { kind: 'organization', id: 'o1', name: 'Acme', permission: 'View' },
        { kind: 'user', id: 'u1', name: 'Ann', permission: 'View' },
        { kind: 'user', id: 'u2', name: 'Bo', permission: 'Edit' },
      ]),
    ).toEqual({
      users: [
        { userId: 'u1', permission: 'Manage' },
        { userId: 'u2', permission: 'Edit' },
      ],
      organizations: [{ id: 'o1', permission: 'View' }],
    });
  });
});
