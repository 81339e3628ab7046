import type { OverviewSubjectKind, OverviewSummaryOption, ParsedOverviewRequest } from '@crossarm/shared';
import { sql } from 'kysely';
import { type Catalogue, columnOf, type VisibleProjects } from './catalogue.ts';
import { joinsSql, type Sql } from './column-sql.ts';
import { amongCandidates } from './filter-sql.ts';
import { columnKey, direction, KEY_SET_LIMITS, type KeySets, keySetsOf, sortKeys } from './sort-sql.ts';
import { projectList } from './visibility.ts';

// The permits a filter or a search keeps, with their sort keys and summed values, as the `m` of a `WITH`.

/** The sort keys and the summed values of a request, read with `sets` (see `columnKey`). */
export function valuesOf(
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

/**
 * The kept permits read from their facts alone (`f`, see facts.ts), as `keptSql` gives them, when the facts
 * answer the whole filter (`facts`, its condition on `f`) and hold every sort key and summed value asked;
 * else null. The permits' own rows and places are then read for the page's rows only.
 */
export function factsKeptSql(
  catalogue: Catalogue,
  body: Pick<ParsedOverviewRequest, 'sortOptions'>,
  summaryOptions: OverviewSummaryOption[],
  facts: Sql,
) {
  const keys = body.sortOptions.flatMap((sort) =>
    sort.dataId
      ? [{ key: columnOf(catalogue, sort.dataId).sql.factKey, descending: sort.direction === 'Descending' }]
      : [],
  );
  const summed = summaryOptions.map(({ dataId }) => {
    const column = columnOf(catalogue, dataId).sql;
    return column.aggregate ? undefined : column.factKey;
  });
  if (!keys.every((item) => item.key) || !summed.every((key) => key)) return null;
  const columns = sql.join([
    sql`f.permit_id AS id`,
    sql`f.created_at`,
    ...keys.map(({ key }, index) => sql`${key} AS ${sql.ref(`k${index}`)}`),
    ...summed.map((key, index) => sql`${key} AS ${sql.ref(`a${index}`)}`),
  ]);
  return {
    ctes: sql`m AS MATERIALIZED (SELECT ${columns} FROM permit_facts f WHERE ${facts})`,
    order: orderOfKept(keys.map((item) => item.descending)),
    first: true,
  };
}

/** The order of `m`: its keys (`k0`...) in their directions, newest first after that. */
const orderOfKept = (descending: boolean[]) =>
  sql.join([
    ...descending.map((down, index) => sql`${sql.ref(`m.k${index}`)} ${direction(down)}`),
    sql`m.created_at DESC`,
    sql`m.id DESC`,
  ]);

/** The join to the permit's project, which the planner drops when nothing reads it (a permit has one). */
export const PROJECT_JOIN = sql`LEFT JOIN projects pr ON pr.id = p.project_id`;

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
  const order = orderOfKept(own.keys.map(({ descending }) => descending));
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
