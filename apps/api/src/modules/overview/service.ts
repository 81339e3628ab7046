import type {
  OverviewColumnGroup,
  OverviewQuery,
  OverviewResult,
  OverviewRow,
  ParsedOverviewRequest,
} from '@crossarm/shared';
import type { ServiceContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { groupCatalogue, loadCatalogue } from './catalogue.ts';
import { assertRequestFits, overviewRow, runOverview } from './query.ts';
import { scopeOf } from './visibility.ts';

/** The columns the caller may show, filter, sort and sum, grouped by what they are about. */
export async function overviewColumns(ctx: ServiceContext): Promise<OverviewColumnGroup[]> {
  return groupCatalogue(await loadCatalogue(ctx.db, scopeOf(ctx)));
}

/** A page of the permits the caller sees, with the count and the summary row as asked. */
export async function permitOverview(
  ctx: ServiceContext,
  body: ParsedOverviewRequest,
  query: OverviewQuery,
): Promise<OverviewResult> {
  const scope = scopeOf(ctx);
  const catalogue = await loadCatalogue(ctx.db, scope);
  assertRequestFits(catalogue, body);
  const answer = await runOverview(ctx.db, scope, catalogue, body, query);
  return {
    page: body.pageOptions.page,
    pageSize: body.pageOptions.pageSize,
    columns: query.includeColumns
      ? [...new Set(body.columnOptions)].map((dataId) => catalogue.get(dataId)!.column)
      : null,
    ...answer,
  };
}

/** One permit as a row of the overview, to refresh it in place; 404 when the caller does not see it. */
export async function permitOverviewRow(
  ctx: ServiceContext,
  permitId: string,
  columnOptions: string[],
): Promise<OverviewRow> {
  const scope = scopeOf(ctx);
  const catalogue = await loadCatalogue(ctx.db, scope);
  assertRequestFits(catalogue, {
    columnOptions,
    pageOptions: { page: 0, pageSize: 0 },
    sortOptions: [],
    summaryRowOptions: [],
  });
  const row = await overviewRow(ctx.db, scope, catalogue, permitId, columnOptions);
  if (!row) throw notFound('The permit');
  return row;
}
