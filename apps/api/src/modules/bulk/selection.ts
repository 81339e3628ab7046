import {
  MAX_BULK_PERMITS,
  type ParsedBulkSelection,
  type ParsedOverviewRequest,
  type ProjectPermission,
  permitsText,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { loadOverviewContext } from '../overview/catalogue.ts';
import { filterSql, searchSql } from '../overview/filter-sql.ts';
import { requestProblems } from '../overview/request-check.ts';
import { filterScopeOf, scopeOf, visibleAmong, visiblePermits } from '../overview/visibility.ts';
import type { PermitRow } from '../permits/lifecycle.ts';
import { accessTo, type PermitAccess } from '../permits/permit-access.ts';
import { findVisibleProjects } from '../projects/repo.ts';

// Which permits a bulk action takes, and taking them: the ids as listed, or every permit the caller sees that
// matches the tracker's filter and search (the overview's own predicate, so the action takes exactly the
// rows the tracker shows). Then, in the action's transaction, every one is locked in id order and the
// caller's permission checked once per project, before anything is written.

/** The overview request that only filters, for checking the filter's columns as the overview does. */
function filterRequest(filter: NonNullable<ParsedBulkSelection['filter']>): ParsedOverviewRequest {
  return {
    pageOptions: { page: 0, pageSize: 0 },
    columnOptions: [],
    filterOptions: filter.filterOptions,
    searchOptions: filter.searchOptions,
    sortOptions: [],
    summaryRowOptions: [],
  };
}

/** Where a body keeps the selection's filter, for naming it in a 400. */
const SELECTION_FILTER = 'body.selection.filter';

/** The ids of the visible permits matching the filter, in id order; 400 beyond MAX_BULK_PERMITS. */
async function matchingIds(
  ctx: ServiceContext,
  db: Executor,
  filter: NonNullable<ParsedBulkSelection['filter']>,
  field = SELECTION_FILTER,
) {
  const scope = scopeOf(ctx);
  const { catalogue, projects } = await loadOverviewContext(db, scope);
  const request = filterRequest(filter);
  const problems = requestProblems(catalogue, request).map((problem) => ({
    ...problem,
    field: problem.field.replace(/^body\./, `${field}.`),
  }));
  if (problems.length > 0) {
    throw badRequest(
      'The filter names columns, operators or values that cannot be used; see errors.',
      problems,
    );
  }
  const conditions = [
    filterSql(catalogue, request.filterOptions, filterScopeOf(scope, projects)),
    searchSql(request.searchOptions?.text, visibleAmong(scope, projects, 'q')),
  ];
  const parts = conditions.filter((part) => part !== null);
  const where = parts.length > 0 ? sql.join(parts, sql` AND `) : sql`TRUE`;
  const result = await sql<{ id: string }>`
    SELECT p.id FROM ${visiblePermits(scope)} AND ${where}
    ORDER BY p.id LIMIT ${MAX_BULK_PERMITS + 1}`.execute(db);
  if (result.rows.length > MAX_BULK_PERMITS) {
    throw badRequest(`The filter matches more than ${MAX_BULK_PERMITS} permits; narrow it and try again.`, [
      { field, message: `Matches more than ${MAX_BULK_PERMITS} permits` },
    ]);
  }
  if (filter.expectedCount !== undefined && result.rows.length !== filter.expectedCount) {
    throw conflict(
      `The filter now matches ${permitsText(result.rows.length)}, not the ${filter.expectedCount} confirmed; nothing was changed. Review the list and try again.`,
    );
  }
  return result.rows.map((row) => row.id);
}

/**
 * The selected permit ids, each once, in id order. `filterField` is where the body keeps the filter (its
 * `selection.filter` unless the body says otherwise), for naming it in a 400.
 */
export async function selectedIds(
  ctx: ServiceContext,
  db: Executor,
  selection: ParsedBulkSelection,
  filterField = SELECTION_FILTER,
) {
  if (selection.filter) return matchingIds(ctx, db, selection.filter, filterField);
  return [...new Set(selection.permitIds ?? [])].sort();
}

export interface Selected {
  /** The permits in id order (locked until the transaction ends when asked). */
  permits: PermitRow[];
  /** The caller's access to each project the permits are in. */
  access: Map<string, PermitAccess>;
}

/**
 * The selected permits, in id order, with the caller's permission checked on each of their projects. With
 * `lock` they are locked in id order, so two bulk actions never wait on each other. A listed permit the
 * caller does not see (another attacher's, another tenant's, or gone) is 404 for the whole action: nothing
 * says which, and nothing is written.
 */
export async function takeSelection(
  ctx: ServiceContext,
  db: Executor,
  selection: ParsedBulkSelection,
  options: { permission: ProjectPermission; lock: boolean; filterField?: string },
): Promise<Selected> {
  const ids = await selectedIds(ctx, db, selection, options.filterField);
  if (ids.length === 0) return { permits: [], access: new Map() };
  let query = db
    .selectFrom('permits')
    .selectAll()
    .where(
      sql<boolean>`permits.id IN (SELECT p.id FROM ${visiblePermits(scopeOf(ctx))} AND p.id = ANY(${ids}::uuid[]))`,
    )
    .orderBy('id');
  if (options.lock) query = query.forUpdate();
  const permits = await query.execute();
  if (permits.length !== ids.length) {
    throw new AppError(
      'not_found',
      404,
      'Not Found',
      'Some of the selected permits were not found; nothing was changed. Refresh the list and select again.',
    );
  }
  const projects = await findVisibleProjects(
    db,
    ctx.session.organizationId!,
    [...new Set(permits.map((permit) => permit.project_id))],
    ctx.session.user.id,
  );
  const projectOf = new Map(projects.map((project) => [project.id, project]));
  const access = new Map<string, PermitAccess>();
  for (const permit of permits) {
    if (access.has(permit.project_id)) continue;
    const project = projectOf.get(permit.project_id);
    access.set(permit.project_id, accessTo(ctx, permit, project, { permission: options.permission }));
  }
  return { permits, access };
}
