import { type FilterGroup, normalizeFilter } from '@crossarm/shared';
import { sql } from 'kysely';
import { containsPattern } from '../../db/like.ts';
import { type Catalogue, columnOf } from './catalogue.ts';
import type { Sql } from './column-sql.ts';
import { holdsAny } from './facts.ts';

// A request's filter tree and search as SQL over the visible permit `p`: conditions, and sets of permit ids
// read from places that the planner can start from.

type FilterRow = FilterGroup['rows'][number];

/**
 * Where a filter reads: `projects` (a `uuid[]`), when given, holds every project of the permits being read, so
 * that filters on places read only those projects' places; `timeZone` is whose calendar days dates name.
 */
export interface FilterScope {
  projects?: Sql;
  timeZone?: string;
  /**
   * A condition on the facts `f` (see facts.ts) keeping those of the permits being read: when given, the parts
   * of the filter the facts answer are read from them.
   */
  facts?: Sql;
}

/**
 * A row or group answered from the facts `f`: `clauses`, lists of token texts, a kept permit's facts holding
 * one token of each (what the GIN index reads), and `exact`, the whole test on `f`.
 */
interface FactPart {
  clauses: string[][];
  exact: Sql;
}

/** A filter row answered from the facts, or null when its column's facts cannot answer it. */
function rowFacts(catalogue: Catalogue, row: FilterRow): FactPart | null {
  const test = columnOf(catalogue, row.dataId!).sql.factFilter?.(row.operator!, row.value);
  return test ? { clauses: [test.clause], exact: test.exact ?? holdsAny(test.clause) } : null;
}

/**
 * A normalized group answered from the facts, when each of its rows and subgroups is. An And's clauses are
 * all of its parts'; an Or keeps one permit of each part, so its one clause is the union of the shortest
 * clause of each.
 */
function groupFacts(catalogue: Catalogue, group: FilterGroup): FactPart | null {
  const parts = [
    ...group.rows.map((row) => rowFacts(catalogue, row)),
    ...group.groups.map((child) => groupFacts(catalogue, child)),
  ];
  if (!parts.every((part): part is FactPart => part !== null)) return null;
  const exact = sql`(${sql.join(
    parts.map((part) => part.exact),
    group.condition === 'And' ? sql` AND ` : sql` OR `,
  )})`;
  if (group.condition === 'And') return { clauses: parts.flatMap((part) => part.clauses), exact };
  const shortest = (clauses: string[][]) =>
    clauses.reduce((best, clause) => (clause.length < best.length ? clause : best));
  return { clauses: [[...new Set(parts.flatMap((part) => shortest(part.clauses)))]], exact };
}

/** The condition on `f` keeping the facts that meet the parts, among those `facts` keeps. */
const factsWhere = (facts: Sql, parts: FactPart[]) =>
  sql.join(
    [
      facts,
      ...parts.flatMap((part) => part.clauses.map((clause) => holdsAny(clause))),
      ...parts.map((part) => part.exact),
    ],
    sql` AND `,
  );

/** The permits whose facts `where` keeps, as a set of ids. */
const factsSet = (where: Sql) => sql`SELECT f.permit_id FROM permit_facts f WHERE ${where}`;

/** One filter row as a condition on `p`. */
function rowSql(catalogue: Catalogue, row: FilterRow, scope: FilterScope): Sql {
  const { filter } = columnOf(catalogue, row.dataId!).sql;
  return filter!(row.operator!, row.value, scope.projects, scope.timeZone);
}

/** A normalized group as one condition on `p`, each row and subgroup tested for the permit. */
function groupSql(catalogue: Catalogue, group: FilterGroup, scope: FilterScope): Sql {
  const parts = [
    ...group.rows.map((row) => rowSql(catalogue, row, scope)),
    ...group.groups.map((child) => groupSql(catalogue, child, scope)),
  ];
  return sql`(${sql.join(parts, group.condition === 'And' ? sql` AND ` : sql` OR `)})`;
}

/** The permits one filter row keeps as a set of ids read from places; null when it tests the permit itself. */
function rowSet(catalogue: Catalogue, row: FilterRow, scope: FilterScope): Sql | null {
  const { filterSet } = columnOf(catalogue, row.dataId!).sql;
  return filterSet ? filterSet(row.operator!, row.value, scope.projects) : null;
}

