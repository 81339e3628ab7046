import {
  type EmailDelivery,
  NotificationEventType,
  type NotificationPreference,
  type ProjectNotificationPrefs,
  type ProjectNotificationPrefsInput,
} from '@crossarm/shared';

/** One section of the notification settings: related event types, each with how it reads. */
export interface NotificationGroup {
  key: string;
  title: string;
  description: string;
  events: ReadonlyArray<{ type: NotificationEventType; label: string }>;
}

/** Every event type in one section, in the order people think about a permit's life. */
export const NOTIFICATION_GROUPS: readonly NotificationGroup[] = [
  {
    key: 'permits',
    title: 'Permits',
    description: 'A permit is created, changed, cancelled, completed or deleted.',
    events: [
      { type: 'PermitCreated', label: 'Permit created' },
      { type: 'PropertyChanged', label: 'Permit details changed' },
      { type: 'PermitMapUpdated', label: 'Permit map updated' },
      { type: 'PermitCancelRequested', label: 'Cancellation requested' },
      { type: 'PermitCancelApproved', label: 'Cancellation approved' },
      { type: 'PermitCancelRejected', label: 'Cancellation rejected' },
      { type: 'PermitUncancelled', label: 'Cancellation undone' },
      { type: 'PermitCompleted', label: 'Permit completed' },
      { type: 'PermitUncompleted', label: 'Permit reopened' },
      { type: 'PermitMigrated', label: 'Permit moved to another workflow' },
      { type: 'PermitDeleted', label: 'Permit deleted' },
    ],
  },
  {
    key: 'stages-tasks',
    title: 'Stages and tasks',
    description: 'Work on a permit moves on, or is handed to someone.',
    events: [
      { type: 'StageStarted', label: 'Stage started' },
      { type: 'StageCompleted', label: 'Stage completed' },
      { type: 'StageUncompleted', label: 'Stage reopened' },
      { type: 'TaskStarted', label: 'Task started' },
      { type: 'TaskReadyToBegin', label: 'Task ready to begin' },
      { type: 'TaskChanged', label: 'Task changed' },
      { type: 'TaskAssigned', label: 'Task assigned to someone' },
      { type: 'TaskAssignedToMe', label: 'Task assigned to me' },
      { type: 'TaskUnassigned', label: 'Task unassigned' },
      { type: 'TaskUnassignedFromMe', label: 'Task taken off me' },
      { type: 'TaskCompleted', label: 'Task completed' },
      { type: 'TaskUncompleted', label: 'Task reopened' },
    ],
  },
  {
    key: 'comments-files',
    title: 'Comments, files and sharing',
    description: 'People talk about a permit, add or remove its files, or share a view with you.',
    events: [
      { type: 'CommentAdded', label: 'Comment added' },
      { type: 'MentionedInComment', label: 'I am mentioned in a comment' },
      { type: 'FileUploaded', label: 'File uploaded' },
      { type: 'FileDeleted', label: 'File deleted' },
      { type: 'CustomViewShared', label: 'A permit view is shared with me' },
      { type: 'CustomDashboardShared', label: 'A dashboard is shared with me' },
    ],
  },
  {
    key: 'restrictions-hold',
    title: 'Restrictions and hold',
    description: 'A permit is restricted or put on hold, or that is lifted.',
    events: [
      { type: 'PermitRestricted', label: 'Permit restricted' },
      { type: 'PermitRestrictionRemoved', label: 'Permit restriction removed' },
      { type: 'PermitAddOnHold', label: 'Permit put on hold' },
      { type: 'PermitRemoveOnHold', label: 'Permit taken off hold' },
    ],
  },
  {
    key: 'bulk',
    title: 'Bulk changes',
    description: 'Many permits are changed at once.',
    events: [
      { type: 'BulkAssignment', label: 'Tasks assigned in bulk' },
      { type: 'BulkDelete', label: 'Permits deleted in bulk' },
      { type: 'BulkPermitRestriction', label: 'Permits restricted in bulk' },
      { type: 'BulkPermitRestrictionRemoved', label: 'Restrictions removed in bulk' },
      { type: 'BulkPermitAddOnHold', label: 'Permits put on hold in bulk' },
      { type: 'BulkPermitRemoveOnHold', label: 'Permits taken off hold in bulk' },
    ],
  },
];

/** The e-mail choices in the order they are offered. */
export const EMAIL_DELIVERY_OPTIONS: ReadonlyArray<{ value: EmailDelivery; label: string }> = [
  { value: 'Off', label: 'Off' },
  { value: 'Instant', label: 'Instant' },
  { value: 'Digest', label: 'Digest' },
];

const same = (a: NotificationPreference | undefined, b: NotificationPreference | undefined) =>
  a?.inApp === b?.inApp && a?.email === b?.email;

/** The body that saves the draft: the mute and only the event types that differ from what is saved. */
export function notificationPrefsChange(
  saved: ProjectNotificationPrefs,
  draft: ProjectNotificationPrefs,
): ProjectNotificationPrefsInput {
  const events: ProjectNotificationPrefsInput['events'] = {};
  for (const type of NotificationEventType.options) {
    const preference = draft.events[type];
    if (preference && !same(preference, saved.events[type])) events[type] = preference;
  }
  return { muted: draft.muted, events };
}

/** True when the draft would change anything. */
export function notificationPrefsDirty(saved: ProjectNotificationPrefs, draft: ProjectNotificationPrefs) {
  const change = notificationPrefsChange(saved, draft);
  return change.muted !== saved.muted || Object.keys(change.events ?? {}).length > 0;
}

/** The draft with one event type's setting changed. */
export function withPreference(
  draft: ProjectNotificationPrefs,
  type: NotificationEventType,
  patch: Partial<NotificationPreference>,
): ProjectNotificationPrefs {
  return { ...draft, events: { ...draft.events, [type]: { ...draft.events[type], ...patch } } };
}

/** The draft with every event type of a group set the same way (all in-app on, all e-mail Off...). */
export function withGroupPreference(
  draft: ProjectNotificationPrefs,
  group: NotificationGroup,
  patch: Partial<NotificationPreference>,
): ProjectNotificationPrefs {
  return group.events.reduce((next, event) => withPreference(next, event.type, patch), draft);
}

/** How a group's in-app switches stand: all on, all off, or some. */
export function groupInAppState(prefs: ProjectNotificationPrefs, group: NotificationGroup) {
  const on = group.events.filter((event) => prefs.events[event.type]?.inApp).length;
  return on === 0 ? 'none' : on === group.events.length ? 'all' : 'some';
}
