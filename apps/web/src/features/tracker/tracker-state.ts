import {
  ALL_PERMITS_COLUMNS,
  DEFAULT_SORT_OPTIONS,
  type FilterGroup,
  FilterGroupInput,
  type FilterRow,
  filterRowsOf,
  isCompleteRow,
  MAX_OVERVIEW_COLUMNS,
  MAX_OVERVIEW_SORTS,
  MAX_SEARCH_TEXT,
  normalizeFilter,
  type OverviewRequest,
  type OverviewSummaryOption,
  type SortDirection,
  SummaryMetric,
} from '@crossarm/shared';

// The permit tracker's table state as the URL holds it: one parser and one serializer, so that a link
// opens the table exactly as it was. Defaults stay out of the URL; anything unreadable falls back to them.

export interface TrackerSort {
  dataId: string;
  direction: SortDirection;
}

export interface TrackerState {
  /** The columns shown, in order, by dataId. */
  columns: string[];
  /** The applied filter tree (normalized: complete rows only); null when nothing filters. */
  filter: FilterGroup | null;
  sorts: TrackerSort[];
  /** The metric chosen per column for the summary row. */
  summary: OverviewSummaryOption[];
  summaryVisible: boolean;
  search: string;
  /** From 1. */
  page: number;
  pageSize: number;
}

export const TRACKER_PAGE_SIZES = [25, 50, 100, 250, 500] as const;
export const DEFAULT_TRACKER_PAGE_SIZE = 50;

/** The columns of a table nobody has arranged yet: those of 'All Permits'. */
export const DEFAULT_TRACKER_COLUMNS: readonly string[] = ALL_PERMITS_COLUMNS;

export const DEFAULT_TRACKER_STATE: TrackerState = {
  columns: [...DEFAULT_TRACKER_COLUMNS],
  filter: null,
  sorts: [],
  summary: [],
  summaryVisible: false,
  search: '',
  page: 1,
  pageSize: DEFAULT_TRACKER_PAGE_SIZE,
};

/** The URL parameters the tracker owns; others (a view id) are left alone. */
export const TRACKER_PARAM_KEYS = ['cols', 'filter', 'sort', 'sum', 'summary', 'q', 'page', 'size'] as const;

const DATA_ID = /^[A-Za-z0-9._-]{1,200}$/;

