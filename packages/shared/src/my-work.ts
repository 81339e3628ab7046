import { z } from 'zod';
import { SortDirection } from './overview.ts';
import { MAX_PAGE_SIZE, pageOf } from './paging.ts';
import { PermitStatus, TaskStatus } from './permits.ts';

// My Work: the open tasks assigned to the caller and the comments that mention them, on the permits they
// can still see (`POST joint-use/my-work/tasks` and `POST joint-use/my-work/mentions`).

/** `?page=1&pageSize=25`: pages count from 1. */
export const MyWorkPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export type MyWorkPageQuery = z.infer<typeof MyWorkPageQuery>;

/** The statuses of a task that is still to do; completed tasks leave My Work. */
export const OpenTaskStatus = TaskStatus.exclude(['Completed']);
export type OpenTaskStatus = z.infer<typeof OpenTaskStatus>;

export const MY_TASK_SORTS = ['DueDate', 'PermitNumber', 'TaskName', 'Project', 'AssignedAt'] as const;
export const MyTaskSort = z.enum(MY_TASK_SORTS);
export type MyTaskSort = z.infer<typeof MyTaskSort>;

export const MAX_MY_WORK_PROJECTS = 100;

export const MyTasksFilter = z.object({
  /** Only tasks of these projects; none or empty means all. */
  projectIds: z.array(z.uuid()).max(MAX_MY_WORK_PROJECTS).default([]),
  /** Only tasks in these statuses; none or empty means every open status. */
  statuses: z.array(OpenTaskStatus).max(OpenTaskStatus.options.length).default([]),
  /** Text in the permit number, location, task or stage name, or project name or code (ignoring case). */
  text: z.string().trim().max(200).default(''),
});
export type MyTasksFilter = z.infer<typeof MyTasksFilter>;

/** Due date sorts tasks without a running clock last either way; ties go by permit number. */
export const MyTasksRequest = z.object({
  filter: MyTasksFilter.default({ projectIds: [], statuses: [], text: '' }),
  sort: z
    .object({ column: MyTaskSort.default('DueDate'), direction: SortDirection.default('Ascending') })
    .default({ column: 'DueDate', direction: 'Ascending' }),
});
export type MyTasksRequest = z.input<typeof MyTasksRequest>;
export type ParsedMyTasksRequest = z.infer<typeof MyTasksRequest>;

/** The clock on an assigned task, read now. */
export const MyTaskTimer = z.object({
  /** When it ran out, or will if it keeps running. */
  dueAt: z.string().nullable(),
  /** Days left (calendar or business days as the clock counts); zero once breached. */
  remainingDays: z.number(),
  breached: z.boolean(),
  /** Shown as overdue: the clock ran out and its template asks to flag it. */
  flagged: z.boolean(),
  /** Paused while the permit is on hold. */
  paused: z.boolean(),
});
export type MyTaskTimer = z.infer<typeof MyTaskTimer>;

export const MyTask = z.object({
  permitId: z.uuid(),
  permitNumber: z.string(),
  /** Whether the permit is active, on hold or waiting for a cancellation decision (cancelled ones leave). */
  permitStatus: PermitStatus,
  projectId: z.uuid(),
  projectName: z.string(),
  projectCode: z.string(),
  stageKey: z.string(),
  stageName: z.string(),
  taskKey: z.string(),
  taskName: z.string(),
  status: OpenTaskStatus,
  /** When the caller was given the task. */
  assignedAt: z.string(),
  /** Null when the task has no clock or it has not started. */
  timer: MyTaskTimer.nullable(),
});
export type MyTask = z.infer<typeof MyTask>;

export const MyTasksPage = pageOf(MyTask);
export type MyTasksPage = z.infer<typeof MyTasksPage>;

export const MentionsShow = z.enum(['All', 'Unread']);
export type MentionsShow = z.infer<typeof MentionsShow>;

export const MyMentionsRequest = z.object({ show: MentionsShow.default('All') });
export type MyMentionsRequest = z.input<typeof MyMentionsRequest>;

/** A comment that mentions the caller; open it at `permitId` + `commentId`. */
export const MyMention = z.object({
  commentId: z.uuid(),
  permitId: z.uuid(),
  permitNumber: z.string(),
  projectId: z.uuid(),
  projectName: z.string(),
  author: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** The comment's text without markup, shortened. */
  excerpt: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type MyMention = z.infer<typeof MyMention>;

/** A page of mentions, newest first, with how many of all the caller's mentions are unread. */
export const MyMentionsPage = pageOf(MyMention).extend({ unread: z.number().int() });
export type MyMentionsPage = z.infer<typeof MyMentionsPage>;
