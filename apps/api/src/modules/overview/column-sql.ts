import { type FilterOperator, localDayBounds } from '@crossarm/shared';
import { type RawBuilder, sql } from 'kysely';
import { containsPattern } from '../../db/like.ts';
import type { FactFilter } from './facts.ts';

// How each overview column reads in SQL, over the visible permit `p` and its project `pr`:
// - `shown`: the cell, evaluated only for the rows of the page being answered;
// - `sort` (by default `shown`): the key that orders rows, which the summary row sums up too, unless the
//   column sums something else (`aggregate`);
// - `filter`: the rows one filter row keeps, always with bound parameters.
// Stage, task and property columns are read from the permit's "places" (its stages, tasks or filled-in
// values with that library entry). A filter keeps a permit when one of its places matches, through an
// EXISTS that the planner can turn into a semi-join driven by the filter indexes; the cell shows the first
// place (by position; for values, the latest change). NotEquals keeps exactly what Equals leaves out.

export type Sql = RawBuilder<unknown>;
type PositiveOperator = Exclude<FilterOperator, 'NotEquals'>;
/** A condition on one value `x` for an operator other than NotEquals. */
/** A condition on `x`; `timeZone`, when given, is whose calendar days a date names (see `moment`). */
export type Condition = (x: Sql, operator: PositiveOperator, value: unknown, timeZone?: string) => Sql;
/**
 * The rows one filter row keeps. `projects`, when given, is a `uuid[]` holding every project whose permits
 * are being read: a filter on places reads only those projects' places (the place index leads with the
 * project), however many other projects hold that stage, task or property. `timeZone` is the caller's, whose
 * calendar days a date names.
 */
export type FilterSql = (operator: FilterOperator, value: unknown, projects?: Sql, timeZone?: string) => Sql;
/**
 * The same rows as the ids of the permits kept (`SELECT permit_id ...`), read from the places alone; null when
 * the row is kept by what a permit lacks (NotEquals), which no set of places names.
 */
export type FilterSetSql = (operator: FilterOperator, value: unknown, projects?: Sql) => Sql | null;

/** Joins that keys or cells read (shared constants, such as `sortJoins`), each once. */
export const joinsSql = (joins: Sql[]) => sql.join([...new Set(joins)], sql` `);

/** The permit's rows a cell can be read from: its stages (`s`), its tasks with their stage (`t`, `s`), its values (`v`). */
export type PlaceTable = 'stages' | 'tasks' | 'values';

/**
 * A cell that is the first of the permit's places that fit (`when`) in an order: a page reads each place
 * table once per row for all such cells (one aggregate each) rather than once per cell. It yields what
 * `shown` yields.
 */
export interface PlaceCell {
  table: PlaceTable;
  value: Sql;
  when: Sql;
  /** None when at most one place can fit (a place the permit names by its key): nothing is sorted. */
  order?: Sql;
  /** The library entry every place of the cell is of, when `when` is that alone: a pass then reads only those. */
  entry?: string;
}

/** The column of each place table that names the place's library entry (for values, the property). */
export const PLACE_ENTRY: Record<PlaceTable, Sql> = {
  stages: sql`s.library_entry_id`,
  tasks: sql`t.library_entry_id`,
  values: sql`v.property_entry_id`,
};

/** The condition keeping a table's places of one library entry. */
export const ofEntry = (table: PlaceTable, entryId: string) => sql`${PLACE_ENTRY[table]} = ${entryId}`;

/**
 * The permit's value of a property is its latest (a property can be filled in on the permit and on tasks);
 * where two were written at once, the permit's own, then the task's first by key.
 */
export const LATEST_FIRST = sql`v.updated_at DESC, v.task_key ASC NULLS FIRST`;

/** A cell read from the places of one library entry: the first of them in `order`. */
export const entryCell = (table: PlaceTable, entryId: string, value: Sql, order: Sql): PlaceCell => ({
  table,
  value,
  when: ofEntry(table, entryId),
  order,
  entry: entryId,
});

/**
 * A sort key that an index over the permits' places holds in order: a page sorted by it first can read the
 * index in that order and stop once the page is full, rather than computing the key of every visible permit.
 * The column's `sort` is the key of the permit's `current` place when that place is among those `where`
 * picks, and empty otherwise.
 */
