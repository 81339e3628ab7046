import {
  type BulkAssignInfoInput,
  type BulkAssignInput,
  type BulkAssignMode,
  type BulkAssignResult,
  type BulkDeleteInput,
  type BulkRestrictionsInput,
  type BulkSelection,
  LIFECYCLE_REASON_MAX,
  listNames,
  MAX_BULK_HOLD_PERMITS,
  MAX_BULK_PERMITS,
  type OverviewColumnGroup,
  type Project,
  permitsText,
} from '@crossarm/shared';
import { isApiError } from '../../../lib/api/api-error';
import { bulkSelectionOf, type TrackerSelection } from './selection';

/** The actions the tracker's selection bar offers on the selected permits (assignment has its own dialog). */
export type BulkActionKind = 'hold' | 'release' | 'restrict' | 'unrestrict' | 'delete';

/** Whether an action asks for a reason: required by the API, optional, or not asked at all. */
export type ReasonRule = 'required' | 'optional' | 'none';

export interface BulkActionSpec {
  kind: BulkActionKind;
  /** The button in the selection bar. */
  label: string;
  /** The confirmation's title and its confirm button. */
  title: string;
  confirmLabel: string;
  reason: ReasonRule;
  /** How many permits one call takes. */
  max: number;
  /** A dangerous action's confirm button is red. */
  danger: boolean;
  /** Only the pole owner's permit managers may take it. */
  ownerOnly: boolean;
}

export const BULK_ACTIONS: readonly BulkActionSpec[] = [
  {
    kind: 'hold',
    label: 'Put on hold',
    title: 'Put permits on hold',
    confirmLabel: 'Put on hold',
    reason: 'required',
    max: MAX_BULK_HOLD_PERMITS,
    danger: false,
    ownerOnly: true,
  },
  {
    kind: 'release',
    label: 'Remove from hold',
    title: 'Remove permits from hold',
    confirmLabel: 'Remove from hold',
    reason: 'required',
    max: MAX_BULK_HOLD_PERMITS,
    danger: false,
    ownerOnly: true,
  },
  {
    kind: 'restrict',
    label: 'Restrict',
    title: 'Restrict permits',
    confirmLabel: 'Restrict',
    reason: 'required',
    max: MAX_BULK_PERMITS,
    danger: false,
    ownerOnly: true,
  },
  {
    kind: 'unrestrict',
    label: 'Remove restriction',
    title: 'Remove restrictions',
    confirmLabel: 'Remove restriction',
    reason: 'optional',
    max: MAX_BULK_PERMITS,
    danger: false,
    ownerOnly: true,
  },
  {
    kind: 'delete',
    label: 'Delete',
    title: 'Delete permits',
    confirmLabel: 'Delete',
    reason: 'none',
    max: MAX_BULK_PERMITS,
    danger: true,
    ownerOnly: false,
  },
];

/**
 * The actions the selection bar offers besides assigning: holds and restrictions only to someone who manages
 * the permits of a project their organization owns (the API refuses anyone else); while the projects are
 * not known, those are left out, and when they cannot be known, offered (the API then says no).
 */
export function offeredBulkActions(
  projects: readonly Pick<Project, 'myRole' | 'myPermissions'>[] | 'unknown' | 'failed',
): BulkActionSpec[] {
  const manager =
    projects === 'failed' ||
    (projects !== 'unknown' &&
      projects.some(
        (project) => project.myRole === 'PoleOwner' && project.myPermissions.includes('ManagePermits'),
      ));
  return BULK_ACTIONS.filter((action) => manager || !action.ownerOnly);
}

export function bulkActionSpec(kind: BulkActionKind): BulkActionSpec {
  const spec = BULK_ACTIONS.find((action) => action.kind === kind);
  if (!spec) throw new Error(`Unknown bulk action ${kind}`);
  return spec;
}

/** The question of the confirmation, naming the count: "Put 12 permits on hold?". */
export function confirmationText(kind: BulkActionKind, count: number): string {
  const permits = permitsText(count);
  switch (kind) {
    case 'hold':
      return `Put ${permits} on hold?`;
    case 'release':
      return `Remove ${permits} from hold?`;
    case 'restrict':
      return `Restrict ${permits}?`;
    case 'unrestrict':
      return `Remove the restriction of ${permits}?`;
    case 'delete':
      return `Delete ${permits}?`;
  }
}

