import type { PermitStatus, ProjectPermission, TaskStatus } from '@crossarm/shared';
import type { CancelRequestFacts } from './api';

// Which of a permit's lifecycle actions the caller is offered: by the permit's status, the caller's side
// (pole owner or applicant) and permissions, the way the API decides them.

export type PermitAction =
  | 'complete'
  | 'uncomplete'
  | 'requestCancel'
  | 'withdrawCancel'
  | 'approveCancel'
  | 'rejectCancel'
  | 'undoCancel'
  | 'directCancel'
  | 'hold'
  | 'release'
  | 'restrict'
  | 'removeRestriction'
  | 'delete';

/** What the decision needs to know about the permit and the caller. */
export interface ActionFacts {
  status: PermitStatus;
  restricted: boolean;
  isPoleOwner: boolean;
  permissions: readonly ProjectPermission[];
  /** Null once every stage is done. */
  activeStage: { key: string } | null;
  completedStageCount: number;
  /** The open or approved cancel request, when known. */
  cancelRequest?: CancelRequestFacts | null;
}

/** An action on offer; `blocked` says why it cannot be taken yet (it is shown, but disabled). */
export interface OfferedAction {
  action: PermitAction;
  blocked: string | null;
}

/** The words of each action: its menu label, and whether it asks for a reason (required or optional). */
export const ACTION_LABELS: Record<PermitAction, string> = {
  complete: 'Complete permit',
  uncomplete: 'Reopen permit',
  requestCancel: 'Request cancellation',
  withdrawCancel: 'Withdraw cancellation request',
  approveCancel: 'Approve cancellation',
  rejectCancel: 'Reject cancellation',
  undoCancel: 'Undo cancellation',
  directCancel: 'Cancel permit',
  hold: 'Put on hold',
  release: 'Remove from hold',
  restrict: 'Restrict permit',
  removeRestriction: 'Remove restriction',
  delete: 'Delete permit',
};

/** The permit's actions the caller may take now, in menu order. */
export function offeredActions(facts: ActionFacts): OfferedAction[] {
  const offers: OfferedAction[] = [];
  const offer = (action: PermitAction, blocked: string | null = null) => offers.push({ action, blocked });
  const { status, restricted, cancelRequest } = facts;
  const manages = facts.isPoleOwner && facts.permissions.includes('ManagePermits');
  const edits = facts.permissions.includes('EditPermits');
  const pending = cancelRequest?.status === 'Pending' ? cancelRequest : null;
  const approved = cancelRequest?.status === 'Approved' ? cancelRequest : null;

  if (manages) {
    if (status === 'Active') {
      const blocked = restricted
        ? 'Remove the restriction first'
        : facts.activeStage
          ? 'Every stage must be completed first'
          : null;
      offer('complete', blocked);
    }
    if (status === 'Completed') offer('uncomplete');
    if (status === 'CancelRequested' && pending) {
      offer('approveCancel');
      offer('rejectCancel');
    }
    if (status === 'Cancelled' && approved) offer('undoCancel');
    if (status === 'Active') offer('hold');
    if (status === 'OnHold') offer('release');
    if (!restricted && ['Active', 'OnHold', 'CancelRequested'].includes(status)) offer('restrict');
    if (restricted) offer('removeRestriction');
    if (['Active', 'OnHold', 'CancelRequested'].includes(status)) offer('directCancel');
    offer('delete');
    return offers;
  }
  if (!facts.isPoleOwner && edits) {
    if (status === 'Active' || status === 'OnHold') offer('requestCancel');
    if (status === 'CancelRequested' && pending) offer('withdrawCancel');
    if (status === 'Active' && facts.completedStageCount === 0) offer('delete');
  }
  return offers;
}

/** Actions that ask for a reason: required, or optional (direct cancellation). */
export function reasonOf(action: PermitAction): 'required' | 'optional' | null {
  switch (action) {
    case 'requestCancel':
    case 'rejectCancel':
    case 'hold':
    case 'release':
    case 'restrict':
      return 'required';
    case 'directCancel':
      return 'optional';
    default:
      return null;
  }
}

/** Actions whose confirmation is drawn in red: they end or undo work. */
export function isDestructive(action: PermitAction): boolean {
  return ['directCancel', 'approveCancel', 'delete', 'restrict', 'requestCancel'].includes(action);
}