export interface SortWalk {
  /** The places' table, as `v`. */
  from: Sql;
  /** What picks the places the index holds: `key` is in the index's order among them. */
  where: Sql;
  key: Sql;
  permit: Sql;
  project: Sql;
  /** Whether the place `v` is the one its permit's cell is read from. */
  current: Sql;
}

export interface ColumnSql {
  shown: Sql;
  /** Joins `shown` reads besides the permit `p` and its project `pr` (one of the shared constants). */
  shownJoins?: Sql[];
  /** The same cell, read from the permit's places in one pass per table. */
  place?: PlaceCell;
  /**
   * For the people assigned to some of the permit's tasks: which tasks, as an aggregate over the permit's
   * tasks `t` (with their stage `s`) giving their keys (`uuid[]`), and the library entry they all have when
   * that alone picks them. A page reads the permit's tasks once for these keys and for the task cells, then
   * the permit's assignments once for all such cells.
   */
  assigned?: { taskKeys: Sql; entry?: string };
  sort?: Sql;
  /** Joins `sort` reads besides the permit `p` and its project `pr` (one of the shared constants). */
  sortJoins?: Sql[];
  /** How `sort` can be read in order from an index, when it can. */
  walk?: SortWalk;
  /**
   * The column's key (`sort`, which the summary row sums up unless `aggregate` says otherwise) for the
   * permits of the projects of a `uuid[]` at once: one grouped pass over their places yielding `permit_id`
   * and `key` (a permit without a row has no key). Sorting or summing a whole program then reads the keys
   * by one hash join, rather than reading each of 400,000 permits' places on its own.
   */
  keySet?: (projects: Sql) => Sql;
  /** What the summary row sums up, where it is not the key. */
  aggregate?: Sql;
  filter?: FilterSql;
  /** For a column read from places, `filter` as a set of permit ids. */
  filterSet?: FilterSetSql;
  /** `filter` answered from the permit's facts `f` where they can answer it (see facts.ts). */
  factFilter?: FactFilter;
  /** The key (`sort`, which the summary sums unless `aggregate` says otherwise) read from the facts `f`. */
  factKey?: Sql;
  /** How a raw shown value becomes the cell. */
  read?: (raw: unknown) => unknown;
}

const COMPARE: Record<PositiveOperator, string> = {
  Equals: '=',
  Contains: '=',
  LessThan: '<',
  LessThanOrEquals: '<=',
  GreaterThan: '>',
  GreaterThanOrEquals: '>=',
};

export const text: Condition = (x, operator, value) =>
  operator === 'Contains'
    ? sql`${x} ILIKE ${containsPattern(String(value))}`
    : sql`lower(${x}) = lower(${String(value)})`;

export const ordered: Condition = (x, operator, value) => sql`${x} ${sql.raw(COMPARE[operator])} ${value}`;

/** A whole-number column compared with any number (4.5, 1e12) exactly, as numeric rather than as its type. */
export const wholeNumber: Condition = (x, operator, value) => ordered(x, operator, sql`${value}::numeric`);

/** Durations compare in whole days elapsed. */
export const duration: Condition = (x, operator, value) => ordered(sql`floor(${x})`, operator, value);

/**
 * A moment compared by its calendar day in the caller's time zone (UTC when not given): the day's bounds are
 * computed here and bound as parameters, so an index on the moment still serves the comparison.
 */
export const moment: Condition = (x, operator, value, timeZone) => {
  const { start, end } = localDayBounds(String(value), timeZone);
  switch (operator) {
    case 'LessThan':
      return sql`${x} < ${start}`;
    case 'LessThanOrEquals':
      return sql`${x} < ${end}`;
    case 'GreaterThan':
      return sql`${x} >= ${end}`;
    case 'GreaterThanOrEquals':
      return sql`${x} >= ${start}`;
    default:
      return sql`(${x} >= ${start} AND ${x} < ${end})`;
  }
};

/** Short strings stored as JSON (dates, choices): the guard the partial expression index is built with. */
export const SHORT_STRING = sql`jsonb_typeof(v.value) = 'string' AND length(v.value::text) <= 256`;
export const shortString: Condition = (x, operator, value) =>
  sql`(${SHORT_STRING} AND ${ordered(x, operator, value)})`;

