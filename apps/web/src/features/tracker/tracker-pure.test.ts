import type { FilterGroup, OverviewColumn, OverviewColumnGroup } from '@crossarm/shared';
import { describeColumn } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  applyColumns,
  applyFilter,
  cellText,
  columnChangeLosses,
  columnLossText,
  columnsById,
  defaultWidth,
  fitToCatalogue,
  keyboardWidth,
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  permitCountText,
  pickerGroups,
  setMetric,
  summaryCellText,
  summaryText,
  toggleSort,
} from './tracker-columns';
import {
  activeRowCount,
  addGroup,
  addRow,
  describeRow,
  emptyFilter,
  namePickerOf,
  removeGroup,
  removeRow,
  setCondition,
  treeProblems,
  trimTextValues,
  unnamedPeople,
  updateRow,
} from './tracker-filter';
import {
  DEFAULT_TRACKER_COLUMNS,
  DEFAULT_TRACKER_STATE,
  linkedFilterLost,
  overviewRequestOf,
  parseTrackerState,
  summaryRequestOf,
  type TrackerState,
  writeTrackerState,
} from './tracker-state';

const status = describeColumn({
  dataId: 'permit.Status',
  subjectKind: 'Permit',
  subjectName: null,
  name: 'Status',
  type: 'Enum',
  options: [
    { value: 'Active', label: 'Active' },
    { value: 'OnHold', label: 'On hold' },
  ],
});
const poles = describeColumn({
  dataId: 'permit.ActualPoles',
  subjectKind: 'Permit',
  subjectName: null,
  name: 'Poles',
  type: 'Number',
});
const created = describeColumn({
  dataId: 'permit.CreateDate',
  subjectKind: 'Permit',
  subjectName: null,
  name: 'Created',
  type: 'Date',
});
const projectName = describeColumn({
  dataId: 'project.Name',
  subjectKind: 'Project',
  subjectName: null,
  name: 'Project',
  type: 'Text',
});
const surveyTime = describeColumn({
  dataId: 'stage.s1.ElapsedTime',
  subjectKind: 'Stage',
  subjectName: 'Survey',
  name: 'Elapsed Time',
  type: 'Duration',
});
const groups: OverviewColumnGroup[] = [
  { subjectKind: 'Stage', columns: [surveyTime] },
  { subjectKind: 'Permit', columns: [status, poles, created] },
  { subjectKind: 'Project', columns: [projectName] },
];
const byId: Map<string, OverviewColumn> = columnsById(groups);

const filter: FilterGroup = {
  condition: 'Or',
  rows: [{ id: 'r1', dataId: 'permit.Status', operator: 'Equals', value: 'OnHold' }],
  groups: [
    {
      condition: 'And',
      rows: [{ id: 'r2', dataId: 'permit.ActualPoles', operator: 'GreaterThan', value: 10 }],
      groups: [],
    },
  ],
};

const arranged: TrackerState = {
  columns: ['permit.PermitNumber', 'permit.Status', 'permit.ActualPoles'],
  filter,
  sorts: [
    { dataId: 'permit.Status', direction: 'Descending' },
    { dataId: 'permit.ActualPoles', direction: 'Ascending' },
  ],
  summary: [{ dataId: 'permit.ActualPoles', metric: 'Sum' }],
  summaryVisible: true,
  search: 'pole 12',
  page: 3,
  pageSize: 250,
};

