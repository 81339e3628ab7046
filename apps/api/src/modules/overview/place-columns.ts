import { sql } from 'kysely';
import {
  type ColumnSql,
  type Condition,
  duration,
  entryCell,
  firstPlaceKeySet,
  firstPlaceSet,
  jsonNumber,
  keptWhole,
  LATEST_FIRST,
  ofEntry,
  ordered,
  type ProjectPlace,
  placeFilter,
  placeKeySet,
  placesOf,
  SHORT_STRING,
  type SortWalk,
  type Sql,
  scalarFilter,
  shortString,
  text,
} from './column-sql.ts';
import { equalsFact, FACT_TEXT, factValue, numberFacts } from './facts.ts';
import { firstUserNameOfGroup, OPEN_TASK, usersColumn } from './permit-columns.ts';

// The columns of one stage, task or property of the workflows in view, read from the permit's places (its
// stages, tasks and values with that library entry), and the clocks' elapsed days (see column-sql.ts).

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
        factFilter: equalsFact((status) => FACT_TEXT.taskStatus(entryId, status)),
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
        factFilter: numberFacts(entryId),
        factKey: factValue('value_numbers', entryId),
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
        factFilter: equalsFact((text) => FACT_TEXT.shortValue(entryId, text)),
        factKey: factValue('value_texts', entryId),
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