/** What follows the question: what the action does to the permits. */
export function consequenceText(kind: BulkActionKind): string {
  switch (kind) {
    case 'hold':
      return 'Their timers pause and work on them waits until they are removed from hold. Only active permits can be put on hold; if any cannot, none is changed.';
    case 'release':
      return 'They become active again and their timers resume. If any is not on hold, none is changed.';
    case 'restrict':
      return 'Work on them stops until the restriction is removed. If any cannot be restricted, none is changed.';
    case 'unrestrict':
      return 'Work on them can go on. If any is not restricted, none is changed.';
    case 'delete':
      return 'Their stages, tasks, files, comments and activity are deleted with them. This cannot be undone; if any cannot be deleted, none is.';
  }
}

/** The notification after the action went through: "12 permits put on hold". */
export function successText(kind: BulkActionKind, count: number): string {
  const permits = permitsText(count);
  switch (kind) {
    case 'hold':
      return `${permits} put on hold`;
    case 'release':
      return `${permits} removed from hold`;
    case 'restrict':
      return `${permits} restricted`;
    case 'unrestrict':
      return `Restriction removed from ${permits}`;
    case 'delete':
      return `${permits} deleted`;
  }
}

/** What is wrong with the reason as typed, under the action's rule (the API's own limits); null when fine. */
export function reasonProblem(rule: ReasonRule, reason: string): string | null {
  const text = reason.trim();
  if (rule === 'required' && !text) return 'Give a reason to go on';
  if (text.length > LIFECYCLE_REASON_MAX) return `At most ${LIFECYCLE_REASON_MAX} characters`;
  return null;
}

/** From this many permits, an action that cannot be undone asks for the count to be typed before it runs. */
export const TYPED_COUNT_FROM = 20;

/** The count to type before the action runs ("298"), or null when a click is enough. */
export function countToType(spec: Pick<BulkActionSpec, 'danger'>, count: number): string | null {
  return spec.danger && count >= TYPED_COUNT_FROM ? String(count) : null;
}

/** What is wrong with the count as typed (spaces and thousands separators aside); null when it matches. */
export function typedCountProblem(expected: string, typed: string): string | null {
  return typed.replace(/[\s,]/g, '') === expected ? null : `Type ${expected} to confirm`;
}

/** Why the selection is too large for the action; null when it fits. */
export function selectionProblem(spec: BulkActionSpec, count: number): string | null {
  if (count === 0) return 'Select at least one permit.';
  if (count > spec.max) {
    return `${spec.label} takes at most ${spec.max.toLocaleString('en-US')} permits at once: select fewer.`;
  }
  return null;
}

/**
 * The body of `POST permit/on-hold` and `on-hold-remove`: the reason with the permits by id, or with the
 * tracker's filter (every permit the caller sees that matches it).
 */
/** The body of a hold or its removal: the selection's ids or filter beside the reason. */
export type HoldBody = { reason: string } & BulkSelection;

/** The request of an action: where it goes and what it sends. */
export type BulkActionRequest =
  | { path: 'joint-use/permit/on-hold' | 'joint-use/permit/on-hold-remove'; body: HoldBody }
  | { path: 'joint-use/permit/bulk-action/restrictions'; body: BulkRestrictionsInput }
  | { path: 'joint-use/permits/bulk-assign/delete'; body: BulkDeleteInput };

/** The request of an action on the selection, with the reason trimmed (left out when empty). */
export function bulkActionRequest(
  kind: BulkActionKind,
  selection: TrackerSelection,
  reason: string,
): BulkActionRequest {
  const text = reason.trim();
  const chosen = bulkSelectionOf(selection);
  switch (kind) {
    case 'hold':
    case 'release': {
      const path = kind === 'hold' ? 'joint-use/permit/on-hold' : 'joint-use/permit/on-hold-remove';
      const body: HoldBody = { ...chosen, reason: text };
      return { path, body };
    }
    case 'restrict':
    case 'unrestrict':
      return {
        path: 'joint-use/permit/bulk-action/restrictions',
        body: {
          selection: chosen,
          action: kind === 'restrict' ? 'Restrict' : 'Remove',
          ...(text ? { reason: text } : {}),
        },
      };
    case 'delete':
      return { path: 'joint-use/permits/bulk-assign/delete', body: { selection: chosen } };
  }
}

/** A task that can be assigned in bulk: its library entry, named as in the tracker's Task columns. */
export interface AssignableTask {
  value: string;
  label: string;
}

/**
 * The tasks of the overview columns catalogue's Task group (`task.<entryId>.<field>`), one per library
 * entry, by name.
 */
