import {
  columnTitle,
  type FilterGroup,
  filterFittingColumns,
  filterOnColumns,
  filterRowsOf,
  formatDate,
  formatDateTime,
  formatNumber,
  MAX_OVERVIEW_COLUMNS,
  MAX_OVERVIEW_SORTS,
  normalizeFilter,
  type OverviewCell,
  type OverviewColumn,
  type OverviewColumnGroup,
  OverviewSubjectKind,
  type SummaryMetric,
  tidyViewOptions,
} from '@crossarm/shared';
import { trimTextValues } from './tracker-filter';
import type { TrackerSort, TrackerState } from './tracker-state';

// The rules of the tracker's columns: what applying a new set of columns does to sorts, filters and the
// summary, how header clicks sort, and how cells and summary values read.

/** The order of the column picker's groups. */
export const SUBJECT_KIND_ORDER: readonly OverviewSubjectKind[] = OverviewSubjectKind.options;

export const SUBJECT_KIND_LABELS: Record<OverviewSubjectKind, string> = {
  Project: 'Project',
  JointUseProject: 'Joint use project',
  Permit: 'Permit',
  Workflow: 'Workflow',
  Stage: 'Stage',
  Task: 'Task',
  Property: 'Property',
  Metadata: 'Metadata',
};

/** The caller's columns by dataId. */
export function columnsById(groups: readonly OverviewColumnGroup[]): Map<string, OverviewColumn> {
  return new Map(groups.flatMap((group) => group.columns.map((column) => [column.dataId, column] as const)));
}

/** The picker's groups in their order, with only the columns whose name (or owner's name) holds the text. */
export function pickerGroups(groups: readonly OverviewColumnGroup[], text: string): OverviewColumnGroup[] {
  const needle = text.trim().toLowerCase();
  const matches = (column: OverviewColumn) =>
    !needle ||
    column.name.toLowerCase().includes(needle) ||
    (column.subjectName ?? '').toLowerCase().includes(needle);
  return [...groups]
    .sort((a, b) => SUBJECT_KIND_ORDER.indexOf(a.subjectKind) - SUBJECT_KIND_ORDER.indexOf(b.subjectKind))
    .map((group) => ({ ...group, columns: group.columns.filter(matches) }))
    .filter((group) => group.columns.length > 0);
}

/**
 * The state with a new set of columns: sorts, filter rows and summary metrics on columns no longer shown
 * are removed, and paging starts over. The filter loses its rows on removed columns first, so removing the
 * project-name column removes its filter rather than bringing the column back for it.
 */
export function applyColumns(state: TrackerState, columns: readonly string[]): TrackerState {
  const tidy = tidyViewOptions({
    columnOptions: columns,
    filterOptions: columns.length > 0 ? filterOnColumns(state.filter, columns) : state.filter,
    sortOptions: state.sorts,
    summaryRowOptions: state.summary,
  });
  return {
    ...state,
    columns: tidy.columnOptions,
    sorts: tidy.sortOptions,
    filter: tidy.filterOptions,
    summary: tidy.summaryRowOptions,
    page: 1,
  };
}

/** What applying new columns removed from the table: filter rows, sorts and summary metrics. */
export interface ColumnChangeLosses {
  filters: number;
  sorts: number;
  sums: number;
}

/** The filter rows, sorts and summary metrics a change of columns (`before` to `after`) removed. */
export function columnChangeLosses(before: TrackerState, after: TrackerState): ColumnChangeLosses {
  const rows = (state: TrackerState) => filterRowsOf(normalizeFilter(state.filter)).length;
  return {
    filters: Math.max(0, rows(before) - rows(after)),
    sorts: Math.max(0, before.sorts.length - after.sorts.length),
    sums: Math.max(0, before.summary.length - after.summary.length),
  };
}

const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * What to say about the losses: 'Removed 1 filter and 1 sort on hidden columns' once applied, 'Applying
 * removes …' before; null when nothing is removed.
 */
