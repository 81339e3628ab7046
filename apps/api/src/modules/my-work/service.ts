import {
  type MentionsShow,
  type MyMention,
  type MyMentionsPage,
  type MyTask,
  type MyTaskSort,
  type MyTasksPage,
  type MyWorkPageQuery,
  type OpenTaskStatus,
  type ParsedMyTasksRequest,
  type PermitStatus,
  readTimer,
  type TimerDayKind,
  type TimerHold,
} from '@crossarm/shared';
import { type RawBuilder, sql } from 'kysely';
import { containsPattern } from '../../db/like.ts';
import type { ServiceContext } from '../../http/context.ts';
import { timerDaysSql } from '../overview/place-columns.ts';
import { isVisible, scopeOf } from '../overview/visibility.ts';
import { fullName } from '../projects/repo.ts';
import { commentExcerpt } from './excerpt.ts';

// My Work reads start from the caller (the assignment and mention indexes lead by user) and keep only the
// permits the overview's visibility rule lets them see now: a person who lost access to a project, or whose
// organization no longer takes part, no longer finds its tasks or mentions here.
//
// The assignments are the caller's open ones (`task_open`, which the database keeps from the task's status),
// so a long history of completed tasks is never read. Each assignment's task, permit and stage are read by
// key, one probe each a row (`myTask`, `visiblePermit`).
// Written as plain joins, the planner met the caller's assignments with a hashed read of every visible
// permit (400,000 at a million permits), of every stage, or of each permit's twenty tasks to find one: a page
// took 0.4 to 0.7 s for a person with 2,000 assignments on PGlite. `OFFSET 0` keeps each read a subquery of
// its own, run for the row that names it.

type Sql = RawBuilder<unknown>;

/** The permit `permitId` names, as `p`, when the caller sees it (and it passes `more`): one read by key. */
const visiblePermit = (ctx: ServiceContext, permitId: Sql, more: Sql[] = []) =>
  sql`LATERAL (SELECT p.id, p.permit_number, p.status, p.project_id, p.location FROM permits p
    WHERE ${sql.join([sql`p.id = ${permitId}`, isVisible(scopeOf(ctx)), ...more], sql` AND `)} OFFSET 0) p`;

/** The open task an assignment `a` names, as `t` (passing `more`): one read by key. */
const myTask = (more: Sql[]) =>
  sql`LATERAL (SELECT t.task_key, t.stage_key, t.name, t.status, t.position FROM permit_tasks t
    WHERE ${sql.join([sql`t.permit_id = a.permit_id AND t.task_key = a.task_key`, sql`t.status <> 'Completed'`, ...more], sql` AND `)}
    OFFSET 0) t`;

/**
 * When a task's clock runs out, as the list shows it: the moment kept with the clock, or, for a clock a hold
 * has paused (which keeps none), when it would run out were it to resume now: the days it has left counted on
 * from now. A day mark counts days from Monday 2001-01-01 (UTC, where every clock runs), so the mark to reach
 * is now's plus the days left, and the moment of a mark is that many days on from then, plus the weekends
 * passed for business days (two for every five).
 */
const DUE_AT = sql`coalesce(tm.due_at, CASE WHEN tm.pauses_on_hold THEN (
    SELECT to_timestamp(86400 * (11323 + mark.due + CASE WHEN tm.day_kind = 'Business' THEN 2 * floor(mark.due / 5) ELSE 0 END))
    FROM (SELECT timer_day_mark(now(), tm.day_kind, 'UTC') + greatest(0, tm.duration_days
      - ${timerDaysSql('tm')}) AS due) mark
  ) END)`;

const SORT_KEYS: Record<MyTaskSort, Sql> = {
  DueDate: DUE_AT,
  PermitNumber: sql`p.permit_number`,
  TaskName: sql`lower(t.name)`,
  Project: sql`lower(pr.name)`,
  AssignedAt: sql`a.assigned_at`,
};