/** What the confirmation says will happen, for a permit numbered `number`. */
export function actionConsequence(action: PermitAction, number: string): string {
  switch (action) {
    case 'complete':
      return `Complete permit ${number}? Its work is finished and it is closed; it can be reopened later.`;
    case 'uncomplete':
      return `Reopen permit ${number}? It becomes active again; its stages and tasks stay as they are.`;
    case 'requestCancel':
      return `Ask the pole owner to cancel permit ${number}? Work pauses until they approve or reject the request.`;
    case 'withdrawCancel':
      return `Withdraw the cancellation request of permit ${number}? It returns to where it was.`;
    case 'approveCancel':
      return `Approve the cancellation of permit ${number}? The permit is cancelled and its work stops.`;
    case 'rejectCancel':
      return `Reject the cancellation request of permit ${number}? It returns to where it was; the applicant sees your reason.`;
    case 'undoCancel':
      return `Undo the cancellation of permit ${number}? It returns to the status it had before.`;
    case 'directCancel':
      return `Cancel permit ${number}? Its work stops; the applicant is told. A cancellation can be undone.`;
    case 'hold':
      return `Put permit ${number} on hold? Work on it pauses, and timers that pause on hold stop counting.`;
    case 'release':
      return `Take permit ${number} off hold? Work on it resumes and its timers run again.`;
    case 'restrict':
      return `Restrict permit ${number}? Work on it stops until the restriction is removed.`;
    case 'removeRestriction':
      return `Remove the restriction on permit ${number}? Work on it may go on.`;
    case 'delete':
      return `Delete permit ${number}? It is removed with its stages, tasks, comments and files. This cannot be undone.`;
  }
}

/** The success message after an action. */
export function actionDone(action: PermitAction, number: string): string {
  const done: Record<PermitAction, string> = {
    complete: 'was completed',
    uncomplete: 'was reopened',
    requestCancel: 'is waiting for a cancellation decision',
    withdrawCancel: 'cancellation request was withdrawn',
    approveCancel: 'was cancelled',
    rejectCancel: 'cancellation request was rejected',
    undoCancel: 'was uncancelled',
    directCancel: 'was cancelled',
    hold: 'is on hold',
    release: 'is off hold',
    restrict: 'is restricted',
    removeRestriction: 'is no longer restricted',
    delete: 'was deleted',
  };
  return `Permit ${number} ${done[action]}.`;
}

/** What the caller may do with a permit's tasks now, and why not when they may not. */
export interface WorkAbilities {
  /** Fill in values, complete and uncomplete tasks: EditPermits on an Active permit that is not restricted. */
  work: boolean;
  /** Change who is assigned: EditPermits while the permit is open (also on hold or waiting on a cancellation). */
  assign: boolean;
  /** Why the tasks cannot be worked, for a note above them; null when they can. */
  reason: string | null;
}

/** The caller's abilities on the permit's tasks. */
export function workAbilities(
  facts: Pick<ActionFacts, 'status' | 'restricted' | 'permissions'>,
): WorkAbilities {
  const edits = facts.permissions.includes('EditPermits');
  const open = ['Active', 'OnHold', 'CancelRequested'].includes(facts.status);
  const reason = !edits
    ? 'You can read this permit; working its tasks needs the Edit permits permission on its project.'
    : facts.status === 'OnHold'
      ? 'The permit is on hold: its tasks can be worked again once it is taken off hold.'
      : facts.status === 'CancelRequested'
        ? 'A cancellation is waiting for a decision: its tasks can be worked again if it is rejected or withdrawn.'
        : facts.status === 'Cancelled'
          ? 'The permit is cancelled: its tasks can no longer be worked.'
          : facts.status === 'Completed'
            ? 'The permit is completed: reopen it to work its tasks again.'
            : facts.restricted
              ? 'The permit is restricted: its tasks can be worked again once the restriction is removed.'
              : null;
  return { work: reason === null, assign: edits && open, reason };
}

/** What a task card offers: values while the task is open, Complete while it is, Uncomplete once done. */
export function taskAbilities(status: TaskStatus, abilities: WorkAbilities) {
  const open = status === 'ReadyToBegin' || status === 'InProgress';
  return {
    editValues: abilities.work && open,
    complete: abilities.work && open,
    uncomplete: abilities.work && status === 'Completed',
    assign: abilities.assign && status !== 'Completed',
  };
}