export function columnLossText(losses: ColumnChangeLosses, when: 'applied' | 'pending'): string | null {
  const parts = [
    losses.filters > 0 ? counted(losses.filters, 'filter') : null,
    losses.sorts > 0 ? counted(losses.sorts, 'sort') : null,
    losses.sums > 0 ? counted(losses.sums, 'summary value') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `${when === 'applied' ? 'Removed' : 'Applying removes'} ${list} on hidden columns`;
}

/**
 * The columns with those the filter filters by added at the end when missing (the project name among
 * them), as many as the table holds: a view keeps only the filters of its columns, so a filter on a
 * column not shown would be lost when the view is saved.
 */
export function withFilteredColumns(columns: readonly string[], filter: FilterGroup | null): string[] {
  const next = [...columns];
  for (const row of filterRowsOf(normalizeFilter(filter))) {
    if (row.dataId && !next.includes(row.dataId) && next.length < MAX_OVERVIEW_COLUMNS) next.push(row.dataId);
  }
  return next;
}

/**
 * The state with a filter applied: text values trimmed, normalized, on the first page, with the columns it
 * filters by shown.
 */
export function applyFilter(state: TrackerState, filter: FilterGroup | null): TrackerState {
  const normalized = normalizeFilter(trimTextValues(filter));
  return { ...state, filter: normalized, columns: withFilteredColumns(state.columns, normalized), page: 1 };
}

/**
 * The sorts after a header click. A plain click sorts by the column alone (ascending, then descending,
 * then not at all); a shift-click adds it after the others, or turns it the same way in place.
 */
export function toggleSort(sorts: readonly TrackerSort[], dataId: string, additive: boolean): TrackerSort[] {
  const current = sorts.find((sort) => sort.dataId === dataId);
  if (!additive) {
    if (!current || sorts.length > 1) return [{ dataId, direction: 'Ascending' }];
    return current.direction === 'Ascending' ? [{ dataId, direction: 'Descending' }] : [];
  }
  if (!current) return [...sorts, { dataId, direction: 'Ascending' as const }].slice(0, MAX_OVERVIEW_SORTS);
  if (current.direction === 'Ascending')
    return sorts.map((sort) =>
      sort.dataId === dataId ? { dataId, direction: 'Descending' as const } : sort,
    );
  return sorts.filter((sort) => sort.dataId !== dataId);
}

/** The summary options with a column's metric set, or removed when null. */
export function setMetric(
  summary: TrackerState['summary'],
  dataId: string,
  metric: SummaryMetric | null,
): TrackerState['summary'] {
  const others = summary.filter((option) => option.dataId !== dataId);
  return metric ? [...others, { dataId, metric }] : others;
}

/** Numbers and durations line up on the right. */
export function isNumericColumn(column: Pick<OverviewColumn, 'type'> | undefined): boolean {
  return column?.type === 'Number' || column?.type === 'Duration';
}

/** A duration in days: '3.5 d'. */
export function formatDays(value: number): string {
  return `${formatNumber(value)} d`;
}

/**
 * A cell as text: days as 'MMM dd, yyyy' and moments (when the permit was created, its last activity) as
 * local date and time, option labels, people's names, numbers grouped; '' when empty (nothing, a blank
 * text or an option without a label alike), which the table shows as `EMPTY_CELL`.
 */
export function cellText(column: OverviewColumn | undefined, value: OverviewCell | undefined): string {
  return readCell(column, value).trim();
}

function readCell(column: OverviewColumn | undefined, value: OverviewCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? item : item.name)).join(', ');
  }
  if (typeof value === 'object') {
    return `${value.workflow} v${value.version} · ${value.files} files · ${value.comments} comments`;
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return column?.type === 'Duration' ? formatDays(value) : formatNumber(value);
  switch (column?.type) {
    case 'Date':
      return formatDateTime(value);
    case 'Enum':
      return column.options?.find((option) => option.value === value)?.label || value;
    default:
      return value;
  }
}

export const METRIC_LABELS: Record<SummaryMetric, string> = {
  Count: 'Count',
  Sum: 'Sum',
  Average: 'Average',
  Min: 'Min',
  Max: 'Max',
};

/** A summary value as text: counts are whole numbers, date minimums and maximums are days. */
export function summaryText(
  column: OverviewColumn | undefined,
  metric: SummaryMetric,
  value: number | string | null,
): string {
  if (value === null) return '—';
  if (metric === 'Count') return typeof value === 'number' ? formatNumber(value) : value;
  if (typeof value === 'string') return column?.type === 'Date' ? formatDate(value) || value : value;
  return column?.type === 'Duration' ? formatDays(value) : formatNumber(value);
}

