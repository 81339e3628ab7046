import {
  type CustomView,
  type CustomViewInput,
  DEFAULT_DASHBOARD_VIEW_ID,
  type OverviewColumn,
  tidyViewOptions,
  type ViewListItem,
  type ViewPermissionLevel,
  type ViewPermissions,
  viewOptionsKey,
} from '@crossarm/shared';
import { fitToCatalogue } from '../tracker/tracker-columns';
import {
  DEFAULT_TRACKER_COLUMNS,
  DEFAULT_TRACKER_STATE,
  TRACKER_PARAM_KEYS,
  type TrackerState,
} from '../tracker/tracker-state';

// Saved views and the tracker's table state: a view fills the table, the table is saved as a view, and the
// two are compared to tell whether the table has unsaved changes.

/** The URL parameter naming the open view. */
export const VIEW_PARAM = 'view';

/** The page of the dashboards: a dashboard view opens there, not in the tracker. */
export const DASHBOARD_PATH = '/permitting/dashboard';

/** Whether a view is a dashboard, which the tracker cannot show as a table. */
export function isDashboardView(view: { id: string; type?: CustomView['type'] }): boolean {
  return view.id === DEFAULT_DASHBOARD_VIEW_ID || view.type === 'Dashboard';
}

/** The saved parts of a view, as the tracker shows them. */
type SavedParts = Pick<
  CustomView,
  'columnOptions' | 'filterOptions' | 'sortOptions' | 'summaryRowOptions' | 'isSummaryVisible'
>;

/** Whether the URL already carries table state (then it wins over the view's saved state). */
export function hasTableState(params: URLSearchParams): boolean {
  return TRACKER_PARAM_KEYS.some((key) => params.has(key));
}

/** The table a view opens: its columns (those of 'All Permits' when it names none), filter, sorts and summary. */
export function trackerStateOfView(view: SavedParts): TrackerState {
  const tidy = tidyViewOptions({
    columnOptions: view.columnOptions,
    filterOptions: view.filterOptions,
    sortOptions: view.sortOptions,
    summaryRowOptions: view.summaryRowOptions,
  });
  return {
    ...DEFAULT_TRACKER_STATE,
    columns: tidy.columnOptions.length > 0 ? tidy.columnOptions : [...DEFAULT_TRACKER_COLUMNS],
    filter: tidy.filterOptions,
    sorts: tidy.sortOptions,
    summary: tidy.summaryRowOptions,
    summaryVisible: view.isSummaryVisible,
  };
}

/** The table's columns, filter, sorts and summaries, as a view names them. */
function optionsOfState(state: TrackerState) {
  return {
    columnOptions: state.columns,
    filterOptions: state.filter,
    sortOptions: state.sorts,
    summaryRowOptions: state.summary,
  };
}

/** The body that saves the table as a table view; `permissions` left out keeps them as they are. */
export function viewInputOf(
  state: TrackerState,
  details: { name: string; description: string; permissions?: ViewPermissions },
): CustomViewInput {
  const tidy = tidyViewOptions(optionsOfState(state));
  return {
    name: details.name.trim(),
    description: details.description.trim(),
    type: 'Table',
    ...tidy,
    isSummaryVisible: state.summaryVisible,
    ...(details.permissions ? { permissions: details.permissions } : {}),
  };
}

/**
 * What the save dialog says about the table's search, which a view does not keep (it saves columns,
 * filters, sorts and the summary): null when there is no search.
 */
export function unsavedSearchNote(state: Pick<TrackerState, 'search'>): string | null {
  const search = state.search.trim();
  return search ? `The search “${search}” is not saved with the view.` : null;
}

/** The saved parts of a table, in one comparable form. */
function savedKey(state: TrackerState): string {
  return JSON.stringify([viewOptionsKey(optionsOfState(state)), state.summaryVisible]);
}

/**
 * Whether the table differs from the view as saved (search and paging are not saved, so they do not count).
 * Given the caller's columns, both are compared as the table shows them: what the caller's columns leave
 * out (a filter row whose operator does not apply to its column, a column someone else sees) is not a
 * change the user made.
 */
export function hasUnsavedChanges(
  state: TrackerState,
  view: SavedParts,
  columns?: ReadonlyMap<string, OverviewColumn>,
): boolean {
  const shown = (table: TrackerState) =>
    columns ? fitToCatalogue(table, columns, DEFAULT_TRACKER_COLUMNS) : table;
  return savedKey(shown(state)) !== savedKey(shown(trackerStateOfView(view)));
}

/**
 * The table once the view it shows is saved again (by someone it is shared with, or on another page): the new
 * version from its first page, keeping the search and page size, when the table has no changes of its own
 * against the version it showed; null when it has (they are kept, and the view's dot says they differ), and
 * when the new version shows the same table (only its name or sharing changed: the page stays where it is).
 */
export function followSavedView(
  state: TrackerState,
  shown: SavedParts,
  saved: SavedParts,
  columns?: ReadonlyMap<string, OverviewColumn>,
): TrackerState | null {
  if (hasUnsavedChanges(state, shown, columns)) return null;
  if (!hasUnsavedChanges(trackerStateOfView(shown), saved, columns)) return null;
  return { ...trackerStateOfView(saved), search: state.search, pageSize: state.pageSize };
}

/**
 * Whether a new version of the open view, saved elsewhere, clashes with the table's own changes: the table
 * has changes against the version it showed, the new version shows another table than that one, and the
 * table is not already the new version (as after this page's own save). The page then asks whether to load
 * the new version; saving without asking would replace it.
 */
export function clashesWithSavedView(
  state: TrackerState,
  shown: SavedParts,
  saved: SavedParts,
  columns?: ReadonlyMap<string, OverviewColumn>,
): boolean {
  return (
    hasUnsavedChanges(state, shown, columns) &&
    hasUnsavedChanges(state, saved, columns) &&
    hasUnsavedChanges(trackerStateOfView(shown), saved, columns)
  );
}

/** The views of the menu: system views first, then the rest in the server's order. */
export function menuOrder(views: readonly ViewListItem[]): ViewListItem[] {
  return [...views.filter((view) => view.isSystem), ...views.filter((view) => !view.isSystem)];
}

/** One row of the share dialog: a person or an organization with a level. */
export interface ShareRow {
  kind: 'user' | 'organization';
  id: string;
  name: string;
  permission: Exclude<ViewPermissionLevel, 'None'>;
}

/** The permissions to save from the share dialog's rows (each person and organization once). */

export function permissionsOf(rows: readonly ShareRow[]): ViewPermissions {
  const seen = new Set<string>();
  const users: ViewPermissions['users'] = [];
  const organizations: ViewPermissions['organizations'] = [];
  for (const row of rows) {
    const key = `${row.kind}:${row.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (row.kind === 'user') users.push({ userId: row.id, permission: row.permission });
    else organizations.push({ id: row.id, permission: row.permission });
  }
  return { users, organizations };
}
