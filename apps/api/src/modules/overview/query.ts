import {
  distinctColumns,
  type OverviewQuery,
  type OverviewRow,
  type OverviewSummaryOption,
  type OverviewSummaryValue,
  type ParsedOverviewRequest,
  type SummaryMetric,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { PREPARED } from '../../db/prepared.ts';
import { builtStatement } from './built-statements.ts';
import type { Catalogue, OverviewContext } from './catalogue.ts';
import { joinsSql, type Sql } from './column-sql.ts';
import { amongCandidates, filterParts, searchedSql, searchSql } from './filter-sql.ts';
import { factsKeptSql, keptSql, PROJECT_JOIN, valuesOf } from './kept-sql.ts';
import { pageCellsSql, rowReader, shownSql } from './page-sql.ts';
import { keySetsOf, sortSql, walkedPageSql } from './sort-sql.ts';
import {
  filterScopeOf,
  type OverviewScope,
  projectList,
  visibleAmong,
  visiblePermits,
} from './visibility.ts';

const METRIC_SQL: Record<SummaryMetric, (x: Sql) => Sql> = {
  Count: (x) => sql`count(${x})::int`,
  Sum: (x) => sql`sum(${x})::float8`,
  Average: (x) => sql`avg(${x})::float8`,
  Min: (x) => sql`min(${x})`,
  Max: (x) => sql`max(${x})`,
};

const summaryValue = (raw: unknown) =>
  raw instanceof Date ? raw.toISOString() : (raw as number | string | null);

export interface OverviewAnswer {
  total: number | null;
  rows: OverviewRow[] | null;
  summary: OverviewSummaryValue[] | null;
}

/** What a request asks for: the page's rows, the totals (count and summary), the summed columns. */
interface Wants {
  rows: boolean;
  totals: boolean;
  summaryOptions: OverviewSummaryOption[];
}

/**
 * The permits a request keeps, as conditions on `p`: `candidates`, the set of ids its filter's places keep
 * (see `filterParts`); `among`, what a kept permit meets besides being a candidate (visible, the rest of the
 * filter, the search); `where`, all of it. `filtered` tells whether anything narrows the visible permits.
 */
function narrowingOf(scope: OverviewScope, context: OverviewContext, body: ParsedOverviewRequest) {
  const { catalogue, projects } = context;
  // The search's parts keep the visible permits as they read them; the visibility condition is checked again
  // on the few rows they find, except for a search alone (`searchedSql`), whose parts are the whole check.
  const filter = filterParts(catalogue, body.filterOptions, filterScopeOf(scope, projects));
  const text = body.searchOptions?.text;
  const narrowing = [filter?.condition ?? null, searchSql(text, visibleAmong(scope, projects, 'q'))].filter(
    (part): part is Sql => part !== null,
  );
  const candidates = filter?.candidates ?? null;
  const among = sql.join([visibleAmong(scope, projects), ...narrowing], sql` AND `);
  return {
    filtered: narrowing.length > 0 || candidates !== null,
    filteredByTree: filter !== null,
    candidates,
    among,
    where: amongCandidates(among, candidates),
    // The facts' condition when they answer the whole filter and nothing else narrows.
    facts: text ? null : (filter?.facts ?? null),
  };
}

/**
 * The one statement answering a request that asks for rows or totals: a row of totals (`total`, `s0`...)
 * joined to each row of the page (`ord`, `id`, `project_id`, `c0`...), or either alone.
 */
function overviewStatement(
  scope: OverviewScope,
  context: OverviewContext,
  body: ParsedOverviewRequest,
  wants: Wants,
): Sql {
  const { catalogue, projects } = context;
  const { filtered, filteredByTree, candidates, among, where, facts } = narrowingOf(scope, context, body);
  const { summaryOptions } = wants;
  const { page, pageSize } = body.pageOptions;
  // Keys are read for all of a pole owner's permits at once where they can be. (A caller who only attaches
  // sees its own permits among the project's, perhaps a few: each of those has its keys read on its own.)
  // The whole program: its sort keys as an index walk reads them (else `sortSql` reads them by sets), and its
  // sums by sets. Permits kept by a filter or a search: see `keptSql` (without a page, no sort key is read).
  const { keys, summed } = valuesOf(catalogue, body, summaryOptions);
  const programSets = filtered ? undefined : keySetsOf(projects);
  const programSummed = programSets ? valuesOf(catalogue, body, summaryOptions, programSets).summed : summed;
  // A search alone, ordered newest first and summing nothing, keeps the permits as it finds them.
  const text = body.searchOptions?.text;
  const searchedOnly =
    text && !filteredByTree && summaryOptions.length === 0 && (!wants.rows || body.sortOptions.length === 0);
  const keptBody = wants.rows ? body : { sortOptions: [] };
  const kept = !filtered
    ? null
    : searchedOnly
      ? searchedSql(text, visibleAmong(scope, projects, 'q'))
      : (facts && factsKeptSql(catalogue, keptBody, summaryOptions, facts)) ||
        keptSql(catalogue, keptBody, summaryOptions, projects, among, candidates);

  const limit = sql`LIMIT ${pageSize} OFFSET ${page * pageSize}`;
  const { cells, joins } = pageCellsSql(catalogue, distinctColumns(body.columnOptions));
  const shown = sql.join([sql`page.ord`, sql`p.id`, sql`p.project_id`, ...cells]);
  const pageOf = (ids: Sql) => sql`SELECT ${shown}
    FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS page (id, ord)
    JOIN permits p ON p.id = page.id JOIN projects pr ON pr.id = p.project_id ${joins}`;
  const totalsOf = (values: Sql[], source: Sql) =>
    sql`SELECT ${sql.join([
      sql`count(*)::int AS total`,
      ...summed.map(
        (item, index) => sql`${METRIC_SQL[item.metric](values[index]!)} AS ${sql.ref(`s${index}`)}`,
      ),
    ])} FROM ${source}`;
  const both = (totalsPart: Sql, rowsPart: Sql) =>
    !wants.rows
      ? totalsPart
      : wants.totals
        ? sql`SELECT totals.*, r.* FROM (${totalsPart}) totals LEFT JOIN LATERAL (${rowsPart}) r ON true`
        : rowsPart;

  if (kept && (kept.first || (wants.rows && wants.totals))) {
    // The kept permits with their sort keys and summed values, read once for the page and the totals.
    return sql`WITH ${kept.ctes} ${both(
      totalsOf(
        summed.map((_, index) => sql.ref(`m.a${index}`)),
        sql`m`,
      ),
      pageOf(sql`SELECT m.id FROM m ORDER BY ${kept.order} ${limit}`),
    )}`;
  }
  // The whole program sorted first by a key an index holds in order reads the index.
  const [first, ...rest] = keys;
  let rowsPart: Sql;
  if (programSets && first?.walk) {
    rowsPart = pageOf(
      walkedPageSql({ ...first, walk: first.walk }, rest, where, projectList(projects), page, pageSize),
    );
  } else {
    const order = sortSql(catalogue, body, programSets);
    rowsPart = pageOf(sql`SELECT p.id FROM permits p ${PROJECT_JOIN}
      ${order.joins} WHERE ${where} ORDER BY ${order.order} ${limit}`);
  }
  return both(
    totalsOf(
      programSummed.map((item) => item.key),
      sql`permits p ${PROJECT_JOIN} ${joinsSql(programSummed.flatMap((item) => item.joins))} WHERE ${where}`,
    ),
    rowsPart,
  );
}

/**
 * Runs a checked request in one statement, whatever the number of rows, columns or filters: the count and
 * the summary row, and the page (its ids found first, in order, then the shown values computed for those
 * rows alone). When a filter or a search narrows the rows and both the page and the totals are asked, the
 * kept permits are found once, with their sort keys and summed values, and both are read from that set; when
 * those keys can be read by sets, the kept permits are found first and, when many, joined to the whole
 * program's key sets (`KEY_SET_LIMITS`).
 *
 * `stillHolds`, when given, is a condition telling whether `context` (kept from an earlier request) still
 * holds: it is evaluated in the same statement, and the answer is null when it does not hold. Without it,
 * nothing asked is nothing read.
 */
export async function runOverview(
  db: Executor,
  scope: OverviewScope,
  context: OverviewContext,
  body: ParsedOverviewRequest,
  flags: Pick<OverviewQuery, 'includeCount' | 'includeData' | 'includeSummary'>,
  stillHolds: Sql | null = null,
): Promise<OverviewAnswer | null> {
  const summaryOptions = flags.includeSummary ? body.summaryRowOptions : [];
  const wants: Wants = {
    rows: flags.includeData === true && body.pageOptions.pageSize > 0,
    totals: flags.includeCount === true || summaryOptions.length > 0,
    summaryOptions,
  };
  let rows: OverviewRow[] | null = flags.includeData ? [] : null;
  let totals: Record<string, unknown> | null = null;
  if (!wants.rows && !wants.totals && stillHolds) {
    const result = await sql<{ context_holds: boolean }>`SELECT ${stillHolds} AS context_holds`.execute(db);
    if (result.rows[0]?.context_holds !== true) return null;
  } else if (wants.rows || wants.totals) {
    // One row at least, which tells whether the context held.
    const statement = builtStatement(
      db,
      { context, lead: stillHolds ?? sql`TRUE`, of: [scope, body, wants] },
      (holds) => sql<Record<string, unknown>>`${PREPARED} SELECT answer.*, ${holds} AS context_holds
        FROM (SELECT 1) one LEFT JOIN LATERAL (${overviewStatement(scope, context, body, wants)}) answer ON true
        ${wants.rows ? sql`ORDER BY answer.ord` : sql``}`,
    );
    const result = await db.executeQuery(statement);
    if (result.rows[0]?.context_holds !== true) return null;
    if (wants.totals) totals = result.rows[0] ?? null;
    if (wants.rows) {
      const read = rowReader(context.catalogue, distinctColumns(body.columnOptions));
      rows = result.rows.filter((raw) => raw.id != null).map(read);
    }
  }
  return {
    rows,
    total: flags.includeCount && totals ? (totals.total as number) : null,
    summary: flags.includeSummary
      ? summaryOptions.map((option, index) => ({
          dataId: option.dataId,
          metric: option.metric,
          value: summaryValue(totals?.[`s${index}`] ?? null),
        }))
      : null,
  };
}

/**
 * One visible permit with the asked columns (none when the caller does not see it), in one statement; with
 * `stillHolds` (see `runOverview`), whether the context it was read with holds.
 */
export async function overviewRow(
  db: Executor,
  scope: OverviewScope,
  catalogue: Catalogue,
  permitId: string,
  dataIds: string[],
  stillHolds: Sql | null = null,
): Promise<{ holds: boolean; row: OverviewRow | undefined }> {
  const unique = distinctColumns(dataIds);
  const shown = shownSql(catalogue, unique);
  const result = await sql<Record<string, unknown>>`${PREPARED}
    SELECT answer.*, ${stillHolds ?? sql`TRUE`} AS context_holds
    FROM (SELECT 1) one LEFT JOIN LATERAL (
      SELECT ${sql.join([sql`p.id`, sql`p.project_id`, ...shown.cells])}
      FROM ${visiblePermits(scope, shown.joins)} AND p.id = ${permitId}) answer ON true`.execute(db);
  const raw = result.rows[0];
  return {
    holds: raw?.context_holds === true,
    row: raw && raw.id != null ? rowReader(catalogue, unique)(raw) : undefined,
  };
}