interface TaskRow {
  permit_id: string;
  permit_number: string;
  permit_status: PermitStatus;
  project_id: string;
  project_name: string;
  project_code: string;
  stage_key: string;
  stage_name: string;
  task_key: string;
  task_name: string;
  status: OpenTaskStatus;
  assigned_at: Date;
  /** The task's running clock, when it has one. */
  timer_started_at: Date | null;
  duration_days: number | null;
  day_kind: TimerDayKind | null;
  time_zone: string | null;
  pauses_on_hold: boolean | null;
  holds: TimerHold[] | null;
  flagged: boolean | null;
  total: number;
}

/** The task's clock read now, or null when it has none running. */
function timerOf(row: TaskRow, now: Date): MyTask['timer'] {
  if (row.timer_started_at === null) return null;
  const holds = (row.holds ?? []).map((hold) => ({
    from: new Date(hold.from),
    to: hold.to === null ? null : new Date(hold.to),
  }));
  const reading = readTimer(
    {
      durationDays: row.duration_days ?? 0,
      dayKind: row.day_kind ?? 'Calendar',
      timeZone: row.time_zone ?? 'UTC',
      startedAt: row.timer_started_at,
      stoppedAt: null,
      pausesOnHold: row.pauses_on_hold === true,
      holds,
    },
    now,
  );
  return {
    dueAt: reading.dueAt?.toISOString() ?? null,
    remainingDays: reading.remainingDays,
    breached: reading.breached,
    flagged: row.flagged === true,
    paused: row.pauses_on_hold === true && holds.some((hold) => hold.to === null),
  };
}

function presentTask(row: TaskRow, now: Date): MyTask {
  return {
    permitId: row.permit_id,
    permitNumber: row.permit_number,
    permitStatus: row.permit_status,
    projectId: row.project_id,
    projectName: row.project_name,
    projectCode: row.project_code,
    stageKey: row.stage_key,
    stageName: row.stage_name,
    taskKey: row.task_key,
    taskName: row.task_name,
    status: row.status,
    assignedAt: row.assigned_at.toISOString(),
    timer: timerOf(row, now),
  };
}

/**
 * The open tasks assigned to the caller on permits it sees that are not cancelled, filtered and sorted as
 * asked, one page with the total. One statement.
 */
