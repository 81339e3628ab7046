import {
  DAY_MS,
  formatDate,
  type MyMention,
  type MyTask,
  type MyTaskSort,
  type MyTasksRequest,
  type OpenTaskStatus,
} from '@crossarm/shared';
import type { SortDir } from '../../components/data-table/data-table-types';
import { formatDuration } from '../permits/workflow/timer-text';

// How My Work reads its lists: the tabs, the request a list's URL state makes, and how a task's clock and a
// mention's time read.

/** The tabs of My Work, in order; the first is the default and stays out of the URL. */
export const MY_WORK_TABS = ['tasks', 'mentions'] as const;
export type MyWorkTab = (typeof MY_WORK_TABS)[number];

/** The URL parameter of the tasks list's project filter. */
export const PROJECT_PARAM = 'project';

/** What the tasks list's URL holds. */
export interface MyTasksListState {
  search: string;
  sortBy: MyTaskSort;
  sortDir: SortDir;
  status: OpenTaskStatus | null;
  projectId: string | null;
}

/** The body of `POST my-work/tasks` for the list's state. */
export function myTasksRequest(state: MyTasksListState): MyTasksRequest {
  return {
    filter: {
      projectIds: state.projectId ? [state.projectId] : [],
      statuses: state.status ? [state.status] : [],
      text: state.search.trim(),
    },
    sort: { column: state.sortBy, direction: state.sortDir === 'desc' ? 'Descending' : 'Ascending' },
  };
}

/** Whether a search or filter narrows the tasks list (an empty list then means no match, not no work). */
export function isFiltered(state: MyTasksListState): boolean {
  return state.search.trim() !== '' || state.status !== null || state.projectId !== null;
}

/** The page of a task: its stage in the permit's workflow, with the task brought into view. */
export function taskPath(task: Pick<MyTask, 'permitId' | 'stageKey' | 'taskKey'>): string {
  const stage = encodeURIComponent(task.stageKey);
  const key = encodeURIComponent(task.taskKey);
  return `/permitting/${task.permitId}/workflow/stages/${stage}/tasks/${key}`;
}

/** The permit of a mention, its side panel open at the comment. */
export function mentionPath(mention: Pick<MyMention, 'permitId' | 'commentId'>): string {
  return `/permitting/${mention.permitId}?comment=${mention.commentId}`;
}

export type DueTone = 'running' | 'overdue' | 'paused' | 'lapsed' | 'none';

/** How a task's clock reads in the list: the time left or past, in the tone of its colour. */
export interface DueView {
  tone: DueTone;
  text: string;
}

/** The Mantine colour of a clock's tone: blue running, red overdue, amber paused, grey otherwise. */
export const DUE_COLORS: Record<DueTone, string> = {
  running: 'blue',
  overdue: 'red',
  paused: 'yellow',
  lapsed: 'gray',
  none: 'gray',
};

function daysLeft(days: number) {
  const rounded = Math.round(days * 10) / 10;
  return `${rounded} day${rounded === 1 ? '' : 's'} left`;
}

/** Reads a task's clock at `now`: overdue (red) only when its template flags a breach. */
export function dueView(timer: MyTask['timer'], now: Date): DueView {
  if (!timer) return { tone: 'none', text: 'No clock' };
  const dueMs = timer.dueAt ? new Date(timer.dueAt).getTime() : null;
  if (timer.breached) {
    // On hold, the lateness stands still: counting it on from the due time would say it grows.
    if (timer.paused) {
      return timer.flagged
        ? { tone: 'overdue', text: 'Overdue · paused' }
        : { tone: 'lapsed', text: 'Time is up · paused' };
    }
    const late = dueMs === null ? null : formatDuration(now.getTime() - dueMs);
    if (timer.flagged) return { tone: 'overdue', text: late ? `Overdue by ${late}` : 'Overdue' };
    return { tone: 'lapsed', text: 'Time is up' };
  }
  if (timer.paused) return { tone: 'paused', text: `Paused · ${daysLeft(timer.remainingDays)}` };
  const left = dueMs === null ? timer.remainingDays * DAY_MS : dueMs - now.getTime();
  return { tone: 'running', text: `${formatDuration(Math.max(0, left))} left` };
}

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** When something was written, as it reads in a list: 'just now', '5m ago', '3h ago', '2d ago', then the date. */
export function timeAgo(value: string, now: Date): string {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return '';
  const ago = now.getTime() - at.getTime();
  if (ago < MINUTE_MS) return 'just now';
  if (ago < HOUR_MS) return `${Math.floor(ago / MINUTE_MS)}m ago`;
  if (ago < DAY_MS) return `${Math.floor(ago / HOUR_MS)}h ago`;
  if (ago < 7 * DAY_MS) return `${Math.floor(ago / DAY_MS)}d ago`;
  return formatDate(at);
}
