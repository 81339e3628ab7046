import {
  type CustomView,
  type FieldError,
  filterFittingColumns,
  type ParsedCustomViewInput,
  tidyColumnsProblem,
  tidyViewOptions,
  type ViewOptions,
  viewOptionsKey,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { type Catalogue, loadCatalogue } from '../overview/catalogue.ts';
import { requestProblems } from '../overview/request-check.ts';
import { viewScopeOf } from './access.ts';
import type { StoredView, ViewScope } from './repo.ts';

/**
 * The view's columns, filter rows, sorts and summaries cut to those the caller may use: a view shared with
 * another organization may name stages, tasks or properties of projects the caller does not see, and a
 * template may have changed since the view was saved. What is left opens in the tracker without a refusal.
 */
function fitToCatalogue<View extends ViewOptions>(view: View, catalogue: Catalogue): View {
  const columnOf = (dataId: string | null | undefined) =>
    dataId ? catalogue.get(dataId)?.column : undefined;
  return {
    ...view,
    columnOptions: view.columnOptions.filter((dataId) => catalogue.has(dataId)),
    filterOptions: filterFittingColumns(view.filterOptions, columnOf),
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

/**
 * The view as it is saved, with the caller's columns it was checked against, or 400 with every column,
 * filter, sort or summary that cannot be used.
 */
export async function viewToSave(
  ctx: ServiceContext,
  input: ParsedCustomViewInput,
): Promise<{ view: StoredView; catalogue: Catalogue }> {
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
  const tidy = tidyViewOptions(input);
  const tooMany = tidyColumnsProblem(tidy);
  if (tooMany) problems.push({ field: 'body.columnOptions', message: tooMany });
  if (problems.length > 0) {
    throw badRequest(
      'The view names columns, operators or values that cannot be used; see errors.',
      problems,
    );
  }
  const view: StoredView = {
    ...tidy,
    type: input.type,
    name: input.name,
    description: input.description,
    isSummaryVisible: input.isSummaryVisible,
    mapCenter: input.mapCenter ?? null,
    mapZoom: input.mapZoom ?? null,
  };
  return { view, catalogue };
}

const optionsOf = (view: ViewOptions): ViewOptions => ({
  columnOptions: view.columnOptions,
  filterOptions: view.filterOptions,
  sortOptions: view.sortOptions,
  summaryRowOptions: view.summaryRowOptions,
});

/**
 * The columns, filter, sorts and summaries an overwrite by someone other than the owner leaves (the owner's
 * is saved as sent). A view shared with another organization may use columns of projects the caller does not
 * see, which the caller was never shown (`fitted`), and an overwrite never removes them: when the caller is
 * shown every part of the stored view that still exists for anyone (`everyColumn`: a part gone for everyone,
 * such as one whose project was deleted, hides nothing), what was sent is saved; when what was sent is
 * what the caller was shown, the stored options stay as they are (a new name, description or sharing is saved
 * without them); anything else is refused (409) and nothing is written.
 */
export async function optionsToOverwrite(
  stored: ViewOptions,
  sent: ViewOptions,
  catalogue: Catalogue,
  everyColumn: () => Promise<Catalogue>,
): Promise<ViewOptions> {
  const shown = viewOptionsKey(fitToCatalogue(stored, catalogue));
  if (shown === viewOptionsKey(stored)) return optionsOf(sent);
  if (shown === viewOptionsKey(fitToCatalogue(stored, await everyColumn()))) return optionsOf(sent);
  if (viewOptionsKey(sent) === shown) return optionsOf(stored);
  throw conflict(
    'This view uses columns or filters on projects you do not see, so your changes can only be saved as a new view.',
  );
}
