import {
  type FieldError,
  type FilterGroup,
  filterValueProblem,
  isCompleteRow,
  normalizeFilter,
  type OverviewQuery,
  type OverviewRow,
  type OverviewSubjectKind,
  type OverviewSummaryOption,
  type OverviewSummaryValue,
  type ParsedOverviewRequest,
  type SummaryMetric,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { containsPattern } from '../../db/like.ts';
import { PREPARED } from '../../db/prepared.ts';
import { badRequest } from '../../http/errors.ts';
import type { Catalogue, CatalogueColumn, OverviewContext, VisibleProjects } from './catalogue.ts';
import { type ColumnSql, PLACE_ENTRY, type PlaceTable, type SortWalk, type Sql } from './column-sql.ts';
import { type OverviewScope, projectList, visibleAmong, visiblePermits } from './visibility.ts';

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

type FilterRow = FilterGroup['rows'][number];

/** One filter row as a condition on `p`. */
function rowSql(catalogue: Catalogue, row: FilterRow, projects?: Sql): Sql {
  const { filter } = columnOf(catalogue, row.dataId!).sql;
  return filter!(row.operator!, row.value, projects);
}

/** A normalized group as one condition on `p`, each row and subgroup tested for the permit. */
function groupSql(catalogue: Catalogue, group: FilterGroup, projects?: Sql): Sql {
  const parts = [
    ...group.rows.map((row) => rowSql(catalogue, row, projects)),
    ...group.groups.map((child) => groupSql(catalogue, child, projects)),
  ];
  return sql`(${sql.join(parts, group.condition === 'And' ? sql` AND ` : sql` OR `)})`;
}

/** The permits one filter row keeps as a set of ids read from places; null when it tests the permit itself. */
function rowSet(catalogue: Catalogue, row: FilterRow, projects?: Sql): Sql | null {
  const { filterSet } = columnOf(catalogue, row.dataId!).sql;
  return filterSet ? filterSet(row.operator!, row.value, projects) : null;
}

/** Each row and subgroup of a group: its set of permit ids (null when it has none) and its condition. */
function partsOf(catalogue: Catalogue, group: FilterGroup, projects?: Sql) {
  return [
    ...group.rows.map((row) => ({
      set: rowSet(catalogue, row, projects),
      condition: () => rowSql(catalogue, row, projects),
    })),
    ...group.groups.map((child) => ({
      set: groupSet(catalogue, child, projects),
      condition: () => groupSql(catalogue, child, projects),
    })),
  ];
}

/**
 * The permits a normalized group keeps as one set of ids (`INTERSECT` for And, `UNION ALL` for Or), when each
 * of its rows and subgroups is such a set; else null.
 */
function groupSet(catalogue: Catalogue, group: FilterGroup, projects?: Sql): Sql | null {
  const sets = partsOf(catalogue, group, projects).map((part) => part.set);
  if (!sets.every((set): set is Sql => set !== null)) return null;
  return group.condition === 'And' ? intersection(sets) : combined(sets, sql` UNION ALL `);
}

const combined = (sets: Sql[], operator: Sql) =>
  sets.length === 1
    ? sets[0]!
    : sql.join(
        sets.map((set) => sql`(${set})`),
        operator,
      );
const intersection = (sets: Sql[]) => combined(sets, sql` INTERSECT `);

/**
 * The filter tree split in two: `candidates`, the permits the parts at its top level read from places alone
 * keep (rows on stages, tasks or values, and groups of only such rows), as one set of ids, and `condition`, the
 * rest as a condition on `p`; either is null when there is none, and the whole is null when nothing filters.
 * A permit passes when it is among the candidates and meets the condition. `projects` (a `uuid[]`), when
 * given, holds every project of the permits being read, so that filters on places read only those projects'
 * places.
 *
 * An Or of such rows tested permit by permit would read every visible permit and probe each row's set for it;
 * as a set, the planner can start from it and read only the permits it names (see `filterSql` and `keptSql`).
 */
export function filterParts(
  catalogue: Catalogue,
  tree: FilterGroup | null | undefined,
  projects?: Sql,
): { candidates: Sql | null; condition: Sql | null } | null {
  const group = normalizeFilter(tree);
  if (!group) return null;
  if (group.condition === 'Or') {
    const whole = groupSet(catalogue, group, projects);
    return whole
      ? { candidates: whole, condition: null }
      : { candidates: null, condition: groupSql(catalogue, group, projects) };
  }
  const parts = partsOf(catalogue, group, projects);
  const sets = parts.flatMap((part) => (part.set ? [part.set] : []));
  const conditions = parts.flatMap((part) => (part.set ? [] : [part.condition()]));
  return {
    candidates: sets.length > 0 ? intersection(sets) : null,
    condition: conditions.length > 0 ? sql`(${sql.join(conditions, sql` AND `)})` : null,
  };
}

/** `where`, a condition on `p`, for a permit among the candidates of `filterParts` too (a semi-join). */
export const amongCandidates = (where: Sql, candidates: Sql | null): Sql =>
  candidates ? sql`${where} AND p.id IN (${candidates})` : where;

/** The filter tree as one SQL condition on `p` (see `filterParts`); null when nothing filters. */
export function filterSql(
  catalogue: Catalogue,
  tree: FilterGroup | null | undefined,
  projects?: Sql,
): Sql | null {
  const parts = filterParts(catalogue, tree, projects);
  return parts ? sql`(${amongCandidates(parts.condition ?? sql`TRUE`, parts.candidates)})` : null;
}

/**
 * Text in the permit number, location, applicant or project name or code, ignoring case: the permits found
 * through each part's own trigram index (or by the projects and applicants whose name has it), as one set.
 * `visible`, when given, is a condition on `q` keeping the permits the caller sees: each part then keeps
 * only those while it reads them.
 *
 * The set names the permits by their row address (`ctid`), and the permits are read back by it (a TID scan):
 * the parts have just read those rows, so reading them again is a few thousand fetches of pages in memory.
 * As a set of ids (`p.id IN`), the planner instead met it with a read of every visible permit (400,000 at a
 * million), which took longer than the search. A statement sees one snapshot, so an address read in the set
 * is the same row version when it is read back.
 */
export function searchSql(text: string | undefined, visible?: Sql): Sql | null {
  const found = searchFound(text, sql`q.ctid`, visible);
  return found ? sql`p.ctid = ANY (ARRAY(${found}))` : null;
}

/** The permits a search finds (see `searchSql`), as the rows of `columns` of each found permit `q`. */
function searchFound(text: string | undefined, columns: Sql, visible?: Sql): Sql | null {
  if (!text) return null;
  const pattern = containsPattern(text);
  const among = visible ? sql` AND ${visible}` : sql``;
  return sql`SELECT ${columns} FROM permits q
      WHERE (q.permit_number ILIKE ${pattern} OR q.location ILIKE ${pattern})${among}
    UNION
    SELECT ${columns} FROM permits q
      WHERE q.project_id IN (SELECT j.id FROM projects j WHERE (j.name || ' ' || j.project_code) ILIKE ${pattern})${among}
    UNION
    SELECT ${columns} FROM permits q
      WHERE q.applicant_organization_id IN (SELECT o.id FROM organizations o WHERE o.name ILIKE ${pattern})${among}`;
}

/**
 * The permits a search keeps among the visible ones (`visible`, a condition on `q`) as `m` with their ids and
 * creation times, when that is all the request orders and counts them by: read as the search finds them, with
 * no second read of their rows (19,076 found at a million: 115 ms rather than 150).
 */
export function searchedSql(text: string, visible: Sql) {
  return {
    ctes: sql`m AS MATERIALIZED (${searchFound(text, sql`q.id, q.created_at`, visible)})`,
    order: sql`m.created_at DESC, m.id DESC`,
    first: true,
  };
}

/**
 * Where keys are read for many permits at once: the whole program of a caller who owns projects, all of whose
 * permits it sees (`owned`), and whether it also sees its own permits in projects it attaches to (`others`).
 */
export interface KeySets {
  owned: string[];
  others: boolean;
}

/**
 * Permits kept by a filter or a search have their keys read by sets when the owned projects hold fewer than
 * `programPerKept` permits for each one kept (as their permit numbers count them), else one by one. A set is a
 * pass over the places of every permit of those projects; reading one permit's key on its own costs about
 * what a dozen permits' share of such a pass does (at a million permits, 25,000 kept read one by one took
 * about what the sets took). (Tests change it to take each way on a few permits.)
 */
export const KEY_SET_LIMITS = { programPerKept: 12 };

/** The whole program's key sets, for a caller who owns projects. */
export const keySetsOf = (projects: VisibleProjects): KeySets | undefined =>
  projects.owned.length > 0 ? { owned: projects.owned, others: projects.attached.length > 0 } : undefined;

/**
 * A column's key for the permit `p` (`value`, by default its sort key) and the joins it reads. With `sets`, a
 * column whose keys can be read for many permits at once (`keySet`) is read so for the owned projects' permits,
 * joined as `alias`: worth it when most of those permits are read, as with no filter. A permit of a project the
 * caller only attaches to (its own among the project's, perhaps a few) has its key read on its own.
 */
function columnKey(column: ColumnSql, alias: string, sets?: KeySets, value = column.sort ?? column.shown) {
  if (sets && column.keySet) {
    const owned = sql`${sets.owned}::uuid[]`;
    const join = sql`LEFT JOIN (${column.keySet(owned)}) ${sql.ref(alias)} ON ${sql.ref(`${alias}.permit_id`)} = p.id`;
    const grouped = sql.ref(`${alias}.key`);
    const key = sets.others
      ? sql`CASE WHEN p.project_id = ANY (${owned}) THEN ${grouped} ELSE ${value} END`
      : grouped;
    return { key, joins: [join, ...(sets.others ? (column.sortJoins ?? []) : [])], grouped: true };
  }
  return { key: value, joins: column.sortJoins ?? [], grouped: false };
}

/** The asked sort keys, each with its direction (`sets`: as for `columnKey`). */
function sortKeys(catalogue: Catalogue, body: Pick<ParsedOverviewRequest, 'sortOptions'>, sets?: KeySets) {
  return body.sortOptions.flatMap((sort, index) => {
    if (!sort.dataId) return [];
    const column = columnOf(catalogue, sort.dataId).sql;
    const { key, joins, grouped } = columnKey(column, `sort_set${index}`, sets);
    return [
      {
        key,
        joins,
        grouped,
        walk: grouped ? undefined : column.walk,
        descending: sort.direction === 'Descending',
      },
    ];
  });
}

/** Joins keys read (the shared constants of `sortJoins`), each once. */
const joinsSql = (joins: Sql[]) => sql.join([...new Set(joins)], sql` `);

type SortKey = ReturnType<typeof sortKeys>[number];

const direction = (descending: boolean) => (descending ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`);

/** Rows in the keys' order, empty values last either way, newest first after that. */
const orderOf = (keys: SortKey[]): Sql =>
  sql.join([
    ...keys.map(({ key, descending }) => sql`${key} ${direction(descending)}`),
    sql`p.created_at DESC`,
    sql`p.id DESC`,
  ]);

/**
 * The asked order of the permits `p`: the joins its keys read (after the permit and its project) and the
 * `ORDER BY` list. `sets`: as for `sortKeys`.
 */
export function sortSql(catalogue: Catalogue, body: ParsedOverviewRequest, sets?: KeySets) {
  const keys = sortKeys(catalogue, body, sets);
  return { joins: joinsSql(keys.flatMap((key) => key.joins)), order: orderOf(keys) };
}

/**
 * `wholeTie`: past this many places at the page's last key, the permits holding it are read newest first;
 * `newestWalk`: how many permits are read so before reading every permit holding it instead. (Tests lower
 * them to take each path on a few permits.)
 */
export const SORT_WALK_LIMITS = { wholeTie: 2000, newestWalk: 5000 };

/**
 * The ids of a page of the visible permits (`visible`, a condition on `p`, among the projects of the `uuid[]`
 * `projects`) sorted first by a key an index holds in order (`walk`), then by the other keys, newest first.
 * Computing the key of every visible permit to sort them would read a value for each; this reads the index
 * in key order and stops at the page's end, `n` keyed permits in:
 * - `head`: those first `n`, read once; `bound` is the key of the last of them when there are `n`;
 * - `kept`: the permits of `head` before the bound, and those at it: the index does not hold their order
 *   among themselves, so they are read whole, or, when they are many and ordered only newest first, found by
 *   reading the visible permits newest first until enough hold the key (one in five holding it, a page of 50
 *   is some 250 permits in). With fewer than `n` keyed permits, `kept` is `head`;
 * - the permits with no key come after all those, read only when the keyed ones do not fill the page.
 * The walk is written out twice (the head, the permits at the bound), which keeps the statement quick to plan.
 */
function walkedPageSql(
  first: SortKey & { walk: SortWalk },
  rest: SortKey[],
  visible: Sql,
  projects: Sql,
  page: number,
  pageSize: number,
): Sql {
  const { walk, descending } = first;
  const n = (page + 1) * pageSize;
  const dir = direction(descending);
  // The index's own order (a key it holds is never empty), which a scan of it in either direction gives.
  const indexOrder = sql.raw(descending ? 'DESC' : 'ASC');
  const restKeys = rest.map(({ key }, index) => sql`${key} AS ${sql.ref(`r${index}`)}`);
  const restRefs = rest.map((_, index) => sql.ref(`r${index}`));
  // What the other keys read besides the permit.
  const withKeyJoins = rest.some((key) => key.joins.length > 0)
    ? sql`LEFT JOIN projects pr ON pr.id = p.project_id ${joinsSql(rest.flatMap((key) => key.joins))}`
    : sql``;
  const restOrder = rest.map(({ descending }, index) => sql`${restRefs[index]} ${direction(descending)}`);
  const keyed = (
    where: Sql,
  ) => sql`SELECT ${sql.join([sql`p.id`, sql`w.key`, sql`p.created_at`, ...restKeys])}
    FROM walk w JOIN permits p ON p.id = w.permit_id ${withKeyJoins} WHERE ${visible} AND ${where}`;
  const before = sql`SELECT * FROM head h
    WHERE h.key ${sql.raw(descending ? '>' : '<')} (SELECT b.key FROM bound b)`;
  const atBound = sql`w.key = (SELECT b.key FROM bound b)`;
  // With fewer than `n` keyed permits, there is no bound and the head is all of them.
  const whole = sql`SELECT * FROM head WHERE NOT EXISTS (SELECT 1 FROM bound)`;
  // With other sort keys, the permits at the bound are ordered by those first: they are read whole.
  const newestFirst = rest.length === 0;
  const ties = newestFirst
    ? sql`,
    -- Whether many places hold the bound's key, counted from the index alone up to the limit.
    many AS MATERIALIZED (SELECT count(*) >= ${SORT_WALK_LIMITS.wholeTie} AS many FROM (
      SELECT 1 FROM ${walk.from} WHERE ${walk.where} AND ${walk.project} = ANY (${projects})
        AND ${walk.key} = (SELECT b.key FROM bound b) LIMIT ${SORT_WALK_LIMITS.wholeTie}) c),
    before AS MATERIALIZED (${before}),
    newest AS MATERIALIZED (
      SELECT x.id, x.key, x.created_at FROM (
        SELECT p.id, ${first.key} AS key, p.created_at FROM permits p
        WHERE ${visible} AND (SELECT m.many FROM many m)
        ORDER BY p.created_at DESC, p.id DESC LIMIT ${SORT_WALK_LIMITS.newestWalk}) x
      WHERE x.key = (SELECT b.key FROM bound b) LIMIT ${n}),
    -- Read newest first, the permits at the bound are found when enough of them turned up.
    found AS MATERIALIZED (SELECT (SELECT count(*) FROM newest) + (SELECT count(*) FROM before) >= ${n} AS found),
    kept AS MATERIALIZED (
      SELECT * FROM before
      UNION ALL SELECT * FROM newest WHERE (SELECT f.found FROM found f)
      UNION ALL (${keyed(sql`${atBound} AND NOT (SELECT f.found FROM found f)`)})`
    : sql`,
    kept AS MATERIALIZED (
      ${before}
      UNION ALL (${keyed(atBound)})`;
  return sql`WITH walk AS NOT MATERIALIZED (
      SELECT ${walk.permit} AS permit_id, ${walk.key} AS key FROM ${walk.from}
      WHERE ${walk.where} AND ${walk.project} = ANY (${projects}) AND ${walk.current}),
    head AS MATERIALIZED (${keyed(sql`TRUE`)} ORDER BY w.key ${indexOrder} LIMIT ${n}),
    bound AS MATERIALIZED (SELECT h.key FROM head h ORDER BY h.key ${indexOrder} OFFSET ${n - 1})${ties}
      UNION ALL ${whole})
    SELECT id FROM (
      SELECT ${sql.join([sql`id`, sql`0 AS part`, sql`key`, ...restRefs, sql`created_at`])} FROM kept
      UNION ALL (
        SELECT ${sql.join([sql`p.id`, sql`1 AS part`, sql`NULL`, ...restKeys, sql`p.created_at`])}
        FROM permits p ${withKeyJoins} WHERE ${visible} AND (SELECT count(*) FROM kept) < ${n} AND ${first.key} IS NULL
        ORDER BY ${sql.join([...rest.map(({ key, descending }) => sql`${key} ${direction(descending)}`), sql`p.created_at DESC`, sql`p.id DESC`])}
        LIMIT ${n})) sorted
    ORDER BY ${sql.join([sql`part`, sql`key ${dir}`, ...restOrder, sql`created_at DESC`, sql`id DESC`])}
    LIMIT ${pageSize} OFFSET ${page * pageSize}`;
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

/** Reads the raw rows of the asked columns (`c0, c1...`, see `shownSql`) as overview rows. */
export function rowReader(catalogue: Catalogue, dataIds: string[]) {
  const cells = dataIds.map((dataId, index) => ({
    dataId,
    name: `c${index}`,
    read: columnOf(catalogue, dataId).sql.read,
  }));
  return (raw: Record<string, unknown>): OverviewRow => {
    const values: Record<string, unknown> = {};
    for (const { dataId, name, read } of cells) {
      const value = raw[name] ?? null;
      values[dataId] = read ? read(value) : value;
    }
    return {
      id: raw.id as string,
      projectId: raw.project_id as string,
      values: values as OverviewRow['values'],
    };
  };
}

/** The shown values of the asked columns, as `c0, c1...`, and the joins they read. */
export function shownSql(catalogue: Catalogue, dataIds: string[]) {
  const columns = dataIds.map((dataId) => columnOf(catalogue, dataId).sql);
  return {
    cells: columns.map((column, index) => sql`${column.shown} AS ${sql.ref(`c${index}`)}`),
    joins: joinsSql(columns.flatMap((column) => column.shownJoins ?? [])),
  };
}

const PLACE_TABLES: Record<PlaceTable, { alias: string; from: Sql }> = {
  stages: { alias: 'page_stages', from: sql`FROM permit_stages s WHERE s.permit_id = p.id` },
  tasks: {
    alias: 'page_tasks',
    from: sql`FROM permit_tasks t JOIN permit_stages s ON s.permit_id = t.permit_id AND s.stage_key = t.stage_key
      WHERE t.permit_id = p.id`,
  },
  values: { alias: 'page_values', from: sql`FROM permit_property_values v WHERE v.permit_id = p.id` },
};

/**
 * The asked columns of the permits `p` (with their project `pr`) of a page, as `c0, c1...`, and the joins
 * they read from: a cell read from the permit's stages, tasks or values is one aggregate of a single pass
 * over that table for the row (the first place that fits, in its order), and the people assigned to tasks
 * are one pass over the permit's assignments (each person once, with which cells they are in; the pass over
 * the tasks names each cell's tasks by key), so a page reads each such table once per row however many of
 * its columns are shown. Other cells are read on their own.
 */
export function pageCellsSql(catalogue: Catalogue, dataIds: string[]) {
  const byTable = new Map<PlaceTable, { cell: Sql; entry: string | undefined }[]>();
  const inPeople: Sql[] = [];
  const people: Sql[] = [];
  const shownJoins: Sql[] = [];
  const cells = dataIds.map((dataId, index) => {
    const column = columnOf(catalogue, dataId).sql;
    const name = `c${index}`;
    if (column.assigned) {
      const flag = sql.ref(`f${index}`);
      const keys = `k${index}`;
      const tasks = byTable.get('tasks') ?? [];
      byTable.set('tasks', tasks);
      tasks.push({
        cell: sql`${column.assigned.taskKeys} AS ${sql.ref(keys)}`,
        entry: column.assigned.entry,
      });
      inPeople.push(
        sql`bool_or(a.task_key = ANY (${sql.ref(`${PLACE_TABLES.tasks.alias}.${keys}`)})) AS ${flag}`,
      );
      people.push(sql`json_agg(json_build_object('id', pu.id, 'name', pu.name)
        ORDER BY pu.last_name, pu.first_name, pu.id) FILTER (WHERE ${sql.ref(`pu.f${index}`)}) AS ${sql.ref(name)}`);
      return sql`${sql.ref(`page_people.${name}`)} AS ${sql.ref(name)}`;
    }
    if (!column.place) {
      shownJoins.push(...(column.shownJoins ?? []));
      return sql`${column.shown} AS ${sql.ref(name)}`;
    }
    const { table, value, when, order, entry } = column.place;
    const parts = byTable.get(table) ?? [];
    byTable.set(table, parts);
    parts.push({
      cell: sql`(array_agg(${value}${order ? sql` ORDER BY ${order}` : sql``}) FILTER (WHERE ${when}))[1] AS ${sql.ref(name)}`,
      entry,
    });
    return sql`${sql.ref(`${PLACE_TABLES[table].alias}.${name}`)} AS ${sql.ref(name)}`;
  });
  const joins = [...byTable].map(([table, parts]) => {
    const { alias, from } = PLACE_TABLES[table];
    // When every cell read from the table is of one entry, the pass reads only those entries' places (by
    // the table's key on permit and entry), not all of the permit's.
    const entries = parts.map((part) => part.entry);
    const only = entries.every((entry) => entry !== undefined)
      ? sql` AND ${PLACE_ENTRY[table]} = ANY (${[...new Set(entries)]}::uuid[])`
      : sql``;
    return sql`LEFT JOIN LATERAL (SELECT ${sql.join(parts.map((part) => part.cell))} ${from}${only}) ${sql.ref(alias)} ON true`;
  });
  if (people.length > 0) {
    joins.push(sql`LEFT JOIN LATERAL (SELECT ${sql.join(people)} FROM (
        SELECT u.id, u.first_name || ' ' || u.last_name AS name, u.last_name, u.first_name, ${sql.join(inPeople)}
        FROM permit_task_assignments a JOIN users u ON u.id = a.user_id
        WHERE a.permit_id = p.id GROUP BY u.id) pu) page_people ON true`);
  }
  return { cells, joins: sql.join([...new Set(shownJoins), ...joins], sql` `) };
}

/** The sort keys and the summed values of a request, read with `sets` (see `columnKey`). */
function valuesOf(
  catalogue: Catalogue,
  body: Pick<ParsedOverviewRequest, 'sortOptions'>,
  summaryOptions: OverviewSummaryOption[],
  sets?: KeySets,
) {
  return {
    keys: sortKeys(catalogue, body, sets),
    // A column's `aggregate`, where it sums something else than its key.
    summed: summaryOptions.map((option, index) => {
      const column = columnOf(catalogue, option.dataId).sql;
      return {
        metric: option.metric,
        ...(column.aggregate
          ? columnKey(column, `sum_set${index}`, undefined, column.aggregate)
          : columnKey(column, `sum_set${index}`, sets)),
      };
    }),
  };
}

type Values = ReturnType<typeof valuesOf>;

const joinsOf = (values: Values) =>
  joinsSql([...values.keys.flatMap((key) => key.joins), ...values.summed.flatMap((item) => item.joins)]);

/** The join to the permit's project, which the planner drops when nothing reads it (a permit has one). */
const PROJECT_JOIN = sql`LEFT JOIN projects pr ON pr.id = p.project_id`;

/** The kinds of column read from the permit's places, which name the permit by its id and project. */
const PLACE_KINDS: ReadonlySet<OverviewSubjectKind> = new Set(['Stage', 'Task', 'Property']);

/**
 * Candidates of a filter (`filterParts`), when the kept permits are read with their rows, are read permit by
 * permit, by key, when the visible projects hold more than `programPerCandidate` permits for each candidate
 * (as their permit numbers count them), else by one pass over the visible permits' rows that keeps those among
 * the candidates. At a million permits, reading a candidate by key took about 3 µs, and the pass over 400,000
 * visible permits 100 ms; the planner, which must choose before it knows how many candidates there are, took
 * the pass for 18,000 candidates (55 ms by key). Kept permits read from an index alone are left to the planner:
 * its pass over that index, in parallel, took less than reading 25,000 candidates by key. (Tests change the
 * limit to take each way on a few permits.)
 */
export const CANDIDATE_LIMITS = { programPerCandidate: 12 };

/**
 * The permits `where` keeps (a condition on the permit `p` and its project `pr`) among `candidates` when given
 * (a set of permit ids, see `filterParts`), as `m`: their ids, creation times, sort keys (`k0`...) and summed
 * values (`a0`...), with `order`, the request's order over `m`. `ctes` are the common table expressions of a
 * `WITH` ending with `m`; `first` tells whether the kept permits are found on their own first (`f`), which
 * a request is then best read from, whatever it asks.
 *
 * Each kept permit's keys are read on its own, unless some can be read by sets: then the kept permits are
 * found first (`f`, read again as the permits: their rows, or only their ids, projects and creation times
 * when the keys read no more), and read with each one's own keys when they are few, else with the whole
 * program's keys read by sets and joined to them by hash. One pass over the places of 400,000 permits at a
 * million takes a seventh of what reading 270,000 permits' keys one by one does. The owned projects' permits
 * are counted by their projects' permit numbers (see `KEY_SET_LIMITS`). With candidates, the kept permits
 * are found first too: the candidates are counted, then read by key when few, else met by a pass over the
 * visible permits (see `CANDIDATE_LIMITS`).
 */
export function keptSql(
  catalogue: Catalogue,
  body: Pick<ParsedOverviewRequest, 'sortOptions'>,
  summaryOptions: OverviewSummaryOption[],
  projects: VisibleProjects,
  where: Sql,
  candidates: Sql | null = null,
) {
  const kept = (values: Values) =>
    sql.join([
      sql`p.id`,
      sql`p.created_at`,
      ...values.keys.map(({ key }, index) => sql`${key} AS ${sql.ref(`k${index}`)}`),
      ...values.summed.map((item, index) => sql`${item.key} AS ${sql.ref(`a${index}`)}`),
    ]);
  const own = valuesOf(catalogue, body, summaryOptions);
  const order = sql.join([
    ...own.keys.map(({ descending }, index) => sql`${sql.ref(`m.k${index}`)} ${direction(descending)}`),
    sql`m.created_at DESC`,
    sql`m.id DESC`,
  ]);
  const programSets = keySetsOf(projects);
  const grouped = programSets ? valuesOf(catalogue, body, summaryOptions, programSets) : null;
  const bySets = grouped !== null && [...grouped.keys, ...grouped.summed].some((value) => value.grouped);
  // When every key reads the permit by its id and project alone, `f` is read from an index holding those and
  // the creation time, not from the permits' rows: a third less time for a filter keeping 25,000 of 400,000.
  const byPlaces = [...body.sortOptions, ...summaryOptions].every(
    ({ dataId }) => !dataId || PLACE_KINDS.has(columnOf(catalogue, dataId).column.subjectKind),
  );
  const probed = byPlaces ? null : candidates;
  const whole = probed ? where : amongCandidates(where, candidates);
  if (!bySets && !probed) {
    const ctes = sql`m AS MATERIALIZED (SELECT ${kept(own)} FROM permits p ${PROJECT_JOIN} ${joinsOf(own)}
      WHERE ${whole})`;
    return { ctes, order, first: false };
  }
  const read = byPlaces ? sql`p.id, p.project_id, p.created_at` : sql`p.*`;
  const found = !probed
    ? sql`f AS MATERIALIZED (SELECT ${read} FROM permits p ${PROJECT_JOIN} WHERE ${whole})`
    : sql`c AS MATERIALIZED (SELECT candidate.id FROM (${probed}) candidate (id)),
    few AS MATERIALIZED (SELECT (SELECT count(*) FROM c) * ${CANDIDATE_LIMITS.programPerCandidate}
        < coalesce(sum(n.last_number), 0) AS few
      FROM permit_counters n WHERE n.project_id = ANY (${projectList(projects)})),
    f AS MATERIALIZED (
      SELECT p.* FROM permits p ${PROJECT_JOIN}
      WHERE p.id = ANY (ARRAY(SELECT c.id FROM c)) AND ${where} AND (SELECT few FROM few)
      UNION ALL
      SELECT visible.* FROM (SELECT p.* FROM permits p ${PROJECT_JOIN} WHERE ${where} OFFSET 0) visible
      WHERE visible.id IN (SELECT c.id FROM c) AND NOT (SELECT few FROM few))`;
  if (!bySets) {
    const ctes = sql`${found},
    m AS MATERIALIZED (SELECT ${kept(own)} FROM f p ${PROJECT_JOIN} ${joinsOf(own)})`;
    return { ctes, order, first: true };
  }
  const ctes = sql`${found},
    many AS MATERIALIZED (SELECT coalesce(sum(n.last_number), 0)
        < (SELECT count(*) FROM f) * ${KEY_SET_LIMITS.programPerKept} AS many
      FROM permit_counters n WHERE n.project_id = ANY (${programSets!.owned}::uuid[])),
    m AS MATERIALIZED (
      SELECT ${kept(grouped!)} FROM f p ${PROJECT_JOIN} ${joinsOf(grouped!)}
      WHERE (SELECT many FROM many)
      UNION ALL
      SELECT ${kept(own)} FROM f p ${PROJECT_JOIN} ${joinsOf(own)}
      WHERE NOT (SELECT many FROM many))`;
  return { ctes, order, first: true };
}

export interface OverviewAnswer {
  total: number | null;
  rows: OverviewRow[] | null;
  summary: OverviewSummaryValue[] | null;
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
  const { catalogue, projects } = context;
  // The search's parts keep the visible permits as they read them; the visibility condition is checked again
  // on the few rows they find, except for a search alone (`searchedSql`), whose parts are the whole check.
  const filter = filterParts(catalogue, body.filterOptions, projectList(projects));
  const narrowing = [
    filter?.condition ?? null,
    searchSql(body.searchOptions?.text, visibleAmong(scope, projects, 'q')),
  ].filter((part): part is Sql => part !== null);
  const candidates = filter?.candidates ?? null;
  const filtered = narrowing.length > 0 || candidates !== null;
  // `among`: what a kept permit meets besides being a candidate; `where`: all of it.
  const among = sql.join([visibleAmong(scope, projects), ...narrowing], sql` AND `);
  const where = amongCandidates(among, candidates);
  const summaryOptions = flags.includeSummary ? body.summaryRowOptions : [];
  const dataIds = [...new Set(body.columnOptions)];
  const { page, pageSize } = body.pageOptions;
  const wantsRows = flags.includeData === true && pageSize > 0;
  const wantsTotals = flags.includeCount === true || summaryOptions.length > 0;
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
    text && !filter && summaryOptions.length === 0 && (!wantsRows || body.sortOptions.length === 0);
  const kept = !filtered
    ? null
    : searchedOnly
      ? searchedSql(text, visibleAmong(scope, projects, 'q'))
      : keptSql(
          catalogue,
          wantsRows ? body : { sortOptions: [] },
          summaryOptions,
          projects,
          among,
          candidates,
        );

  let rows: OverviewRow[] | null = flags.includeData ? [] : null;
  let totals: Record<string, unknown> | null = null;
  if (!wantsRows && !wantsTotals && stillHolds) {
    const result = await sql<{ context_holds: boolean }>`SELECT ${stillHolds} AS context_holds`.execute(db);
    if (result.rows[0]?.context_holds !== true) return null;
  } else if (wantsRows || wantsTotals) {
    const limit = sql`LIMIT ${pageSize} OFFSET ${page * pageSize}`;
    const { cells, joins } = pageCellsSql(catalogue, dataIds);
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
      !wantsRows
        ? totalsPart
        : wantsTotals
          ? sql`SELECT totals.*, r.* FROM (${totalsPart}) totals LEFT JOIN LATERAL (${rowsPart}) r ON true`
          : rowsPart;

    let statement: Sql;
    if (kept && (kept.first || (wantsRows && wantsTotals))) {
      // The kept permits with their sort keys and summed values, read once for the page and the totals.
      statement = sql`WITH ${kept.ctes} ${both(
        totalsOf(
          summed.map((_, index) => sql.ref(`m.a${index}`)),
          sql`m`,
        ),
        pageOf(sql`SELECT m.id FROM m ORDER BY ${kept.order} ${limit}`),
      )}`;
    } else {
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
      statement = both(
        totalsOf(
          programSummed.map((item) => item.key),
          sql`permits p ${PROJECT_JOIN} ${joinsSql(programSummed.flatMap((item) => item.joins))} WHERE ${where}`,
        ),
        rowsPart,
      );
    }
    // One row at least, which tells whether the context held.
    const result = await sql<
      Record<string, unknown>
    >`${PREPARED} SELECT answer.*, ${stillHolds ?? sql`TRUE`} AS context_holds
      FROM (SELECT 1) one LEFT JOIN LATERAL (${statement}) answer ON true
      ${wantsRows ? sql`ORDER BY answer.ord` : sql``}`.execute(db);
    if (result.rows[0]?.context_holds !== true) return null;
    if (wantsTotals) totals = result.rows[0] ?? null;
    if (wantsRows) {
      rows = result.rows.filter((raw) => raw.id != null).map(rowReader(catalogue, dataIds));
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
  const unique = [...new Set(dataIds)];
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