/** Numbers stored as JSON, with the guard the partial number index is built with. */
export const jsonNumber: Condition = (x, operator, value) =>
  sql`(jsonb_typeof(v.value) = 'number' AND ${ordered(x, operator, value)})`;

/** A column with one value per permit. */
export function scalarFilter(x: Sql, condition: Condition): FilterSql {
  return (operator, value, _projects, timeZone) =>
    operator === 'NotEquals'
      ? sql`NOT coalesce(${condition(x, 'Equals', value, timeZone)}, false)`
      : condition(x, operator, value, timeZone);
}

/**
 * Where a column's places are: `from` the tables, `permit` the column naming the place's permit, `where` what
 * else picks the permit's places of the column, and `project` the place's project column (a place is in its
 * permit's project). A place with a project can also be read as a set of permit ids, among the visible
 * projects' places alone; one without (its rows depend on more of the permit than its id) cannot.
 */
interface Place {
  from: Sql;
  permit: Sql;
  where: Sql;
  project: Sql | null;
}

/** `FROM ... WHERE ...` naming the places of the permit `p`. */
export const placesOf = (place: Place) =>
  sql`FROM ${place.from} WHERE ${place.permit} = p.id AND ${place.where}`;

/** Places that name their project, and so can be read for many permits at once. */
export type ProjectPlace = Place & { project: Sql };

/** `FROM ... WHERE ...` naming the places of the permits of the projects of a `uuid[]`. */
const placesAmong = (place: ProjectPlace, projects: Sql) =>
  sql`FROM ${place.from} WHERE ${place.where} AND ${place.project} = ANY (${projects})`;

/** A `keySet` whose key is `key`, an aggregate over each permit's places. */
export const placeKeySet =
  (place: ProjectPlace, key: Sql) =>
  (projects: Sql): Sql =>
    sql`SELECT ${place.permit} AS permit_id, ${key} AS key ${placesAmong(place, projects)} GROUP BY ${place.permit}`;
/**
 * A set whose keys read some permits' key on their own (a subquery the planner prices for every permit, though
 * few run it), kept whole before it is joined: priced so, the planner otherwise met it in permit order by
 * reading every permit through its key (1.7 s of 2.1 for a summary at a million permits).
 */
export const keptWhole = (set: Sql) => sql`WITH places AS MATERIALIZED (${set}) SELECT * FROM places`;

/**
 * The `keySet` of a column whose key is its permit's first place in an order read from another table (a task's
 * stage): most permits have one such place, whose value is the key, read without that table; a permit with
 * more has its key read on its own (`own`, the column's key of the permit `p`).
 */
export const firstPlaceKeySet = (place: ProjectPlace, value: Sql, own: Sql) => (projects: Sql) =>
  keptWhole(
    placeKeySet(
      place,
      sql`CASE WHEN count(*) = 1 THEN min(${value})
        ELSE (SELECT ${own} FROM permits p WHERE p.id = ${place.permit}) END`,
    )(projects),
  );
/** A `keySet` whose key is the value of each permit's first place in `order`, one sort of the places. */
export const firstPlaceSet =
  (place: ProjectPlace, value: Sql, order: Sql) =>
  (projects: Sql): Sql =>
    sql`SELECT DISTINCT ON (${place.permit}) ${place.permit} AS permit_id, ${value} AS key
      ${placesAmong(place, projects)} ORDER BY ${place.permit}, ${order}`;

/** A column read from the permit's places. */
export function placeFilter(
  place: Place,
  x: Sql,
  condition: Condition,
  negated: PositiveOperator = 'Equals',
): Pick<ColumnSql, 'filter' | 'filterSet'> {
  const among = (projects: Sql | undefined) =>
    projects && place.project ? sql` AND ${place.project} = ANY (${projects})` : sql``;
  return {
    filter: (operator, value, projects) =>
      operator === 'NotEquals'
        ? sql`NOT EXISTS (SELECT 1 ${placesOf(place)}${among(projects)} AND ${condition(x, negated, value)})`
        : sql`EXISTS (SELECT 1 ${placesOf(place)}${among(projects)} AND ${condition(x, operator, value)})`,
    filterSet:
      place.project === null
        ? undefined
        : (operator, value, projects) =>
            operator === 'NotEquals'
              ? null
              : sql`SELECT ${place.permit} FROM ${place.from} WHERE ${place.where}${among(projects)}
                AND ${condition(x, operator, value)}`,
  };
}
