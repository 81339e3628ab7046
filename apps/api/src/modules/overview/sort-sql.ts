import type { ParsedOverviewRequest } from '@crossarm/shared';
import { sql } from 'kysely';
import { type Catalogue, columnOf, type VisibleProjects } from './catalogue.ts';
import { type ColumnSql, joinsSql, type SortWalk, type Sql } from './column-sql.ts';

// A request's sort keys over the permit `p`: each column's key read on its own or by sets, the `ORDER BY`,
// and the page of the whole program read by walking an index in key order.

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
export function columnKey(
  column: ColumnSql,
  alias: string,
  sets?: KeySets,
  value = column.sort ?? column.shown,
) {
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
export function sortKeys(
  catalogue: Catalogue,
  body: Pick<ParsedOverviewRequest, 'sortOptions'>,
  sets?: KeySets,
) {
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

export type SortKey = ReturnType<typeof sortKeys>[number];

export const direction = (descending: boolean) => (descending ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`);

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
export function walkedPageSql(
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