describe('tracker URL state', () => {
  it('round-trips every part of the table state', () => {
    const params = writeTrackerState(new URLSearchParams('view=all'), arranged);
    expect(params.get('view')).toBe('all');
    expect(parseTrackerState(params)).toEqual(arranged);
  });

  it('leaves defaults out of the URL and reads an empty URL as the defaults', () => {
    expect(writeTrackerState(new URLSearchParams(), DEFAULT_TRACKER_STATE).toString()).toBe('');
    expect(parseTrackerState(new URLSearchParams())).toEqual(DEFAULT_TRACKER_STATE);
    expect(DEFAULT_TRACKER_STATE.columns).toContain('project.Name');
  });

  it('falls back to defaults for each part it cannot read', () => {
    const bad = new URLSearchParams({
      cols: ',,;drop table',
      filter: '{not json',
      sort: 'permit.Status:sideways,permit.Location:desc',
      sum: 'permit.ActualPoles:Median,permit.ActualPoles:Max',
      summary: 'yes',
      page: '-2',
      size: '33',
    });
    const state = parseTrackerState(bad);
    expect(state.columns).toEqual(DEFAULT_TRACKER_COLUMNS);
    expect(state.filter).toBeNull();
    expect(state.sorts).toEqual([{ dataId: 'permit.Location', direction: 'Descending' }]);
    expect(state.summary).toEqual([{ dataId: 'permit.ActualPoles', metric: 'Max' }]);
    expect(state.summaryVisible).toBe(false);
    expect(state.page).toBe(1);
    expect(state.pageSize).toBe(50);
  });

  it('drops a filter that breaks the shape and normalizes one with incomplete rows', () => {
    expect(parseTrackerState(new URLSearchParams({ filter: '{"condition":"Xor"}' })).filter).toBeNull();
    const partial = { condition: 'And', rows: [{ id: 'a', dataId: 'permit.Status', operator: 'Equals' }] };
    expect(parseTrackerState(new URLSearchParams({ filter: JSON.stringify(partial) })).filter).toBeNull();
  });

  it('builds the page request and the separate summary request', () => {
    const request = overviewRequestOf(arranged);
    expect(request.pageOptions).toEqual({ page: 2, pageSize: 250 });
    expect(request.searchOptions).toEqual({ text: 'pole 12' });
    expect(request.summaryRowOptions).toEqual([]);
    const summary = summaryRequestOf(arranged);
    expect(summary?.pageOptions).toEqual({ page: 0, pageSize: 0 });
    expect(summary?.summaryRowOptions).toEqual([{ dataId: 'permit.ActualPoles', metric: 'Sum' }]);
    expect(summaryRequestOf({ ...arranged, summaryVisible: false })).toBeNull();
  });

  it('sends the chosen sorts, or the default sort (one ascending entry with no column) when none is chosen', () => {
    expect(overviewRequestOf(arranged).sortOptions).toEqual(arranged.sorts);
    const unsorted = { ...arranged, sorts: [] };
    expect(overviewRequestOf(unsorted).sortOptions).toEqual([{ dataId: null, direction: 'Ascending' }]);
    expect(summaryRequestOf(arranged)?.sortOptions).toEqual([{ dataId: null, direction: 'Ascending' }]);
  });
});

describe('filter tree editing', () => {
  it('adds rows and groups where asked, and removes them', () => {
    let tree = addRow(emptyFilter(), [], 'a');
    tree = addGroup(tree, [], 'b');
    tree = addRow(tree, [0], 'c');
    tree = setCondition(tree, [0], 'Or');
    expect(tree.rows.map((r) => r.id)).toEqual(['a']);
    expect(tree.groups[0]?.condition).toBe('Or');
    expect(tree.groups[0]?.rows.map((r) => r.id)).toEqual(['b', 'c']);
    expect(removeRow(tree, 'c').groups[0]?.rows.map((r) => r.id)).toEqual(['b']);
    expect(removeGroup(tree, [0]).groups).toEqual([]);
    expect(removeGroup(tree, [])).toEqual({ condition: 'And', rows: [], groups: [] });
  });

  it('resets operator and value when the column changes, and ignores operators the column lacks', () => {
    let tree = addRow(emptyFilter(), [], 'a');
    tree = updateRow(tree, 'a', { dataId: 'permit.Status' }, byId);
    expect(tree.rows[0]).toEqual({ id: 'a', dataId: 'permit.Status', operator: 'Equals', value: null });
    tree = updateRow(tree, 'a', { operator: 'GreaterThan' }, byId);
    expect(tree.rows[0]?.operator).toBe('Equals');
    tree = updateRow(tree, 'a', { value: 'Active' }, byId);
    tree = updateRow(tree, 'a', { dataId: 'permit.ActualPoles' }, byId);
    expect(tree.rows[0]).toEqual({ id: 'a', dataId: 'permit.ActualPoles', operator: 'Equals', value: null });
  });

  it('counts only complete rows and reports values that do not fit', () => {
    expect(activeRowCount(filter)).toBe(2);
    const tree = addRow(filter, [0], 'empty');
    expect(activeRowCount(tree)).toBe(2);
    const wrong = updateRow(tree, 'r1', { value: 'Closed' }, byId);
    expect(treeProblems(wrong, byId).get('r1')).toBe('Must be one of the options');
    expect(treeProblems(tree, byId).size).toBe(0);
  });

  it('describes rows for chips', () => {
    expect(describeRow(filter.rows[0]!, status)).toBe('Status is On hold');
    expect(
      describeRow(
        { id: 'x', dataId: 'permit.CreateDate', operator: 'LessThan', value: '2026-01-05' },
        created,
      ),
    ).toBe('Created before Jan 05, 2026');
  });

  it('counts the days of a duration in words that agree: 1 day, 2.5 days, 1,200 days', () => {
    const row = (value: number) => ({
      id: 'd',
      dataId: 'stage.s1.ElapsedTime',
      operator: 'GreaterThanOrEquals' as const,
      value,
    });
    expect(describeRow(row(1), surveyTime)).toBe('Survey · Elapsed Time ≥ 1 day');
    expect(describeRow(row(2.5), surveyTime)).toBe('Survey · Elapsed Time ≥ 2.5 days');
    expect(describeRow(row(1200), surveyTime)).toBe('Survey · Elapsed Time ≥ 1,200 days');
  });

  it('groups a number as the cells do', () => {
    expect(
      describeRow({ id: 'n', dataId: 'permit.ActualPoles', operator: 'GreaterThan', value: 1500 }, poles),
    ).toBe('Poles > 1,500');
  });
});