export async function myTasks(
  ctx: ServiceContext,
  body: ParsedMyTasksRequest,
  query: MyWorkPageQuery,
): Promise<MyTasksPage> {
  const { filter, sort } = body;
  const taskConditions: Sql[] = [];
  if (filter.statuses.length > 0) taskConditions.push(sql`t.status = ANY (${filter.statuses}::text[])`);
  const permitConditions: Sql[] = [sql`p.status <> 'Cancelled'`];
  if (filter.projectIds.length > 0) {
    permitConditions.push(sql`p.project_id = ANY (${filter.projectIds}::uuid[])`);
  }
  // The caller's open assignments (the index of them leaves their history of completed tasks aside).
  const conditions: Sql[] = [sql`a.user_id = ${ctx.session.user.id} AND a.task_open`];
  if (filter.text) {
    const pattern = containsPattern(filter.text);
    conditions.push(sql`(p.permit_number ILIKE ${pattern} OR p.location ILIKE ${pattern}
      OR t.name ILIKE ${pattern} OR s.name ILIKE ${pattern}
      OR (pr.name || ' ' || pr.project_code) ILIKE ${pattern})`);
  }
  const from = sql`permit_task_assignments a
    JOIN ${myTask(taskConditions)} ON true
    JOIN ${visiblePermit(ctx, sql`a.permit_id`, permitConditions)} ON true
    JOIN LATERAL (SELECT s.stage_key, s.name, s.position FROM permit_stages s
      WHERE s.permit_id = a.permit_id AND s.stage_key = t.stage_key OFFSET 0) s ON true
    JOIN projects pr ON pr.id = p.project_id`;
  const where = sql.join(conditions, sql` AND `);
  const direction = sort.direction === 'Descending' ? sql`DESC` : sql`ASC`;
  const result = await sql<TaskRow>`
    SELECT p.id AS permit_id, p.permit_number, p.status AS permit_status, pr.id AS project_id, pr.name AS project_name,
      pr.project_code, s.stage_key, s.name AS stage_name, t.task_key, t.name AS task_name, t.status,
      a.assigned_at, tm.started_at AS timer_started_at, tm.duration_days, tm.day_kind, tm.time_zone,
      tm.pauses_on_hold, tm.holds, tm.flagged,
      count(*) OVER ()::int AS total
    FROM ${from}
    LEFT JOIN permit_timers tm ON tm.permit_id = a.permit_id AND tm.owner_key = t.task_key
      AND tm.stopped_at IS NULL
    WHERE ${where}
    ORDER BY ${SORT_KEYS[sort.column]} ${direction} NULLS LAST, p.permit_number, s.position, t.position
    LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`.execute(ctx.db);
  const now = new Date();
  const total = result.rows[0]?.total ?? (query.page > 1 ? await countTasks(ctx, from, where) : 0);
  return {
    items: result.rows.map((row) => presentTask(row, now)),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The total when the asked page lies past the last one. */
async function countTasks(ctx: ServiceContext, from: Sql, where: Sql) {
  const result = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM ${from} WHERE ${where}`.execute(ctx.db);
  return result.rows[0]?.total ?? 0;
}

interface MentionRow {
  comment_id: string;
  permit_id: string;
  permit_number: string;
  project_id: string;
  project_name: string;
  author_id: string | null;
  author_name: string | null;
  html: string;
  created_at: Date;
  read: boolean;
}

/**
 * The comments that mention the caller on permits it sees, newest first, all or only unread ones, one page
 * with the total and the number unread. Two statements.
 */
export async function myMentions(
  ctx: ServiceContext,
  show: MentionsShow,
  query: MyWorkPageQuery,
): Promise<MyMentionsPage> {
  const userId = ctx.session.user.id;
  const mine = sql`FROM permit_comment_mentions m
    JOIN permit_comments c ON c.id = m.comment_id
    JOIN ${visiblePermit(ctx, sql`m.permit_id`)} ON true
    JOIN projects pr ON pr.id = p.project_id
    LEFT JOIN users u ON u.id = c.author_user_id
    LEFT JOIN permit_comment_reads r ON r.user_id = m.user_id AND r.comment_id = m.comment_id
    WHERE m.user_id = ${userId}`;
  const [page, counts] = await Promise.all([
    sql<MentionRow>`
      SELECT c.id AS comment_id, p.id AS permit_id, p.permit_number, pr.id AS project_id,
        pr.name AS project_name, u.id AS author_id,
        ${fullName('u')} AS author_name,
        c.html, c.created_at, r.user_id IS NOT NULL AS read
      ${mine} ${show === 'Unread' ? sql`AND r.user_id IS NULL` : sql``}
      ORDER BY c.seq DESC
      LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}`
      .execute(ctx.db)
      .then((result) => result.rows),
    sql<{ total: number; unread: number }>`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE r.user_id IS NULL)::int AS unread ${mine}`
      .execute(ctx.db)
      .then((result) => result.rows[0]!),
  ]);
  return {
    items: page.map(presentMention),
    total: show === 'Unread' ? counts.unread : counts.total,
    unread: counts.unread,
    page: query.page,
    pageSize: query.pageSize,
  };
}

function presentMention(row: MentionRow): MyMention {
  return {
    commentId: row.comment_id,
    permitId: row.permit_id,
    permitNumber: row.permit_number,
    projectId: row.project_id,
    projectName: row.project_name,
    author: row.author_id ? { id: row.author_id, name: row.author_name ?? '' } : null,
    excerpt: commentExcerpt(row.html),
    createdAt: row.created_at.toISOString(),
    read: row.read,
  };
}