function list(value: string | null): string[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function unique<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function readColumns(value: string | null): string[] {
  const columns = unique(
    list(value).filter((id) => DATA_ID.test(id)),
    (id) => id,
  ).slice(0, MAX_OVERVIEW_COLUMNS);
  return columns.length > 0 ? columns : [...DEFAULT_TRACKER_COLUMNS];
}

function readSorts(value: string | null): TrackerSort[] {
  const sorts: TrackerSort[] = [];
  for (const part of list(value)) {
    const [dataId = '', dir] = part.split(':');
    if (!DATA_ID.test(dataId) || (dir !== 'asc' && dir !== 'desc')) continue;
    sorts.push({ dataId, direction: dir === 'asc' ? 'Ascending' : 'Descending' });
  }
  return unique(sorts, (s) => s.dataId).slice(0, MAX_OVERVIEW_SORTS);
}

function readSummary(value: string | null): OverviewSummaryOption[] {
  const options: OverviewSummaryOption[] = [];
  for (const part of list(value)) {
    const [dataId = '', metric] = part.split(':');
    const parsed = SummaryMetric.safeParse(metric);
    if (DATA_ID.test(dataId) && parsed.success) options.push({ dataId, metric: parsed.data });
  }
  return unique(options, (o) => o.dataId).slice(0, MAX_OVERVIEW_COLUMNS);
}

function readFilter(value: string | null): FilterGroup | null {
  if (!value) return null;
  try {
    const parsed = FilterGroupInput.safeParse(JSON.parse(value));
    return parsed.success ? normalizeFilter(parsed.data) : null;
  } catch {
    return null;
  }
}

function readPositive(value: string | null, fallback: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The rows of a filter tree as sent (read as JSON, unchecked) that would filter, at any depth. */
function completeRowsOf(node: unknown): number {
  if (typeof node !== 'object' || node === null) return 0;
  const { rows, groups } = node as { rows?: unknown; groups?: unknown };
  const here = Array.isArray(rows)
    ? rows.filter((row) => typeof row === 'object' && row !== null && isCompleteRow(row as FilterRow)).length
    : 0;
  const below = Array.isArray(groups)
    ? groups.reduce((sum: number, group) => sum + completeRowsOf(group), 0)
    : 0;
  return here + below;
}

/**
 * Whether the address's filter asked for more than the table applies: rows it could not read, or that name
 * columns, operators or values the caller cannot use (a link from someone who sees more, an old link, a
 * hand-edited one). The table then keeps more permits than the link meant, which the tracker says.
 */
export function linkedFilterLost(raw: string | null, applied: FilterGroup | null): boolean {
  if (!raw) return false;
  let tree: unknown;
  try {
    tree = JSON.parse(raw);
  } catch {
    return true;
  }
  if (typeof tree !== 'object' || tree === null) return applied === null;
  return completeRowsOf(tree) > filterRowsOf(applied).length;
}

/** The table state from the URL; each part that cannot be read takes its default. */
export function parseTrackerState(params: URLSearchParams): TrackerState {
  const size = Number(params.get('size'));
  return {
    columns: readColumns(params.get('cols')),
    filter: readFilter(params.get('filter')),
    sorts: readSorts(params.get('sort')),
    summary: readSummary(params.get('sum')),
    summaryVisible: params.get('summary') === '1',
    search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH_TEXT),
    page: readPositive(params.get('page'), 1),
    pageSize: (TRACKER_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_TRACKER_PAGE_SIZE,
  };
}

function sameList(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/** The URL with the table state written in (defaults left out), keeping parameters the tracker does not own. */
export function writeTrackerState(params: URLSearchParams, state: TrackerState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of TRACKER_PARAM_KEYS) next.delete(key);
  if (!sameList(state.columns, DEFAULT_TRACKER_COLUMNS) && state.columns.length > 0)
    next.set('cols', state.columns.join(','));
  const filter = normalizeFilter(state.filter);
  if (filter) next.set('filter', JSON.stringify(filter));
  if (state.sorts.length > 0)
    next.set(
      'sort',
      state.sorts.map((s) => `${s.dataId}:${s.direction === 'Ascending' ? 'asc' : 'desc'}`).join(','),
    );
  if (state.summary.length > 0)
    next.set('sum', state.summary.map((s) => `${s.dataId}:${s.metric}`).join(','));
  if (state.summaryVisible) next.set('summary', '1');
  if (state.search.trim()) next.set('q', state.search.trim());
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_TRACKER_PAGE_SIZE) next.set('size', String(state.pageSize));
  return next;
}

/** The body of `POST permits/overview` for a page of the table. */
export function overviewRequestOf(state: TrackerState): OverviewRequest {
  return {
    pageOptions: { page: state.page - 1, pageSize: state.pageSize },
    columnOptions: state.columns,
    filterOptions: normalizeFilter(state.filter),
    searchOptions: state.search ? { text: state.search } : null,
    sortOptions: state.sorts.length > 0 ? state.sorts : [...DEFAULT_SORT_OPTIONS],
    summaryRowOptions: [],
  };
}

/**
 * The body of the summary request: the same permits, no rows (page 0, size 0), the chosen metrics of the
 * columns shown. Null when there is nothing to sum.
 */
export function summaryRequestOf(state: TrackerState): OverviewRequest | null {
  const shown = new Set(state.columns);
  const summary = state.summary.filter((s) => shown.has(s.dataId));
  if (!state.summaryVisible || summary.length === 0) return null;
  return {
    pageOptions: { page: 0, pageSize: 0 },
    columnOptions: state.columns,
    filterOptions: normalizeFilter(state.filter),
    searchOptions: state.search ? { text: state.search } : null,
    sortOptions: [...DEFAULT_SORT_OPTIONS],
    summaryRowOptions: summary,
  };
}