export function assignableTasks(groups: readonly OverviewColumnGroup[]): AssignableTask[] {
  const tasks = new Map<string, string>();
  for (const group of groups) {
    if (group.subjectKind !== 'Task') continue;
    for (const column of group.columns) {
      const match = /^task\.([^.]+)\./.exec(column.dataId);
      if (match?.[1] && !tasks.has(match[1])) tasks.set(match[1], column.subjectName ?? column.name);
    }
  }
  return [...tasks.entries()]
    .map(([value, label]) => ({ value, label }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** The body of an assignment (and of its preview, with the mode). */
export function bulkAssignBody(
  selection: TrackerSelection,
  taskLibraryEntryId: string,
  userIds: string[],
): BulkAssignInput {
  return {
    selection: bulkSelectionOf(selection),
    taskLibraryEntryId,
    userIds: [...new Set(userIds)],
  };
}

export function bulkAssignInfoBody(
  selection: TrackerSelection,
  taskLibraryEntryId: string,
  userIds: string[],
  mode: BulkAssignMode,
): BulkAssignInfoInput {
  return { ...bulkAssignBody(selection, taskLibraryEntryId, userIds), mode };
}

/** What the assignment modes do, for the dialog's choice. */
export const ASSIGN_MODES: readonly { value: BulkAssignMode; label: string; description: string }[] = [
  {
    value: 'Difference',
    label: 'Add',
    description: 'Adds the people to the task where they are missing; its other assignees stay.',
  },
  {
    value: 'Synchronize',
    label: 'Make exact',
    description: 'Makes the people exactly the task’s assignees: anyone else is unassigned.',
  },
];

/** A preview's changes, added up over the permits. */
export interface AssignPreviewSummary {
  /** "Assign to 5 of 12 permits?" or why nothing would change. */
  headline: string;
  additions: number;
  removals: number;
  /** The permits that refuse, with why ("P-0012: completed"). */
  problems: string[];
  /** What changes on each permit that changes ("P-0012 · Survey: adds Ana Diaz; removes Bo Li"). */
  changes: string[];
  /** Whether the assignment can be confirmed: something changes and no permit refuses. */
  canConfirm: boolean;
}

export function assignPreviewSummary(result: BulkAssignResult): AssignPreviewSummary {
  let additions = 0;
  let removals = 0;
  const problems: string[] = [];
  const changes: string[] = [];
  for (const permit of result.permits) {
    if (permit.problem) problems.push(`${permit.permitNumber}: ${permit.problem}`);
    for (const task of permit.tasks) {
      additions += task.added.length;
      removals += task.removed.length;
      const parts = [
        task.added.length > 0 ? `adds ${listNames(task.added.map((person) => person.name))}` : null,
        task.removed.length > 0 ? `removes ${listNames(task.removed.map((person) => person.name))}` : null,
      ].filter((part): part is string => part !== null);
      if (parts.length > 0) changes.push(`${permit.permitNumber} · ${task.taskName}: ${parts.join('; ')}`);
    }
  }
  const problemCount = Math.max(result.problemCount, problems.length);
  let headline: string;
  if (problemCount > 0) {
    headline = `${permitsText(problemCount)} of ${result.total} cannot be assigned: nothing will be changed. Take them out of the selection or choose other people.`;
  } else if (result.changedCount === 0) {
    headline = `Nothing changes: the ${permitsText(result.total)} already have these assignees.`;
  } else {
    headline = `The assignees change on ${result.changedCount} of ${permitsText(result.total)}.`;
  }
  return {
    headline,
    additions,
    removals,
    problems,
    changes,
    canConfirm: problemCount === 0 && result.changedCount > 0,
  };
}

/** The notification after an assignment: "Assignees changed on 5 permits". */
export function assignSuccessText(result: BulkAssignResult): string {
  return `Assignees changed on ${permitsText(result.changedCount)}`;
}

/** "Putting 12 permits on hold…": shown with the progress bar while the action runs. */
export function progressText(kind: BulkActionKind, count: number): string {
  const permits = permitsText(count);
  switch (kind) {
    case 'hold':
      return `Putting ${permits} on hold…`;
    case 'release':
      return `Removing ${permits} from hold…`;
    case 'restrict':
      return `Restricting ${permits}…`;
    case 'unrestrict':
      return `Removing the restriction of ${permits}…`;
    case 'delete':
      return `Deleting ${permits}…`;
  }
}

/**
 * A failed bulk call as the dialog shows it: the API's own message (a 409 or 403 names the permits that
 * refuse), the field problems of a 400, or what to do when the server could not be reached.
 */
export function failureText(error: unknown): string {
  if (!isApiError(error) || error.status === 0)
    return 'The server could not be reached, so the action may or may not have gone through. Check your connection, then look at the table before trying again.';
  if (error.status === 400 && error.errors.length > 0) {
    return error.errors.map((problem) => problem.message).join('\n');
  }
  if (error.detail) return error.detail;
  if (error.status >= 500) return `${error.title}. Nothing was changed; try again in a moment.`;
  return error.title;
}