describe('column rules', () => {
  it('applying columns removes sorts, filter rows and metrics on removed columns', () => {
    const next = applyColumns(arranged, ['permit.PermitNumber', 'permit.Status']);
    expect(next.sorts).toEqual([{ dataId: 'permit.Status', direction: 'Descending' }]);
    expect(next.filter).toEqual({ condition: 'Or', rows: filter.rows, groups: [] });
    expect(next.summary).toEqual([]);
    expect(next.page).toBe(1);
  });

  it('removing the project-name column removes its filter rows and sorts instead of bringing it back', () => {
    const byProject: FilterGroup = {
      condition: 'And',
      rows: [
        { id: 'p', dataId: 'project.Name', operator: 'Contains', value: 'North' },
        { id: 's', dataId: 'permit.Status', operator: 'Equals', value: 'Active' },
      ],
      groups: [],
    };
    const shown = applyFilter({ ...arranged, filter: null, sorts: [] }, byProject);
    const sorted = { ...shown, sorts: [{ dataId: 'project.Name', direction: 'Ascending' as const }] };
    const next = applyColumns(sorted, ['permit.PermitNumber', 'permit.Status']);
    expect(next.columns).toEqual(['permit.PermitNumber', 'permit.Status']);
    expect(next.filter).toEqual({ condition: 'And', rows: [byProject.rows[1]], groups: [] });
    expect(next.sorts).toEqual([]);
  });

  it('filtering by project name adds the project-name column', () => {
    const byProject: FilterGroup = {
      condition: 'And',
      rows: [{ id: 'p', dataId: 'project.Name', operator: 'Contains', value: 'North' }],
      groups: [],
    };
    const next = applyFilter({ ...arranged, page: 4 }, byProject);
    expect(next.columns).toEqual([...arranged.columns, 'project.Name']);
    expect(next.page).toBe(1);
    expect(applyFilter(next, byProject).columns.filter((c) => c === 'project.Name')).toHaveLength(1);
  });

  it('sorts by a header click, and adds a second sort with shift', () => {
    let sorts = toggleSort([], 'a', false);
    expect(sorts).toEqual([{ dataId: 'a', direction: 'Ascending' }]);
    sorts = toggleSort(sorts, 'a', false);
    expect(sorts).toEqual([{ dataId: 'a', direction: 'Descending' }]);
    expect(toggleSort(sorts, 'a', false)).toEqual([]);
    sorts = toggleSort(sorts, 'b', true);
    expect(sorts.map((s) => s.dataId)).toEqual(['a', 'b']);
    sorts = toggleSort(sorts, 'b', true);
    expect(sorts[1]).toEqual({ dataId: 'b', direction: 'Descending' });
    expect(toggleSort(sorts, 'b', true)).toEqual([{ dataId: 'a', direction: 'Descending' }]);
    expect(toggleSort(sorts, 'c', false)).toEqual([{ dataId: 'c', direction: 'Ascending' }]);
  });

  it('sets and clears a summary metric', () => {
    const summary = setMetric([], 'permit.ActualPoles', 'Average');
    expect(summary).toEqual([{ dataId: 'permit.ActualPoles', metric: 'Average' }]);
    expect(setMetric(summary, 'permit.ActualPoles', null)).toEqual([]);
  });

  it('groups the picker in subject order and searches names and owners', () => {
    expect(pickerGroups(groups, '').map((g) => g.subjectKind)).toEqual(['Project', 'Permit', 'Stage']);
    expect(pickerGroups(groups, 'survey').flatMap((g) => g.columns.map((c) => c.dataId))).toEqual([
      'stage.s1.ElapsedTime',
    ]);
  });

  it('formats cells and summary values', () => {
    expect(cellText(created, '2026-01-05')).toBe('Jan 05, 2026');
    // A moment shows its local date and time (the tests run in UTC).
    expect(cellText(created, '2026-01-05T15:04:00.000Z')).toBe('Jan 05, 2026, 3:04 PM');
    expect(cellText(status, 'OnHold')).toBe('On hold');
    expect(cellText(poles, 1234)).toBe('1,234');
    expect(cellText(surveyTime, 3.5)).toBe('3.5 d');
    expect(cellText(undefined, [{ id: 'u', name: 'Ann Lee' }])).toBe('Ann Lee');
    expect(cellText(poles, null)).toBe('');
    // Nothing to show reads the same whatever the column: a blank text, no one, an option without a label.
    expect(cellText(undefined, '   ')).toBe('');
    expect(cellText(undefined, [])).toBe('');
    expect(cellText({ ...status, options: [{ value: 'X', label: '' }] }, 'X')).toBe('X');
    expect(summaryText(created, 'Min', '2026-01-05')).toBe('Jan 05, 2026');
    expect(summaryText(poles, 'Sum', 1500.5)).toBe('1,500.5');
    expect(summaryText(poles, 'Sum', null)).toBe('—');
    expect(permitCountText(1234)).toBe('1,234 permits');
    expect(permitCountText(1)).toBe('1 permit');
  });

  it('reads a whole summary cell, metric and value, for its tooltip and screen readers', () => {
    expect(summaryCellText(surveyTime, 'Average', 19.8712)).toBe('Average 19.87 d');
    expect(summaryCellText(poles, 'Sum', 1500)).toBe('Sum 1,500');
    expect(summaryCellText(poles, 'Max', null)).toBe('Max —');
    expect(summaryCellText(poles, 'Count', undefined)).toBe('Count …');
  });
});