/**
 * A summary cell as one line, the metric before its value: 'Average 19.87 d', or 'Sum …' while it loads.
 * A narrow column cuts the cell short, so this is also its tooltip and what a screen reader hears.
 */
export function summaryCellText(
  column: OverviewColumn | undefined,
  metric: SummaryMetric,
  value: number | string | null | undefined,
): string {
  return `${METRIC_LABELS[metric]} ${value === undefined ? '…' : summaryText(column, metric, value)}`;
}

/** '1,234 permits', '1 permit'. */
export function permitCountText(total: number): string {
  return `${formatNumber(total)} ${total === 1 ? 'permit' : 'permits'}`;
}

/**
 * The state reduced to what the caller's columns allow (a link may carry columns someone else sees, or a
 * column since removed): unknown columns, sorts on columns that do not sort, metrics that do not fit, and
 * filter rows on unknown columns or with values that no longer fit are left out. With no known column
 * left, the default columns the caller has are shown; the columns the kept filter rows are on are shown too.
 */
export function fitToCatalogue(
  state: TrackerState,
  columns: ReadonlyMap<string, OverviewColumn>,
  defaults: readonly string[],
): TrackerState {
  let known = state.columns.filter((id) => columns.has(id));
  if (known.length === 0) known = defaults.filter((id) => columns.has(id));
  const filter = filterFittingColumns(state.filter, (id) => columns.get(id));
  // A linked filter on a column the table does not show brings the column, as the filter builder does, so
  // that saving the view keeps the filter.
  const shown = withFilteredColumns(known, filter);
  return {
    ...state,
    columns: shown,
    sorts: state.sorts.filter((sort) => columns.get(sort.dataId)?.sortable && shown.includes(sort.dataId)),
    summary: state.summary.filter((option) => columns.get(option.dataId)?.metrics.includes(option.metric)),
    filter,
  };
}

const WIDTH_BY_TYPE: Record<OverviewColumn['type'], number> = {
  Text: 180,
  Number: 100,
  Date: 140,
  Enum: 150,
  Users: 180,
  Duration: 110,
  Boolean: 90,
  Files: 200,
  Metadata: 260,
};
/**
 * Columns that start wider than their type: the permit number and location, the moments (shown with their
 * time), and the permit's status, whose longest badge ('Cancel requested') is shown whole.
 */
const WIDTH_BY_COLUMN: Readonly<Record<string, number>> = {
  'permit.PermitNumber': 150,
  'permit.Location': 220,
  'permit.CreateDate': 190,
  'permit.LastActivity': 190,
  'permit.Status': 168,
};
/** A header's letters (small, bold capitals) and what stands beside them: padding, sort arrow and order, menu. */
const HEADER_LETTER_PX = 8;
const HEADER_CHROME_PX = 84;
/** A long header widens its column up to this; the rest is cut short, with the whole title on hover. */
const MAX_STARTING_WIDTH = 320;

/**
 * A column's starting width: by its type (a few permit columns wider, `WIDTH_BY_COLUMN`), and wide enough
 * for its header's title beside its sort arrow and menu, up to a limit.
 */
export function defaultWidth(column: OverviewColumn | undefined): number {
  if (!column) return 160;
  const base = WIDTH_BY_COLUMN[column.dataId] ?? WIDTH_BY_TYPE[column.type];
  const header = Math.ceil(columnTitle(column).length * HEADER_LETTER_PX) + HEADER_CHROME_PX;
  return Math.max(base, Math.min(MAX_STARTING_WIDTH, header));
}

/** The narrowest a column may be made. */
export const MIN_COLUMN_WIDTH = 64;
/** The widest a column may be made. */
export const MAX_COLUMN_WIDTH = 1200;
/** How far an arrow key moves a column's edge; with Shift, four times as far. */
const KEYBOARD_STEP_PX = 16;

/**
 * A column's width after a key on its resize handle: the arrows narrow and widen it (Shift for bigger
 * steps), Home makes it as narrow as it goes; other keys leave it (null).
 */
export function keyboardWidth(key: string, shift: boolean, width: number): number | null {
  const step = KEYBOARD_STEP_PX * (shift ? 4 : 1);
  const next: Record<string, number> = {
    ArrowLeft: width - step,
    ArrowRight: width + step,
    Home: MIN_COLUMN_WIDTH,
  };
  const target = next[key];
  return target === undefined ? null : Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, target));
}
