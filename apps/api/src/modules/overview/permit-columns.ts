import { sql } from 'kysely';
import {
  type ColumnSql,
  moment,
  ordered,
  placeFilter,
  type Sql,
  scalarFilter,
  text,
  wholeNumber,
} from './column-sql.ts';
import { equalsFact, FACT_TEXT } from './facts.ts';

// The columns of the permit itself, its project and workflow (the active stage, the next up task and its
// people) and the joint use side of its project, as SQL over the visible permit `p` and its project `pr`
// (see column-sql.ts for what each part of a column is).

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
export const firstUserNameOfGroup = sql`min(lower(${userName}))`;
const firstUserName = (ids: Sql) =>
  sql`(SELECT ${firstUserNameOfGroup} FROM users u WHERE u.id IN (SELECT uid ${ids}))`;

export const usersColumn = (
  ids: Sql,
  filters: Pick<ColumnSql, 'filter' | 'filterSet' | 'assigned' | 'keySet'>,
): ColumnSql => ({
  shown: usersJson(ids),
  sort: firstUserName(ids),
  ...filters,
  read: (raw) => raw ?? null,
});

export const OPEN_TASK = sql`t.status IN ('ReadyToBegin', 'InProgress')`;
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
  'permit.PermitNumber': { ...codeColumn(sql`p.permit_number`), factKey: sql`f.permit_number` },
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
    factKey: sql`f.created_at`,
    filter: scalarFilter(sql`p.created_at`, moment),
    read: momentRead,
  },
  'permit.LastActivity': {
    shown: sql`p.last_activity_at`,
    filter: scalarFilter(sql`p.last_activity_at`, moment),
    read: momentRead,
  },
  'permit.Status': {
    shown: sql`p.status`,
    filter: scalarFilter(sql`p.status`, ordered),
    factFilter: equalsFact(FACT_TEXT.status),
    factKey: sql`f.status`,
  },
  'permit.ActualPoles': {
    shown: sql`p.actual_poles`,
    factKey: sql`f.actual_poles`,
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
    factFilter: equalsFact(FACT_TEXT.activeStage),
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