describe('fitting a linked state to the caller columns', () => {
  it('drops what the caller cannot use and falls back to the default columns it has', () => {
    const linked: TrackerState = {
      ...arranged,
      columns: ['permit.Secret', 'permit.Status', 'stage.gone.ElapsedTime'],
      sorts: [
        { dataId: 'permit.Secret', direction: 'Ascending' },
        { dataId: 'permit.Status', direction: 'Ascending' },
      ],
      summary: [
        { dataId: 'permit.Status', metric: 'Sum' },
        { dataId: 'permit.ActualPoles', metric: 'Max' },
      ],
      filter: {
        condition: 'And',
        rows: [
          { id: 'a', dataId: 'permit.Status', operator: 'Equals', value: 'Gone' },
          { id: 'b', dataId: 'permit.Secret', operator: 'Equals', value: 'x' },
          { id: 'c', dataId: 'permit.ActualPoles', operator: 'Contains', value: 3 },
          { id: 'd', dataId: 'permit.ActualPoles', operator: 'LessThan', value: 3 },
        ],
        groups: [],
      },
    };
    const fitted = fitToCatalogue(linked, byId, DEFAULT_TRACKER_COLUMNS);
    // The filter kept is on Poles, which the table then shows.
    expect(fitted.columns).toEqual(['permit.Status', 'permit.ActualPoles']);
    expect(fitted.sorts).toEqual([{ dataId: 'permit.Status', direction: 'Ascending' }]);
    expect(fitted.summary).toEqual([{ dataId: 'permit.ActualPoles', metric: 'Max' }]);
    expect(fitted.filter?.rows.map((r) => r.id)).toEqual(['d']);
    const nothingKnown = fitToCatalogue({ ...linked, columns: ['x.y'] }, byId, DEFAULT_TRACKER_COLUMNS);
    expect(nothingKnown.columns).toEqual([
      'project.Name',
      'permit.Status',
      'permit.CreateDate',
      'permit.ActualPoles',
    ]);
  });
});