/** Each row and subgroup of a group: its set of permit ids (null when it has none) and its condition. */
function partsOf(catalogue: Catalogue, group: FilterGroup, scope: FilterScope) {
  return [
    ...group.rows.map((row) => ({
      set: rowSet(catalogue, row, scope),
      condition: () => rowSql(catalogue, row, scope),
      facts: () => rowFacts(catalogue, row),
    })),
    ...group.groups.map((child) => ({
      set: groupSet(catalogue, child, scope),
      condition: () => groupSql(catalogue, child, scope),
      facts: () => groupFacts(catalogue, child),
    })),
  ];
}

/**
 * The permits a normalized group keeps as one set of ids (`INTERSECT` for And, `UNION ALL` for Or), when each
 * of its rows and subgroups is such a set; else null.
 */
function groupSet(catalogue: Catalogue, group: FilterGroup, scope: FilterScope): Sql | null {
  const sets = partsOf(catalogue, group, scope).map((part) => part.set);
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
 * A permit passes when it is among the candidates and meets the condition. `scope`: see `FilterScope`.
 *
 * An Or of such rows tested permit by permit would read every visible permit and probe each row's set for it;
 * as a set, the planner can start from it and read only the permits it names (see `filterSql` and `keptSql`).
 *
 * With `scope.facts`, the parts the permits' facts answer are read from them first, as one set of candidates
 * (a GIN index names the facts holding the parts' tokens); `facts` is then that set's condition on `f` when
 * the facts answer the whole tree (no other candidates and no condition), else null.
 */
export function filterParts(
  catalogue: Catalogue,
  tree: FilterGroup | null | undefined,
  scope: FilterScope = {},
): { candidates: Sql | null; condition: Sql | null; facts: Sql | null } | null {
  const group = normalizeFilter(tree);
  if (!group) return null;
  if (group.condition === 'Or') {
    const fromFacts = scope.facts ? groupFacts(catalogue, group) : null;
    if (fromFacts) return wholeFacts(scope.facts!, [fromFacts]);
    const whole = groupSet(catalogue, group, scope);
    return whole
      ? { candidates: whole, condition: null, facts: null }
      : { candidates: null, condition: groupSql(catalogue, group, scope), facts: null };
  }
  const all = partsOf(catalogue, group, scope);
  const factParts = scope.facts ? all.map((part) => part.facts()) : all.map(() => null);
  const parts = all.filter((_, index) => factParts[index] === null);
  const answered = factParts.filter((part): part is FactPart => part !== null);
  if (answered.length > 0 && parts.length === 0) return wholeFacts(scope.facts!, answered);
  const sets = [
    ...(answered.length > 0 ? [factsSet(factsWhere(scope.facts!, answered))] : []),
    ...parts.flatMap((part) => (part.set ? [part.set] : [])),
  ];
  const conditions = parts.flatMap((part) => (part.set ? [] : [part.condition()]));
  return {
    candidates: sets.length > 0 ? intersection(sets) : null,
    condition: conditions.length > 0 ? sql`(${sql.join(conditions, sql` AND `)})` : null,
    facts: null,
  };
}

/** A tree the facts answer whole: its candidates, and the condition on `f` they are read with. */
function wholeFacts(facts: Sql, parts: FactPart[]) {
  const where = factsWhere(facts, parts);
  return { candidates: factsSet(where), condition: null, facts: where };
}

/** `where`, a condition on `p`, for a permit among the candidates of `filterParts` too (a semi-join). */
export const amongCandidates = (where: Sql, candidates: Sql | null): Sql =>
  candidates ? sql`${where} AND p.id IN (${candidates})` : where;

/** The filter tree as one SQL condition on `p` (see `filterParts`); null when nothing filters. */
export function filterSql(
  catalogue: Catalogue,
  tree: FilterGroup | null | undefined,
  scope: FilterScope = {},
): Sql | null {
  const parts = filterParts(catalogue, tree, scope);
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

/**
 * The permits a search finds (see `searchSql`), as the rows of `columns` of each found permit `q`. Numbers and
 * locations are matched in `texts`: the permits themselves, or `permit_texts` (the same columns in a narrow
 * table) when `columns` read nothing else.
 */
function searchFound(
  text: string | undefined,
  columns: Sql,
  visible?: Sql,
  texts: Sql = sql`permits`,
): Sql | null {
  if (!text) return null;
  const pattern = containsPattern(text);
  const among = visible ? sql` AND ${visible}` : sql``;
  return sql`SELECT ${columns} FROM ${texts} q
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
    ctes: sql`m AS MATERIALIZED (${searchFound(text, sql`q.id, q.created_at`, visible, sql`permit_texts`)})`,
    order: sql`m.created_at DESC, m.id DESC`,
    first: true,
  };
}
