import {
  type CustomView,
  type FieldError,
  type FilterGroup,
  type FilterRow,
  filterValueProblem,
  isCompleteRow,
  normalizeFilter,
  type ParsedCustomViewInput,
  tidyViewOptions,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { type Catalogue, loadCatalogue } from '../overview/catalogue.ts';
import { requestProblems } from '../overview/request-check.ts';
import { viewScopeOf } from './access.ts';
import type { StoredView, ViewScope } from './repo.ts';

/**
 * The view's columns, filter rows, sorts and summaries cut to those the caller may use: a view shared with
 * another organization may name stages, tasks or properties of projects the caller does not see, and a
 * template may have changed since the view was saved. What is left opens in the tracker without a refusal.
 */
function fitToCatalogue(view: CustomView, catalogue: Catalogue): CustomView {
  const columnOf = (dataId: string | null | undefined) =>
    dataId ? catalogue.get(dataId)?.column : undefined;
  const usable = (row: FilterRow) => {
    if (!isCompleteRow(row)) return false;
    const column = columnOf(row.dataId);
    return (
      !!column && column.operators.includes(row.operator) && filterValueProblem(column, row.value) === null
    );
  };
  const prune = (group: FilterGroup): FilterGroup => ({
    condition: group.condition,
    rows: group.rows.filter(usable),
    groups: group.groups.map(prune),
  });
  return {
    ...view,
    columnOptions: view.columnOptions.filter((dataId) => catalogue.has(dataId)),
    filterOptions: view.filterOptions && normalizeFilter(prune(view.filterOptions)),
    sortOptions: view.sortOptions.filter((sort) => columnOf(sort.dataId)?.sortable),
    summaryRowOptions: view.summaryRowOptions.filter((option) =>
      columnOf(option.dataId)?.metrics.includes(option.metric),
    ),
  };
}

/** The views as the caller opens them: fitted to the caller's columns (one catalogue read for all). */
export async function fitted(db: Executor, scope: ViewScope, views: CustomView[]): Promise<CustomView[]> {
  if (views.every((view) => view.isSystem)) return views;
  const catalogue = await loadCatalogue(db, scope);
  return views.map((view) => (view.isSystem ? view : fitToCatalogue(view, catalogue)));
}

/** The view as it is saved, or 400 with every column, filter, sort or summary that cannot be used. */
export async function viewToSave(ctx: ServiceContext, input: ParsedCustomViewInput): Promise<StoredView> {
  const catalogue = await loadCatalogue(ctx.db, viewScopeOf(ctx));
  const problems: FieldError[] = requestProblems(catalogue, {
    pageOptions: { page: 0, pageSize: 0 },
    columnOptions: input.columnOptions,
    filterOptions: input.filterOptions,
    searchOptions: null,
    sortOptions: input.sortOptions,
    summaryRowOptions: input.summaryRowOptions,
  });
  if (input.type === 'Table' && input.columnOptions.length === 0) {
    problems.push({ field: 'body.columnOptions', message: 'A table view shows at least one column' });
  }
  if (problems.length > 0) {
    throw badRequest(
      'The view names columns, operators or values that cannot be used; see errors.',
      problems,
    );
  }
  return {
    ...tidyViewOptions(input),
    type: input.type,
    name: input.name,
    description: input.description,
    isSummaryVisible: input.isSummaryVisible,
    mapCenter: input.mapCenter ?? null,
    mapZoom: input.mapZoom ?? null,
  };
}
