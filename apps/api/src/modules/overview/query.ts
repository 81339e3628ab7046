import {
  type FieldError,
  type FilterGroup,
  filterValueProblem,
  isCompleteRow,
  normalizeFilter,
  type OverviewQuery,
  type OverviewRow,
  type OverviewSummaryValue,
  type ParsedOverviewRequest,
  type SummaryMetric,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';
import { badRequest } from '../../http/errors.ts';
import type { Catalogue, CatalogueColumn } from './catalogue.ts';
import type { Sql } from './column-sql.ts';
import { type OverviewScope, visiblePermits } from './visibility.ts';

const UNKNOWN_COLUMN = 'No such column among the ones you may use';

/** Every problem with the request's columns, operators and values, each named by its path in the body. */
export function requestProblems(catalogue: Catalogue, body: ParsedOverviewRequest): FieldError[] {
  const problems: FieldError[] = [];
  const problem = (field: string, message: string) => {
    problems.push({ field: `body.${field}`, message });
  };
  body.columnOptions.forEach((dataId, index) => {
    if (!catalogue.has(dataId)) problem(`columnOptions.${index}`, UNKNOWN_COLUMN);
  });
  const walk = (group: FilterGroup, path: string) => {
    group.rows.forEach((row, index) => {
      if (!isCompleteRow(row)) return;
      const at = `${path}.rows.${index}`;
      const column = catalogue.get(row.dataId)?.column;
      if (!column) {
        problem(`${at}.dataId`, UNKNOWN_COLUMN);
      } else if (!column.operators.includes(row.operator)) {
        problem(
          `${at}.operator`,
          column.operators.length === 0
            ? `${column.name} cannot be filtered`
            : `${row.operator} does not apply to ${column.name}; use ${column.operators.join(', ')}`,
        );
      } else {
        const valueProblem = filterValueProblem(column, row.value);
        if (valueProblem) problem(`${at}.value`, valueProblem);
      }
    });
    group.groups.forEach((child, index) => {
      walk(child, `${path}.groups.${index}`);
    });
  };
  if (body.filterOptions) walk(body.filterOptions, 'filterOptions');
  body.sortOptions.forEach((sort, index) => {
    if (!sort.dataId) return;
    const column = catalogue.get(sort.dataId)?.column;
    if (!column) problem(`sortOptions.${index}.dataId`, UNKNOWN_COLUMN);
    else if (!column.sortable) problem(`sortOptions.${index}.dataId`, `${column.name} cannot be sorted`);
  });
  body.summaryRowOptions.forEach((option, index) => {
    const column = catalogue.get(option.dataId)?.column;
    if (!column) problem(`summaryRowOptions.${index}.dataId`, UNKNOWN_COLUMN);
    else if (!column.metrics.includes(option.metric)) {
      problem(
        `summaryRowOptions.${index}.metric`,
        column.metrics.length === 0
          ? `${column.name} has no summary`
          : `${option.metric} does not apply to ${column.name}; use ${column.metrics.join(', ')}`,
      );
    }
  });
  return problems;
}

export function assertRequestFits(catalogue: Catalogue, body: ParsedOverviewRequest) {
  const problems = requestProblems(catalogue, body);
  if (problems.length > 0) {
    throw badRequest(
      'The request names columns, operators or values that cannot be used; see errors.',
      problems,
    );
  }
}

const columnOf = (catalogue: Catalogue, dataId: string) => catalogue.get(dataId) as CatalogueColumn;

/** The filter tree as one SQL condition; null when nothing filters. */
export function filterSql(catalogue: Catalogue, tree: FilterGroup | null | undefined): Sql | null {
  const group = normalizeFilter(tree);
  if (!group) return null;
  const parts: Sql[] = [
    ...group.rows.map((row) => {
      const { filter } = columnOf(catalogue, row.dataId!).sql;
      return filter!(row.operator!, row.value);
    }),
    ...group.groups.map((child) => filterSql(catalogue, child)!),
  ];
  return sql`(${sql.join(parts, group.condition === 'And' ? sql` AND ` : sql` OR `)})`;
}

/**
 * Text in the permit number, location, applicant, project name or code, ignoring case. Each part is a set
 * of ids found through its own trigram index, so a rare text is found without reading every permit.
 */
export function searchSql(text: string | undefined): Sql | null {
  if (!text) return null;
  const pattern = containsPattern(text);
  return sql`(p.id IN (SELECT q.id FROM permits q WHERE q.permit_number ILIKE ${pattern} OR q.location ILIKE ${pattern})
    OR p.project_id IN (SELECT j.id FROM projects j WHERE (j.name || ' ' || j.project_code) ILIKE ${pattern})
    OR p.applicant_organization_id IN (SELECT o.id FROM organizations o WHERE o.name ILIKE ${pattern}))`;
}

/** Rows in the asked order, empty values last either way, newest first after that. */
export function orderSql(catalogue: Catalogue, body: ParsedOverviewRequest): Sql {
  const keys = body.sortOptions.flatMap((sort) => {
    if (!sort.dataId) return [];
    const column = columnOf(catalogue, sort.dataId).sql;
    const key = column.sort ?? column.shown;
    return [sort.direction === 'Descending' ? sql`${key} DESC NULLS LAST` : sql`${key} ASC NULLS LAST`];
  });
  return sql.join([...keys, sql`p.created_at DESC`, sql`p.id DESC`]);
}

const METRIC_SQL: Record<SummaryMetric, (x: Sql) => Sql> = {
  Count: (x) => sql`count(${x})::int`,
  Sum: (x) => sql`sum(${x})::float8`,
  Average: (x) => sql`avg(${x})::float8`,
  Min: (x) => sql`min(${x})`,
  Max: (x) => sql`max(${x})`,
};

const summaryValue = (raw: unknown) =>
  raw instanceof Date ? raw.toISOString() : (raw as number | string | null);

export function readRow(catalogue: Catalogue, dataIds: string[], raw: Record<string, unknown>): OverviewRow {
  const values: Record<string, unknown> = {};
  dataIds.forEach((dataId, index) => {
    const column = columnOf(catalogue, dataId).sql;
    const value = raw[`c${index}`] ?? null;
    values[dataId] = column.read ? column.read(value) : value;
  });
  return {
    id: raw.id as string,
    projectId: raw.project_id as string,
    values: values as OverviewRow['values'],
  };
}

/** The shown values of the asked columns, as `c0, c1...`. */
export function shownSql(catalogue: Catalogue, dataIds: string[]) {
  return dataIds.map(
    (dataId, index) => sql`${columnOf(catalogue, dataId).sql.shown} AS ${sql.ref(`c${index}`)}`,
  );
}

export interface OverviewAnswer {
  total: number | null;
  rows: OverviewRow[] | null;
  summary: OverviewSummaryValue[] | null;
}

/**
 * Runs a checked request in at most two statements, whatever the number of rows, columns or filters: the
 * page (its ids found first, in order, then the shown values computed for those rows alone) and the count
 * with the summary row.
 */
export async function runOverview(
  db: Executor,
  scope: OverviewScope,
  catalogue: Catalogue,
  body: ParsedOverviewRequest,
  flags: Pick<OverviewQuery, 'includeCount' | 'includeData' | 'includeSummary'>,
): Promise<OverviewAnswer> {
  const conditions = [filterSql(catalogue, body.filterOptions), searchSql(body.searchOptions?.text)].filter(
    (part): part is Sql => part !== null,
  );
  const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`TRUE`;
  const from = visiblePermits(scope);
  const dataIds = [...new Set(body.columnOptions)];
  const { page, pageSize } = body.pageOptions;

  const rowsQuery = async () => {
    if (!flags.includeData) return null;
    if (pageSize === 0) return [];
    const order = orderSql(catalogue, body);
    const result = await sql<Record<string, unknown>>`
      SELECT ${sql.join([sql`p.id`, sql`p.project_id`, ...shownSql(catalogue, dataIds)])}
      FROM unnest(ARRAY(
          SELECT p.id FROM ${from} AND ${where}
          ORDER BY ${order} LIMIT ${pageSize} OFFSET ${page * pageSize}
        )) WITH ORDINALITY AS page (id, ord)
      JOIN permits p ON p.id = page.id JOIN projects pr ON pr.id = p.project_id
      ORDER BY page.ord`.execute(db);
    return result.rows.map((raw) => readRow(catalogue, dataIds, raw));
  };

  const summaryOptions = flags.includeSummary ? body.summaryRowOptions : [];
  const totalsQuery = async () => {
    if (!flags.includeCount && summaryOptions.length === 0) return null;
    const aggregates = summaryOptions.map((option, index) => {
      const column = columnOf(catalogue, option.dataId).sql;
      return sql`${METRIC_SQL[option.metric](column.aggregate ?? column.sort ?? column.shown)} AS ${sql.ref(`s${index}`)}`;
    });
    const result = await sql<Record<string, unknown>>`
      SELECT ${sql.join([sql`count(*)::int AS total`, ...aggregates])} FROM ${from} AND ${where}`.execute(db);
    return result.rows[0]!;
  };

  const [rows, totals] = await Promise.all([rowsQuery(), totalsQuery()]);
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

/** One visible permit with the asked columns, or undefined. One statement. */
export async function overviewRow(
  db: Executor,
  scope: OverviewScope,
  catalogue: Catalogue,
  permitId: string,
  dataIds: string[],
): Promise<OverviewRow | undefined> {
  const unique = [...new Set(dataIds)];
  const result = await sql<Record<string, unknown>>`
    SELECT ${sql.join([sql`p.id`, sql`p.project_id`, ...shownSql(catalogue, unique)])}
    FROM ${visiblePermits(scope)} AND p.id = ${permitId}`.execute(db);
  const raw = result.rows[0];
  return raw ? readRow(catalogue, unique, raw) : undefined;
}