describe('a linked filter the table could not apply whole', () => {
  const row = (dataId: string, operator: string, value: unknown) => ({ id: dataId, dataId, operator, value });
  const applied: FilterGroup = {
    condition: 'And',
    rows: [row('permit.Status', 'Equals', 'Active') as FilterGroup['rows'][number]],
    groups: [],
  };
  const sent = (tree: unknown) => JSON.stringify(tree);

  it('is said when rows of the address are missing from the applied filter, at any depth', () => {
    const nested = {
      condition: 'And',
      rows: [row('permit.Status', 'Equals', 'Active')],
      groups: [{ condition: 'Or', rows: [row('permit.Status', 'Equals', 'On hold')], groups: [] }],
    };
    expect(linkedFilterLost(sent(nested), applied)).toBe(true);
    expect(
      linkedFilterLost(
        sent({ condition: 'And', rows: [row('permit.Status', 'Equals', 'x')], groups: [] }),
        null,
      ),
    ).toBe(true);
    expect(linkedFilterLost('{not json', null)).toBe(true);
    expect(linkedFilterLost('"text"', null)).toBe(true);
  });

  it('is not said when everything asked is applied, or nothing that would filter was asked', () => {
    expect(linkedFilterLost(null, null)).toBe(false);
    expect(linkedFilterLost(sent(applied), applied)).toBe(false);
    // Rows without a value or an operator filter nothing, as the builder leaves them.
    const incomplete = {
      condition: 'And',
      rows: [row('permit.Status', 'Equals', ''), row('permit.Status', '', 'Active')],
      groups: [],
    };
    expect(linkedFilterLost(sent(incomplete), null)).toBe(false);
  });
});

describe("a column's starting width", () => {
  it('fits its header beside the sort arrow and menu, from its type up to a limit', () => {
    // 'POLES' sorted: 40 px of letters and 84 px around them, more than a number's 100.
    expect(defaultWidth(poles)).toBe(124);
    // The permit's status fits its longest badge, 'Cancel requested'.
    expect(defaultWidth(status)).toBe(168);
    // The permit's creation is a moment, shown with its time.
    expect(defaultWidth(created)).toBe(190);
    const review = describeColumn({
      dataId: 'task.x.Status',
      subjectKind: 'Task',
      subjectName: 'Completeness Review',
      name: 'Status',
      type: 'Enum',
    });
    // 'Completeness Review · Status': 28 letters.
    expect(defaultWidth(review)).toBe(28 * 8 + 84);
    const long = describeColumn({
      ...review,
      subjectName: 'A very long task name that nobody shortened at all',
    });
    expect(defaultWidth(long)).toBe(320);
    expect(defaultWidth(undefined)).toBe(160);
  });
});

describe('people a filter names', () => {
  it('lists the people of Users rows whose names are not known, each once', () => {
    const users = describeColumn({
      dataId: 'task.t.PersonAssigned',
      subjectKind: 'Task',
      subjectName: 'Field Walk',
      name: 'Person Assigned',
      type: 'Users',
    });
    const columns = new Map([
      [users.dataId, users],
      [status.dataId, status],
    ]);
    const tree: FilterGroup = {
      condition: 'And',
      rows: [
        { id: 'a', dataId: users.dataId, operator: 'Contains', value: 'u1' },
        { id: 'b', dataId: status.dataId, operator: 'Equals', value: 'Active' },
      ],
      groups: [
        {
          condition: 'Or',
          rows: [
            { id: 'c', dataId: users.dataId, operator: 'NotEquals', value: 'u2' },
            { id: 'd', dataId: users.dataId, operator: 'Contains', value: 'u1' },
            { id: 'e', dataId: users.dataId, operator: 'Contains', value: '' },
          ],
          groups: [],
        },
      ],
    };
    expect(unnamedPeople(tree, columns, new Map())).toEqual(['u1', 'u2']);
    expect(unnamedPeople(tree, columns, new Map([['u1', 'Ann Lee']]))).toEqual(['u2']);
    expect(unnamedPeople(null, columns, new Map())).toEqual([]);
  });
});

