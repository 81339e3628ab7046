import {
  distinctColumns,
  type ExportFormat,
  type OverviewRow,
  type ParsedOverviewRequest,
} from '@crossarm/shared';
import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { exportFileName, sendExport } from '../exports/exporter.ts';
import { type Catalogue, loadOverviewContext, type OverviewContext } from './catalogue.ts';
import type { Sql } from './column-sql.ts';
import { exportColumns } from './export-cells.ts';
import { amongCandidates, filterParts, searchSql } from './filter-sql.ts';
import { keptSql } from './kept-sql.ts';
import { pageCellsSql, rowReader } from './page-sql.ts';
import { assertRequestFits } from './request-check.ts';
import { keySetsOf, sortSql } from './sort-sql.ts';
import {
  filterScopeOf,
  type OverviewScope,
  scopeOf,
  visibleAmong,
  visiblePermits,
  visibleProjects,
} from './visibility.ts';

// Exports of the permit overview: exactly what a view shows (its filters, search, sort and visible columns
// in order) for every row, not one page. The ordered ids are found once; the rows are read by id in chunks
// and written as they come (the next chunk read while one is written), so memory holds the ids and two chunks
// at most whatever the number of columns.

/**
 * Rows read per statement while exporting. A chunk lives while it is written, long enough to be promoted to
 * the old generation: small chunks keep the garbage an export leaves between full collections small (at
 * 100,000 rows, 2,000 a chunk let the server grow by about 190 MB before a collection, 500 by about 110 MB).
 */
export const EXPORT_CHUNK_SIZE = 500;

/**
 * The projects whose permits the caller may export (ExportPermits, narrowed by the caller's own set as every
 * project permission is). The overview's visibility (ViewPermits, own permits for attachers) applies on top.
 */
const exportableProjects = (scope: OverviewScope) => visibleProjects(scope, 'ExportPermits');

/** Whether the caller may export the permits of any project whose permits it sees. */
async function mayExportAny(db: Executor, scope: OverviewScope) {
  const result = await sql<{ found: boolean }>`
    SELECT EXISTS (SELECT 1 FROM ${visibleProjects(scope)} vp
      JOIN ${exportableProjects(scope)} ep ON ep.project_id = vp.project_id) AS found`.execute(db);
  return result.rows[0]?.found === true;
}

/**
 * Every permit to export, in the view's order: the visible permits of exportable projects that the filters
 * and search keep. One statement reads the whole filter once (ids only, a few megabytes for 100,000 rows),
 * so the rows that follow are read by id, never by re-running the filter at a growing offset.
 */
async function exportIds(
  db: Executor,
  scope: OverviewScope,
  { catalogue, projects }: OverviewContext,
  body: ParsedOverviewRequest,
) {
  const filter = filterParts(catalogue, body.filterOptions, filterScopeOf(scope, projects));
  const search = searchSql(body.searchOptions?.text, visibleAmong(scope, projects, 'q'));
  const exportable = sql`p.project_id = ANY (ARRAY(SELECT ep.project_id FROM ${exportableProjects(scope)} ep))`;
  // What a kept permit meets besides being a candidate of the filter (see `filterParts`).
  const among = [exportable, filter?.condition ?? null, search].filter((part): part is Sql => part !== null);
  const candidates = filter?.candidates ?? null;
  // Keys are read for many permits at once where they can be, as for a page: for the whole program of a pole
  // owner, and for the permits a filter or a search keeps when they are many.
  const kept =
    among.length > 1 || candidates
      ? keptSql(
          catalogue,
          body,
          [],
          projects,
          sql.join([visibleAmong(scope, projects), ...among], sql` AND `),
          candidates,
        )
      : null;
  if (kept?.first) {
    const result = await sql<{ ids: string[] | null }>`WITH ${kept.ctes}
      SELECT ARRAY(SELECT m.id FROM m ORDER BY ${kept.order}) AS ids`.execute(db);
    return result.rows[0]?.ids ?? [];
  }
  const { joins, order } = sortSql(catalogue, body, kept ? undefined : keySetsOf(projects));
  const result = await sql<{ ids: string[] | null }>`
    SELECT ARRAY(
      SELECT p.id FROM ${visiblePermits(scope, joins)} AND ${amongCandidates(sql.join(among, sql` AND `), candidates)}
      ORDER BY ${order}) AS ids`.execute(db);
  return result.rows[0]?.ids ?? [];
}

/** The shown values of a chunk of permits, in the order of their ids (a permit deleted meanwhile is left out). */
async function exportChunk(db: Executor, catalogue: Catalogue, dataIds: string[], ids: string[]) {
  const { cells, joins } = pageCellsSql(catalogue, dataIds);
  const result = await sql<Record<string, unknown>>`
    SELECT ${sql.join([sql`p.id`, sql`p.project_id`, ...cells])}
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS chunk (id, ord)
    JOIN permits p ON p.id = chunk.id JOIN projects pr ON pr.id = p.project_id ${joins}
    ORDER BY chunk.ord`.execute(db);
  return result.rows.map(rowReader(catalogue, dataIds));
}

/** The rows to export, read a chunk at a time as the file is written, the next chunk while one is written. */
async function* exportRows(
  db: Executor,
  scope: OverviewScope,
  context: OverviewContext,
  body: ParsedOverviewRequest,
  dataIds: string[],
  chunkSize: number,
): AsyncGenerator<OverviewRow> {
  const ids = await exportIds(db, scope, context, body);
  const read = (start: number) => {
    const chunk = exportChunk(db, context.catalogue, dataIds, ids.slice(start, start + chunkSize));
    // Handled where it is awaited; an export that stops early leaves the chunk it had asked for unread.
    chunk.catch(() => {});
    return chunk;
  };
  let next = ids.length > 0 ? read(0) : null;
  for (let start = 0; next; start += chunkSize) {
    const rows = await next;
    // The database reads the next chunk while this one is written.
    next = start + chunkSize < ids.length ? read(start + chunkSize) : null;
    yield* rows;
  }
}

/**
 * Streams the overview as a workbook or CSV file: a header row with the columns' labels, then every row the
 * view keeps, in its order, with typed cells. Rows of projects where the caller lacks ExportPermits are
 * left out (as with every permission, per project); when it may export none of the permits it sees, 403.
 * The page and summary options of the request are ignored.
 */
export async function exportOverview(
  ctx: ServiceContext,
  reply: FastifyReply,
  format: ExportFormat,
  body: ParsedOverviewRequest,
  chunkSize = EXPORT_CHUNK_SIZE,
) {
  const scope = scopeOf(ctx);
  const context = await loadOverviewContext(ctx.db, scope);
  const { catalogue } = context;
  const checked = { ...body, summaryRowOptions: [] };
  assertRequestFits(catalogue, checked);
  const dataIds = distinctColumns(body.columnOptions);
  if (dataIds.length === 0) {
    throw badRequest('Choose at least one column to export.', [
      { field: 'body.columnOptions', message: 'Choose at least one column' },
    ]);
  }
  if (!(await mayExportAny(ctx.db, scope))) {
    throw forbidden(
      'You may not export the permits of any project you see. Ask a project manager for access.',
    );
  }
  const columns = dataIds.map((dataId) => catalogue.get(dataId)!.column);
  return sendExport(reply, {
    format,
    fileName: exportFileName('permits', format, new Date(), ctx.timeZone),
    sheetName: 'Permits',
    columns: exportColumns(columns, format, ctx.timeZone),
    rows: exportRows(ctx.db, scope, context, checked, dataIds, chunkSize),
  });
}
