import {
  distinctColumns,
  type OverviewColumnGroup,
  type OverviewQuery,
  type OverviewResult,
  type OverviewRow,
  type ParsedOverviewRequest,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { ServiceContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import {
  CONTEXT_VERSION_SQL,
  groupCatalogue,
  loadOverviewContext,
  type OverviewContext,
} from './catalogue.ts';
import type { Sql } from './column-sql.ts';
import { overviewRow, runOverview } from './query.ts';
import { assertRequestFits, requestProblems } from './request-check.ts';
import { type OverviewScope, scopeOf } from './visibility.ts';

// The overview context (visible projects and columns) each caller had last, per database handle: a page
// then takes one statement after signing in. Bounded; the oldest caller is dropped first.
const MAX_KEPT_CONTEXTS = 500;
const keptContexts = new WeakMap<object, Map<string, OverviewContext>>();
const scopeKey = (scope: OverviewScope) => `${scope.organizationId}/${scope.userId}`;

function keptContext(db: object, scope: OverviewScope) {
  return keptContexts.get(db)?.get(scopeKey(scope));
}

function keepContext(db: object, scope: OverviewScope, context: OverviewContext) {
  let kept = keptContexts.get(db);
  if (!kept) {
    kept = new Map();
    keptContexts.set(db, kept);
  }
  kept.delete(scopeKey(scope));
  kept.set(scopeKey(scope), context);
  if (kept.size > MAX_KEPT_CONTEXTS) kept.delete(kept.keys().next().value!);
}

/** The caller's context read afresh, and kept for its next requests. */
async function freshContext(ctx: Pick<ServiceContext, 'db'>, scope: OverviewScope) {
  const context = await loadOverviewContext(ctx.db, scope);
  keepContext(ctx.db, scope, context);
  return context;
}

/**
 * Checks the request against the caller's context and runs it. A kept context is used as is, with a
 * condition that the statement reading the permits evaluates (does the context still hold?); when it no
 * longer holds (`run` answers null), or when it refuses the request (a template may have been published
 * since), the context is read afresh and the request checked and run again. A session kept from an earlier
 * request (`ctx.sessionCheck`) is confirmed by the same statement, or read afresh with the context.
 */
async function withContext<T>(
  ctx: ServiceContext,
  request: ParsedOverviewRequest,
  run: (context: OverviewContext, scope: OverviewScope, stillHolds: Sql | null) => Promise<T | null>,
): Promise<{ context: OverviewContext; answer: T }> {
  const check = ctx.sessionCheck && !ctx.sessionCheck.confirmed ? ctx.sessionCheck : null;
  let scope = scopeOf(ctx);
  const kept = keptContext(ctx.db, scope);
  if (kept && requestProblems(kept.catalogue, request).length === 0) {
    const contextHolds = sql`${CONTEXT_VERSION_SQL} = ${kept.version}::bigint`;
    const answer = await run(kept, scope, check ? sql`${contextHolds} AND ${check.holds}` : contextHolds);
    if (answer !== null) {
      check?.confirm();
      return { context: kept, answer };
    }
  }
  if (check) scope = scopeOf({ ...ctx, session: await check.refresh() });
  const context = await freshContext(ctx, scope);
  assertRequestFits(context.catalogue, request);
  return { context, answer: (await run(context, scope, null))! };
}

/** The columns the caller may show, filter, sort and sum, grouped by what they are about. */
export async function overviewColumns(ctx: ServiceContext): Promise<OverviewColumnGroup[]> {
  return groupCatalogue((await freshContext(ctx, scopeOf(ctx))).catalogue);
}

/** A page of the permits the caller sees, with the count and the summary row as asked. */
export async function permitOverview(
  ctx: ServiceContext,
  body: ParsedOverviewRequest,
  query: OverviewQuery,
): Promise<OverviewResult> {
  const { context, answer } = await withContext(ctx, body, (context, scope, stillHolds) =>
    runOverview(ctx.db, scope, context, body, query, stillHolds),
  );
  return {
    page: body.pageOptions.page,
    pageSize: body.pageOptions.pageSize,
    columns: query.includeColumns
      ? distinctColumns(body.columnOptions).map((dataId) => context.catalogue.get(dataId)!.column)
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
  const request = {
    columnOptions,
    pageOptions: { page: 0, pageSize: 0 },
    sortOptions: [],
    summaryRowOptions: [],
  };
  const { answer } = await withContext(ctx, request, async (context, scope, stillHolds) => {
    const read = await overviewRow(ctx.db, scope, context.catalogue, permitId, columnOptions, stillHolds);
    return read.holds ? { row: read.row } : null;
  });
  if (!answer.row) throw notFound('The permit');
  return answer.row;
}