describe('keyboardWidth', () => {
  it('narrows and widens a column by the arrows, further with Shift, and to its narrowest with Home', () => {
    expect(keyboardWidth('ArrowRight', false, 160)).toBe(176);
    expect(keyboardWidth('ArrowLeft', false, 160)).toBe(144);
    expect(keyboardWidth('ArrowRight', true, 160)).toBe(224);
    expect(keyboardWidth('Home', false, 300)).toBe(MIN_COLUMN_WIDTH);
  });

  it('keeps a column between its narrowest and widest, and leaves other keys alone', () => {
    expect(keyboardWidth('ArrowLeft', true, MIN_COLUMN_WIDTH + 10)).toBe(MIN_COLUMN_WIDTH);
    expect(keyboardWidth('ArrowRight', true, MAX_COLUMN_WIDTH - 10)).toBe(MAX_COLUMN_WIDTH);
    expect(keyboardWidth('Enter', false, 160)).toBeNull();
    expect(keyboardWidth('ArrowDown', false, 160)).toBeNull();
  });
});

describe('what a change of columns removes', () => {
  const filter: FilterGroup = {
    condition: 'And',
    rows: [
      { id: 'a', dataId: 'permit.Location', operator: 'Contains', value: 'Main' },
      { id: 'b', dataId: 'permit.Status', operator: 'Equals', value: 'Active' },
    ],
    groups: [],
  };
  const state = {
    ...DEFAULT_TRACKER_STATE,
    filter,
    sorts: [{ dataId: 'permit.Location', direction: 'Ascending' as const }],
    summary: [{ dataId: 'permit.ActualPoles', metric: 'Sum' as const }],
  };

  it('counts the filter rows, sorts and sums on the columns taken away', () => {
    const without = DEFAULT_TRACKER_COLUMNS.filter((id) => id !== 'permit.Location');
    const losses = columnChangeLosses(state, applyColumns(state, without));
    expect(losses).toEqual({ filters: 1, sorts: 1, sums: 0 });
    expect(columnLossText(losses, 'applied')).toBe('Removed 1 filter and 1 sort on hidden columns');
    expect(columnLossText(losses, 'pending')).toBe('Applying removes 1 filter and 1 sort on hidden columns');
  });

  it('names each kind in the plural where there are several, and says nothing when nothing goes', () => {
    expect(columnLossText({ filters: 2, sorts: 0, sums: 1 }, 'applied')).toBe(
      'Removed 2 filters and 1 summary value on hidden columns',
    );
    expect(columnLossText({ filters: 1, sorts: 2, sums: 3 }, 'applied')).toBe(
      'Removed 1 filter, 2 sorts and 3 summary values on hidden columns',
    );
    expect(columnChangeLosses(state, applyColumns(state, [...DEFAULT_TRACKER_COLUMNS]))).toEqual({
      filters: 0,
      sorts: 0,
      sums: 0,
    });
    expect(columnLossText({ filters: 0, sorts: 0, sums: 0 }, 'applied')).toBeNull();
  });
});

describe('text filter values', () => {
  it('are trimmed when applied; a value of spaces alone leaves its row out', () => {
    const filter: FilterGroup = {
      condition: 'And',
      rows: [
        { id: 'a', dataId: 'permit.ApplicantName', operator: 'Equals', value: ' Ridgeline Fiber ' },
        { id: 'b', dataId: 'permit.Location', operator: 'Contains', value: '   ' },
        { id: 'c', dataId: 'permit.ActualPoles', operator: 'GreaterThan', value: 2 },
      ],
      groups: [],
    };
    expect(trimTextValues(filter)?.rows.map((row) => row.value)).toEqual(['Ridgeline Fiber', '', 2]);
    expect(applyFilter(DEFAULT_TRACKER_STATE, filter).filter?.rows).toEqual([
      { id: 'a', dataId: 'permit.ApplicantName', operator: 'Equals', value: 'Ridgeline Fiber' },
      { id: 'c', dataId: 'permit.ActualPoles', operator: 'GreaterThan', value: 2 },
    ]);
  });

  it('are picked from the projects or organizations for is and is not on the project and applicant', () => {
    expect(namePickerOf('project.Name', 'Equals')).toBe('projects');
    expect(namePickerOf('permit.ApplicantName', 'NotEquals')).toBe('organizations');
    expect(namePickerOf('permit.ApplicantName', 'Contains')).toBeNull();
    expect(namePickerOf('permit.Location', 'Equals')).toBeNull();
    expect(namePickerOf(null, 'Equals')).toBeNull();
  });
});
