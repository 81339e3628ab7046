import type { FilterOperator } from '@crossarm/shared';
import { type RawBuilder, sql } from 'kysely';
import { containsPattern } from '../../db/like.ts';

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
type Condition = (x: Sql, operator: PositiveOperator, value: unknown) => Sql;
/**
 * The rows one filter row keeps. `projects`, when given, is a `uuid[]` holding every project whose permits
 * are being read: a filter on places reads only those projects' places (the place index leads with the
 * project), however many other projects hold that stage, task or property.
 */
export type FilterSql = (operator: FilterOperator, value: unknown, projects?: Sql) => Sql;
/**
 * The same rows as the ids of the permits kept (`SELECT permit_id ...`), read from the places alone; null when
 * the row is kept by what a permit lacks (NotEquals), which no set of places names.
 */
export type FilterSetSql = (operator: FilterOperator, value: unknown, projects?: Sql) => Sql | null;

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
const ofEntry = (table: PlaceTable, entryId: string) => sql`${PLACE_ENTRY[table]} = ${entryId}`;

/** A cell read from the places of one library entry: the first of them in `order`. */
const entryCell = (table: PlaceTable, entryId: string, value: Sql, order: Sql): PlaceCell => ({
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

const text: Condition = (x, operator, value) =>
  operator === 'Contains'
    ? sql`${x} ILIKE ${containsPattern(String(value))}`
    : sql`lower(${x}) = lower(${String(value)})`;

const ordered: Condition = (x, operator, value) => sql`${x} ${sql.raw(COMPARE[operator])} ${value}`;

/** A whole-number column compared with any number (4.5, 1e12) exactly, as numeric rather than as its type. */
const wholeNumber: Condition = (x, operator, value) => ordered(x, operator, sql`${value}::numeric`);

/** Durations compare in whole days elapsed. */
const duration: Condition = (x, operator, value) => ordered(sql`floor(${x})`, operator, value);

const DAY_MS = 86_400_000;

/** A moment compared by its UTC day: the day's bounds are computed here and bound as parameters. */
const moment: Condition = (x, operator, value) => {
  const start = new Date(`${String(value)}T00:00:00Z`);
  const end = new Date(start.getTime() + DAY_MS);
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
const SHORT_STRING = sql`jsonb_typeof(v.value) = 'string' AND length(v.value::text) <= 256`;
const shortString: Condition = (x, operator, value) =>
  sql`(${SHORT_STRING} AND ${ordered(x, operator, value)})`;

/** Numbers stored as JSON, with the guard the partial number index is built with. */
const jsonNumber: Condition = (x, operator, value) =>
  sql`(jsonb_typeof(v.value) = 'number' AND ${ordered(x, operator, value)})`;

/** A column with one value per permit. */
function scalarFilter(x: Sql, condition: Condition): FilterSql {
  return (operator, value) =>
    operator === 'NotEquals'
      ? sql`NOT coalesce(${condition(x, 'Equals', value)}, false)`
      : condition(x, operator, value);
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
const placesOf = (place: Place) => sql`FROM ${place.from} WHERE ${place.permit} = p.id AND ${place.where}`;

/** Places that name their project, and so can be read for many permits at once. */
type ProjectPlace = Place & { project: Sql };

/** `FROM ... WHERE ...` naming the places of the permits of the projects of a `uuid[]`. */
const placesAmong = (place: ProjectPlace, projects: Sql) =>
  sql`FROM ${place.from} WHERE ${place.where} AND ${place.project} = ANY (${projects})`;

/** A `keySet` whose key is `key`, an aggregate over each permit's places. */
const placeKeySet =
  (place: ProjectPlace, key: Sql) =>
  (projects: Sql): Sql =>
    sql`SELECT ${place.permit} AS permit_id, ${key} AS key ${placesAmong(place, projects)} GROUP BY ${place.permit}`;
/**
 * A set whose keys read some permits' key on their own (a subquery the planner prices for every permit, though
 * few run it), kept whole before it is joined: priced so, the planner otherwise met it in permit order by
 * reading every permit through its key (1.7 s of 2.1 for a summary at a million permits).
 */
const keptWhole = (set: Sql) => sql`WITH places AS MATERIALIZED (${set}) SELECT * FROM places`;

/**
 * The `keySet` of a column whose key is its permit's first place in an order read from another table (a task's
 * stage): most permits have one such place, whose value is the key, read without that table; a permit with
 * more has its key read on its own (`own`, the column's key of the permit `p`).
 */
const firstPlaceKeySet = (place: ProjectPlace, value: Sql, own: Sql) => (projects: Sql) =>
  keptWhole(
    placeKeySet(
      place,
      sql`CASE WHEN count(*) = 1 THEN min(${value})
        ELSE (SELECT ${own} FROM permits p WHERE p.id = ${place.permit}) END`,
    )(projects),
  );
/** A `keySet` whose key is the value of each permit's first place in `order`, one sort of the places. */
const firstPlaceSet =
  (place: ProjectPlace, value: Sql, order: Sql) =>
  (projects: Sql): Sql =>
    sql`SELECT DISTINCT ON (${place.permit}) ${place.permit} AS permit_id, ${value} AS key
      ${placesAmong(place, projects)} ORDER BY ${place.permit}, ${order}`;

/** A column read from the permit's places. */
function placeFilter(
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

const textColumn = (x: Sql): ColumnSql => ({
  shown: x,
  sort: sql`lower(${x})`,
  filter: scalarFilter(x, text),
});
/** Codes are written in one case: they sort as stored, which the indexes on them serve. */
const codeColumn = (x: Sql): ColumnSql => ({ ...textColumn(x), sort: x });
/**
 * A stage's place in workflow order as one text: its position in the workflow (ten digits, which any integer
 * fits) before its lower-cased name, so that stages at the same place in different workflows come together
 * by name. The expression of `permit_stages_active_order_idx`, which a page of the whole program sorted by
 * the active stage reads in order.
 */
const ACTIVE_STAGE_ORDER = sql`(lpad(s.position::text, 10, '0') || ' ' || lower(s.name))`;

const momentRead = (raw: unknown) => (raw instanceof Date ? raw.toISOString() : raw);

const userName = sql`u.first_name || ' ' || u.last_name`;
/** The people of a set of user ids (`FROM ... WHERE ...` yielding `uid`), by name. */
const usersJson = (ids: Sql) =>
  sql`(SELECT json_agg(json_build_object('id', u.id, 'name', ${userName}) ORDER BY u.last_name, u.first_name, u.id)
    FROM users u WHERE u.id IN (SELECT uid ${ids}))`;
/** The first name of the people `u` of a group, ignoring case: a people column's sort key, as an aggregate. */
const firstUserNameOfGroup = sql`min(lower(${userName}))`;
const firstUserName = (ids: Sql) =>
  sql`(SELECT ${firstUserNameOfGroup} FROM users u WHERE u.id IN (SELECT uid ${ids}))`;

const usersColumn = (
  ids: Sql,
  filters: Pick<ColumnSql, 'filter' | 'filterSet' | 'assigned' | 'keySet'>,
): ColumnSql => ({
  shown: usersJson(ids),
  sort: firstUserName(ids),
  ...filters,
  read: (raw) => raw ?? null,
});

const OPEN_TASK = sql`t.status IN ('ReadyToBegin', 'InProgress')`;
/**
 * The permit's next up task (the first open task of its active stage), which the database keeps on the
 * permit as `next_up_task_key` whenever the stage or a task changes.
 */
const nextUpTask = (field: Sql) =>
  sql`(SELECT ${field} FROM permit_tasks t WHERE t.permit_id = p.id AND t.task_key = p.next_up_task_key)`;
/** The next up tasks `t` of the permits `q`, which name them. */
const NEXT_UP_TASKS = sql`permits q JOIN permit_tasks t ON t.permit_id = q.id AND t.task_key = q.next_up_task_key`;
/** The next up task (`permit_id`, `task_key`, `name`) of each permit of the projects of a `uuid[]`. */
const nextUpTasksOf = (
  projects: Sql,
) => sql`SELECT q.id AS permit_id, t.task_key, t.name FROM ${NEXT_UP_TASKS}
  WHERE q.project_id = ANY (${projects}) AND t.project_id = ANY (${projects}) AND ${OPEN_TASK}`;

/**
 * Organizations that sort keys read by join rather than one lookup a permit: the permit's applicant and its
 * project's pole owner. Sorting the whole program is then one hash join with a few hundred organizations,
 * not a lookup for each of 400,000 permits. A statement joins them only when a key reads them (the planner
 * drops an unread join, but still reads the permit's columns it names, which can choose a wider index).
 */
export const APPLICANT_JOIN = sql`LEFT JOIN organizations applicant ON applicant.id = p.applicant_organization_id`;
export const POLE_OWNER_JOIN = sql`LEFT JOIN organizations pole_owner ON pole_owner.id = pr.owner_organization_id`;

export const PERMIT_COLUMN_SQL: Record<string, ColumnSql> = {
  'permit.PermitNumber': codeColumn(sql`p.permit_number`),
  'permit.ApplicantName': {
    ...textColumn(sql`(SELECT o.name FROM organizations o WHERE o.id = p.applicant_organization_id)`),
    // Shown by a join: the lookup for each row scanned all organizations (the planner reads a small
    // table whole rather than by its key).
    shown: sql`applicant.name`,
    shownJoins: [APPLICANT_JOIN],
    sort: sql`lower(applicant.name)`,
    sortJoins: [APPLICANT_JOIN],
  },
  'permit.Location': textColumn(sql`p.location`),
  'permit.CreateDate': {
    shown: sql`p.created_at`,
    filter: scalarFilter(sql`p.created_at`, moment),
    read: momentRead,
  },
  'permit.LastActivity': {
    shown: sql`p.last_activity_at`,
    filter: scalarFilter(sql`p.last_activity_at`, moment),
    read: momentRead,
  },
  'permit.Status': { shown: sql`p.status`, filter: scalarFilter(sql`p.status`, ordered) },
  'permit.ActualPoles': {
    shown: sql`p.actual_poles`,
    filter: scalarFilter(sql`p.actual_poles`, wholeNumber),
  },
  'permit.Metadata': {
    shown: sql`(SELECT json_build_object('workflow', g.name, 'version', wt.version,
        'files', (SELECT count(*) FROM permit_files f WHERE f.permit_id = p.id AND f.deleted_at IS NULL),
        'comments', (SELECT count(*) FROM permit_comments c WHERE c.permit_id = p.id))
      FROM workflow_templates wt JOIN workflow_template_groups g ON g.id = wt.group_id
      WHERE wt.id = p.template_id)`,
  },
  'project.Name': textColumn(sql`pr.name`),
  'project.ProjectCode': codeColumn(sql`pr.project_code`),
  'workflow.ActiveStage': {
    shown: sql`(SELECT s.library_entry_id::text FROM permit_stages s
      WHERE s.permit_id = p.id AND s.stage_key = p.active_stage_key)`,
    place: {
      table: 'stages',
      value: sql`s.library_entry_id::text`,
      when: sql`s.stage_key = p.active_stage_key`,
    },
    // The active stage in workflow order (see ACTIVE_STAGE_ORDER), which the index on the active stages
    // holds in order (the stage the permit names is the one whose status is Active: the workflow engine
    // writes both together).
    sort: sql`(SELECT ${ACTIVE_STAGE_ORDER} FROM permit_stages s
      WHERE s.permit_id = p.id AND s.stage_key = p.active_stage_key AND s.status = 'Active')`,
    keySet: (projects) => sql`SELECT s.permit_id, ${ACTIVE_STAGE_ORDER} AS key
      FROM permit_stages s JOIN permits q ON q.id = s.permit_id AND q.active_stage_key = s.stage_key
      WHERE s.status = 'Active' AND s.project_id = ANY (${projects})`,
    walk: {
      from: sql`permit_stages s`,
      where: sql`s.status = 'Active'`,
      key: ACTIVE_STAGE_ORDER,
      permit: sql`s.permit_id`,
      project: sql`s.project_id`,
      current: sql`EXISTS (SELECT 1 FROM permits q WHERE q.id = s.permit_id AND q.active_stage_key = s.stage_key)`,
    },
    // The active stage is the one stage whose status is Active (the permit's `active_stage_key` names it).
    // Found by status rather than by the permit's key, the condition names the permit alone: the planner
    // reads the visible projects' active stages of that entry from the filter index once, as a hashed
    // set, instead of probing each visible permit's stage.
    ...placeFilter(
      {
        from: sql`permit_stages s`,
        permit: sql`s.permit_id`,
        where: sql`s.status = 'Active'`,
        project: sql`s.project_id`,
      },
      sql`s.library_entry_id`,
      ordered,
    ),
  },
  'workflow.NextUpTask': {
    shown: nextUpTask(sql`t.library_entry_id::text`),
    place: {
      table: 'tasks',
      value: sql`t.library_entry_id::text`,
      when: sql`t.task_key = p.next_up_task_key`,
    },
    sort: nextUpTask(sql`lower(t.name)`),
    keySet: (projects) =>
      sql`SELECT next_up.permit_id, lower(next_up.name) AS key FROM (${nextUpTasksOf(projects)}) next_up`,
    // The open tasks by name, in the index on them: a task is the permit's next up when the permit names it.
    walk: {
      from: sql`permit_tasks t`,
      where: OPEN_TASK,
      key: sql`lower(t.name)`,
      permit: sql`t.permit_id`,
      project: sql`t.project_id`,
      current: sql`EXISTS (SELECT 1 FROM permits q WHERE q.id = t.permit_id AND q.next_up_task_key = t.task_key)`,
    },
    // A permit's own next up task is one lookup; as a set, the open tasks of the entry that are their
    // permit's next up.
    filter: scalarFilter(nextUpTask(sql`t.library_entry_id`), ordered),
    filterSet: placeFilter(
      { from: NEXT_UP_TASKS, permit: sql`t.permit_id`, where: OPEN_TASK, project: sql`t.project_id` },
      sql`t.library_entry_id`,
      ordered,
    ).filterSet,
  },
  'workflow.NextUpTaskAssignees': (() => {
    const onNextUp = sql`a.task_key = p.next_up_task_key`;
    const ids = sql`FROM (SELECT a.user_id AS uid FROM permit_task_assignments a
      WHERE a.permit_id = p.id AND ${onNextUp}) next_up`;
    const person = sql`a.user_id`;
    return usersColumn(ids, {
      assigned: { taskKeys: sql`array_agg(t.task_key) FILTER (WHERE t.task_key = p.next_up_task_key)` },
      // Each permit's next up task, then the people assigned to it.
      keySet: (projects) => sql`SELECT q.id AS permit_id, ${firstUserNameOfGroup} AS key
        FROM permits q JOIN permit_task_assignments a ON a.permit_id = q.id AND a.task_key = q.next_up_task_key
          AND a.task_open
        JOIN users u ON u.id = a.user_id
        WHERE q.project_id = ANY (${projects})
        GROUP BY q.id`,
      // A permit's own: its assignments to the task it names. As a set: the person's assignments to the
      // task their permit names.
      filter: placeFilter(
        { from: sql`permit_task_assignments a`, permit: sql`a.permit_id`, where: onNextUp, project: null },
        person,
        ordered,
        'Contains',
      ).filter,
      filterSet: placeFilter(
        {
          from: sql`permit_task_assignments a JOIN permits q ON q.id = a.permit_id AND q.next_up_task_key = a.task_key`,
          permit: sql`a.permit_id`,
          where: sql`a.task_open`,
          project: sql`q.project_id`,
        },
        person,
        ordered,
        'Contains',
      ).filterSet,
    });
  })(),
};

/**
 * The joint use side of the permit's project: its pole owner (the organization, by id), and the caller's
 * organization's role in it, which `owned` (the visible projects it owns) decides. Both are read through the
 * permit's project alone, so a filter is a list of projects that the permits index on project serves.
 */
export function jointUseColumnSql(owned: string[]): Record<string, ColumnSql> {
  const poleOwner = sql`(SELECT j.owner_organization_id::text FROM projects j WHERE j.id = p.project_id)`;
  const ownedBy = (value: unknown) =>
    sql`(SELECT j.id FROM projects j WHERE j.owner_organization_id = ${value})`;
  const ours = sql`p.project_id = ANY (${owned}::uuid[])`;
  return {
    'jointUseProject.PoleOwner': {
      shown: poleOwner,
      sort: sql`lower(pole_owner.name)`,
      sortJoins: [POLE_OWNER_JOIN],
      // Read from the project every statement joins, rather than looked up again for each permit.
      aggregate: sql`pr.owner_organization_id`,
      filter: (operator, value) =>
        operator === 'NotEquals'
          ? sql`p.project_id NOT IN ${ownedBy(value)}`
          : sql`p.project_id IN ${ownedBy(value)}`,
    },
    'jointUseProject.YourRole': {
      shown: sql`CASE WHEN ${ours} THEN 'PoleOwner' ELSE 'AttacherOrg' END`,
      filter: (operator, value) => {
        const keepsOurs = (value === 'PoleOwner') !== (operator === 'NotEquals');
        return keepsOurs ? ours : sql`NOT (${ours})`;
      },
    },
  };
}

/** The permit's stages with the entry, first first. */
const stagePlace = (entryId: string): ProjectPlace => ({
  from: sql`permit_stages s`,
  permit: sql`s.permit_id`,
  where: ofEntry('stages', entryId),
  project: sql`s.project_id`,
});
const elapsedDays = (from: Sql, to: Sql) =>
  sql`(extract(epoch FROM (coalesce(${to}, now()) - ${from})) / 86400)::float8`;

export function stageColumnSql(entryId: string, field: 'ActiveTask' | 'ElapsedTime'): ColumnSql {
  if (field === 'ActiveTask') {
    const activeTask = (value: Sql) =>
      sql`(SELECT ${value} FROM permit_stages s
        JOIN permit_tasks t ON t.permit_id = s.permit_id AND t.stage_key = s.stage_key
        WHERE s.permit_id = p.id AND s.library_entry_id = ${entryId} AND ${OPEN_TASK}
        ORDER BY s.position, t.position LIMIT 1)`;
    return {
      shown: activeTask(sql`t.library_entry_id::text`),
      place: {
        table: 'tasks',
        value: sql`t.library_entry_id::text`,
        when: sql`s.library_entry_id = ${entryId} AND ${OPEN_TASK}`,
        order: sql`s.position, t.position`,
      },
      sort: activeTask(sql`lower(t.name)`),
      // The stages and the open tasks are read from their indexes alone. A permit's open tasks in one such
      // stage are ordered by position; a permit with two stages of the entry has its key read on its own.
      keySet: (projects) =>
        keptWhole(sql`SELECT s.permit_id,
            CASE WHEN min(s.stage_key::text) = max(s.stage_key::text)
              THEN (array_agg(lower(t.name) ORDER BY t.position))[1]
              ELSE (SELECT ${activeTask(sql`lower(t.name)`)} FROM permits p WHERE p.id = s.permit_id) END AS key
          FROM permit_stages s JOIN permit_tasks t ON t.permit_id = s.permit_id AND t.stage_key = s.stage_key
          WHERE s.library_entry_id = ${entryId} AND ${OPEN_TASK}
            AND s.project_id = ANY (${projects}) AND t.project_id = ANY (${projects})
          GROUP BY s.permit_id`),
      filter: scalarFilter(activeTask(sql`t.library_entry_id`), ordered),
    };
  }
  const x = elapsedDays(sql`s.started_at`, sql`s.completed_at`);
  const first = sql`(SELECT ${x} ${placesOf(stagePlace(entryId))} ORDER BY s.position LIMIT 1)`;
  return {
    shown: first,
    keySet: firstPlaceSet(stagePlace(entryId), x, sql`s.position`),
    place: entryCell('stages', entryId, x, sql`s.position`),
    ...placeFilter(stagePlace(entryId), x, duration),
  };
}

/**
 * The days a permit's clock (a `permit_timers` row under `alias`) has run by `now`: calendar or business days
 * in its zone, from its start to its stop (or now), less the holds it pauses for, as `timer_counted_days`
 * (see its migration) counts them. The shared timer clock reads a timer the same way.
 */
export function timerDaysSql(alias: string, now: Sql = sql`now()`): Sql {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql`timer_counted_days(${sql.join(
    ['started_at', 'stopped_at', 'pauses_on_hold', 'holds', 'day_kind', 'time_zone'].map(column),
  )}, ${now})`;
}

/**
 * How far a clock's counted days can run ahead of the real time it spans: a local day shortened by a
 * change of offset counts whole (an hour a year with daylight saving; a whole day where a zone once
 * skipped a date). Business days and holds only ever count less.
 */
export const CLOCK_DAYS_AHEAD = 2;
/** No clock spans a million days: a larger bound asks no more of a clock's span. */
const MAX_SPAN_DAYS = 1_000_000;

/**
 * Days on a clock (`tm`) compared in whole days, as `duration`. A lower bound first asks the cheap question
 * whether the clock has spanned that long at all (less `CLOCK_DAYS_AHEAD`), so that only such clocks have
 * their days counted: a filter for clocks past 30 days no longer counts every clock of the task.
 */
const clockDuration: Condition = (x, operator, value) => {
  const compared = duration(x, operator, value);
  const lowerBound =
    operator === 'GreaterThan' || operator === 'GreaterThanOrEquals' || operator === 'Equals';
  // Bounds this low keep clocks that have not run at all (or start later than the database's clock).
  const spanDays = Number(value) - CLOCK_DAYS_AHEAD;
  if (!lowerBound || !(spanDays > 0)) return compared;
  // Capped, so that the span stays an interval PostgreSQL can hold.
  const spanned = sql`coalesce(tm.stopped_at, now()) - tm.started_at
    >= make_interval(secs => ${Math.min(spanDays, MAX_SPAN_DAYS) * 86_400}::float8)`;
  return sql`(${spanned} AND ${compared})`;
};

/** The permit's tasks with the entry; the first is the one in the earliest stage. */
const taskPlace = (entryId: string): ProjectPlace => ({
  from: sql`permit_tasks t`,
  permit: sql`t.permit_id`,
  where: ofEntry('tasks', entryId),
  project: sql`t.project_id`,
});
const taskOrder = sql`ORDER BY (SELECT s.position FROM permit_stages s
  WHERE s.permit_id = t.permit_id AND s.stage_key = t.stage_key), t.position LIMIT 1`;

export type TaskField = 'PersonAssigned' | 'Status' | 'ElapsedTime' | 'ElapsedTimeOnTimer';

export function taskColumnSql(entryId: string, field: TaskField): ColumnSql {
  const first = (x: Sql) => sql`(SELECT ${x} ${placesOf(taskPlace(entryId))} ${taskOrder})`;
  const place = (value: Sql) => entryCell('tasks', entryId, value, sql`s.position, t.position`);
  const firstSet = (x: Sql) => firstPlaceKeySet(taskPlace(entryId), x, first(x));
  switch (field) {
    case 'PersonAssigned': {
      const assigned: ProjectPlace = {
        ...taskPlace(entryId),
        from: sql`permit_tasks t
          JOIN permit_task_assignments a ON a.permit_id = t.permit_id AND a.task_key = t.task_key`,
      };
      return usersColumn(sql`FROM (SELECT a.user_id AS uid ${placesOf(assigned)}) assigned`, {
        assigned: {
          taskKeys: sql`array_agg(t.task_key) FILTER (WHERE ${assigned.where})`,
          entry: entryId,
        },
        keySet: placeKeySet(
          { ...assigned, from: sql`${assigned.from} JOIN users u ON u.id = a.user_id` },
          firstUserNameOfGroup,
        ),
        ...placeFilter(assigned, sql`a.user_id`, ordered, 'Contains'),
      });
    }
    case 'Status':
      return {
        shown: first(sql`t.status`),
        place: place(sql`t.status`),
        keySet: firstSet(sql`t.status`),
        ...placeFilter(taskPlace(entryId), sql`t.status`, ordered),
      };
    case 'ElapsedTime': {
      const x = elapsedDays(sql`t.ready_at`, sql`t.completed_at`);
      return {
        shown: first(x),
        place: place(x),
        keySet: firstSet(x),
        ...placeFilter(taskPlace(entryId), x, duration),
      };
    }
    case 'ElapsedTimeOnTimer': {
      // The days the task's clock has run, read from the permit's clocks of that task (each clock names its
      // task's entry); a task whose clock has not started has none. Where a permit has two such clocks, the
      // one started first counts.
      const clocks: ProjectPlace = {
        from: sql`permit_timers tm`,
        permit: sql`tm.permit_id`,
        where: sql`tm.owner_entry_id = ${entryId}`,
        project: sql`tm.project_id`,
      };
      const days = timerDaysSql('tm');
      return {
        // Named by project, task and permit, the clock is read from the index the filter and the sets read,
        // already in the order that picks the first.
        shown: sql`(SELECT ${days} ${placesOf(clocks)} AND tm.project_id = p.project_id
          ORDER BY tm.started_at LIMIT 1)`,
        keySet: firstPlaceSet(clocks, days, sql`tm.started_at`),
        ...placeFilter(clocks, days, clockDuration),
      };
    }
  }
}

/** How a property's values are compared. */
export type PropertyReading = 'Text' | 'Number' | 'Date' | 'Enum' | 'Boolean' | 'Users' | 'Files';

const valuePlace = (entryId: string): ProjectPlace => ({
  from: sql`permit_property_values v`,
  permit: sql`v.permit_id`,
  where: ofEntry('values', entryId),
  project: sql`v.project_id`,
});

const NUMBER_VALUE = sql`CASE WHEN jsonb_typeof(v.value) = 'number' THEN (v.value #>> '{}')::float8 END`;
const TEXT_VALUE = sql`(v.value #>> '{}')`;
const SHORT_TEXT_VALUE = sql`CASE WHEN ${SHORT_STRING} THEN ${TEXT_VALUE} END`;

/**
 * The permit's value of a property is its latest (a property can be filled in on the permit and on tasks);
 * where two were written at once, the permit's own, then the task's first by key.
 */
const LATEST_FIRST = sql`v.updated_at DESC, v.task_key ASC NULLS FIRST`;

/** Whether the value `v` is its permit's value of the property: no other value of it comes first. */
const isLatest = (entryId: string) => sql`NOT EXISTS (SELECT 1 FROM permit_property_values w
  WHERE w.permit_id = v.permit_id AND w.property_entry_id = ${entryId} AND (w.updated_at > v.updated_at
    OR (w.updated_at = v.updated_at AND v.task_key IS NOT NULL AND (w.task_key IS NULL OR w.task_key < v.task_key))))`;

/** The values of a property an index holds in the order of `key`, among those `guard` keeps. */
const valueWalk = (entryId: string, guard: Sql, key: Sql): SortWalk => ({
  from: sql`permit_property_values v`,
  where: sql`${ofEntry('values', entryId)} AND ${guard}`,
  key,
  permit: sql`v.permit_id`,
  project: sql`v.project_id`,
  current: isLatest(entryId),
});

export function propertyColumnSql(entryId: string, reading: PropertyReading): ColumnSql {
  const place = valuePlace(entryId);
  const latest = (x: Sql) => sql`(SELECT ${x} ${placesOf(place)} ORDER BY ${LATEST_FIRST} LIMIT 1)`;
  const latestPlace = (value: Sql) => entryCell('values', entryId, value, LATEST_FIRST);
  switch (reading) {
    case 'Text':
      return {
        shown: latest(TEXT_VALUE),
        place: latestPlace(TEXT_VALUE),
        sort: latest(sql`lower(${TEXT_VALUE})`),
        keySet: firstPlaceSet(place, sql`lower(${TEXT_VALUE})`, LATEST_FIRST),
        ...placeFilter(place, TEXT_VALUE, text),
      };
    case 'Number':
      return {
        shown: latest(NUMBER_VALUE),
        place: latestPlace(NUMBER_VALUE),
        walk: valueWalk(entryId, sql`jsonb_typeof(v.value) = 'number'`, NUMBER_VALUE),
        keySet: firstPlaceSet(place, NUMBER_VALUE, LATEST_FIRST),
        ...placeFilter(place, NUMBER_VALUE, jsonNumber),
      };
    case 'Date':
    case 'Enum':
      // Dates and choices are short strings; one that is not (written by other means) sorts with the empty
      // values, as no filter on the column keeps it either.
      return {
        shown: latest(TEXT_VALUE),
        place: latestPlace(TEXT_VALUE),
        sort: latest(SHORT_TEXT_VALUE),
        walk: valueWalk(entryId, SHORT_STRING, TEXT_VALUE),
        keySet: firstPlaceSet(place, SHORT_TEXT_VALUE, LATEST_FIRST),
        ...placeFilter(place, TEXT_VALUE, shortString),
      };
    case 'Boolean': {
      const x = sql`CASE WHEN jsonb_typeof(v.value) = 'boolean' THEN (v.value)::boolean END`;
      return {
        shown: latest(x),
        place: latestPlace(x),
        keySet: firstPlaceSet(place, x, LATEST_FIRST),
        ...placeFilter(place, x, ordered),
      };
    }
    case 'Users': {
      const ids = sql`FROM (SELECT u_id::uuid AS uid FROM jsonb_array_elements_text(
        ${latest(sql`CASE WHEN jsonb_typeof(v.value) = 'array' THEN v.value WHEN jsonb_typeof(v.value) = 'string'
          THEN jsonb_build_array(v.value) ELSE '[]'::jsonb END`)}) AS picked(u_id)) picked_users`;
      return usersColumn(
        ids,
        placeFilter(
          place,
          sql`v.value`,
          (x, _operator, value) => sql`${x} @> to_jsonb(${String(value)}::text)`,
          'Contains',
        ),
      );
    }
    case 'Files':
      return {
        shown: latest(sql`v.value`),
        place: latestPlace(sql`v.value`),
        aggregate: latest(
          sql`CASE WHEN jsonb_typeof(v.value) = 'array' AND jsonb_array_length(v.value) > 0 THEN 1 END`,
        ),
      };
  }
}
