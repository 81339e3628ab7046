import { type FilterGroup, MAX_OVERVIEW_COLUMNS } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import { hasUnsavedChanges, viewInputOf } from '../views/view-state';
import { applyFilter, withFilteredColumns } from './tracker-columns';
import { DEFAULT_TRACKER_STATE } from './tracker-state';

const row = (id: string, dataId: string, value: unknown = 'x') => ({
  id,
  dataId,
  operator: 'Equals' as const,
  value,
});

/** Permits whose pole survey has not started, or whose next-up task is assigned to someone. */
const hidden: FilterGroup = {
  condition: 'And',
  rows: [row('a', 'task.survey.Status', 'NotStarted')],
  groups: [
    {
      condition: 'Or',
      rows: [row('b', 'workflow.NextUpTaskAssignees', 'u1'), row('c', 'permit.Status', 'Active')],
      groups: [],
    },
  ],
};

describe('a filter on a column the table does not show', () => {
  it('shows the columns it filters by, after the others, each once', () => {
    const next = applyFilter(DEFAULT_TRACKER_STATE, hidden);
    expect(next.columns).toEqual([
      ...DEFAULT_TRACKER_STATE.columns,
      'task.survey.Status',
      'workflow.NextUpTaskAssignees',
    ]);
    expect(applyFilter(next, hidden).columns).toEqual(next.columns);
  });

  it('is kept when the table is saved as a view, and counts as an unsaved change', () => {
    const next = applyFilter(DEFAULT_TRACKER_STATE, hidden);
    const saved = viewInputOf(next, { name: 'Survey', description: '' });
    expect(saved.filterOptions).toEqual(hidden);
    const allPermits = {
      columnOptions: [...DEFAULT_TRACKER_STATE.columns],
      filterOptions: null,
      sortOptions: [],
      summaryRowOptions: [],
      isSummaryVisible: false,
    };
    expect(hasUnsavedChanges(next, allPermits)).toBe(true);
  });

  it('adds no more columns than the table holds', () => {
    const full = Array.from({ length: MAX_OVERVIEW_COLUMNS }, (_, index) => `permit.C${index}`);
    expect(withFilteredColumns(full, hidden)).toEqual(full);
  });
});
