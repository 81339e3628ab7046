import { z } from 'zod';

/** What people can be notified about. */
export const NotificationEventType = z.enum([
  'PermitCreated',
  'PermitCancelRequested',
  'PermitCancelApproved',
  'PermitCancelRejected',
  'PermitUncancelled',
  'PermitCompleted',
  'PermitUncompleted',
  'PermitDeleted',
  'PermitMapUpdated',
  'PermitMigrated',
  'StageStarted',
  'StageCompleted',
  'StageUncompleted',
  'TaskStarted',
  'TaskReadyToBegin',
  'TaskChanged',
  'TaskAssigned',
  'TaskAssignedToMe',
  'TaskUnassigned',
  'TaskUnassignedFromMe',
  'TaskCompleted',
  'TaskUncompleted',
  'PropertyChanged',
  'CommentAdded',
  'MentionedInComment',
  'FileUploaded',
  'FileDeleted',
  'BulkAssignment',
  'BulkDelete',
  'CustomViewShared',
  'CustomDashboardShared',
  'PermitRestricted',
  'BulkPermitRestriction',
  'PermitRestrictionRemoved',
  'BulkPermitRestrictionRemoved',
  'PermitAddOnHold',
  'BulkPermitAddOnHold',
  'PermitRemoveOnHold',
  'BulkPermitRemoveOnHold',
]);
export type NotificationEventType = z.infer<typeof NotificationEventType>;

/** How an event reaches a person by e-mail: not at all, at once, or gathered into a digest. */
export const EmailDelivery = z.enum(['Off', 'Instant', 'Digest']);
export type EmailDelivery = z.infer<typeof EmailDelivery>;

export const NotificationPreference = z.object({
  /** Shown in the app's notification list. */
  inApp: z.boolean(),
  email: EmailDelivery,
});
export type NotificationPreference = z.infer<typeof NotificationPreference>;

/** Events addressed to the person themselves come by e-mail at once; everything else stays in the app. */
const INSTANT: readonly NotificationEventType[] = ['MentionedInComment', 'TaskAssignedToMe'];

/** The preference a person has for an event type until they change it. */
export function defaultNotificationPreference(type: NotificationEventType): NotificationPreference {
  return { inApp: true, email: INSTANT.includes(type) ? 'Instant' : 'Off' };
}

/** A person's notification settings for one project. */
export const ProjectNotificationPrefs = z.object({
  /** Silences every notification from the project, whatever the per-event settings say. */
  muted: z.boolean(),
  events: z.record(NotificationEventType, NotificationPreference),
});
export type ProjectNotificationPrefs = z.infer<typeof ProjectNotificationPrefs>;

const known = new Set<string>(NotificationEventType.options);

/** `PUT projects/{id}/notification-prefs`: the mute and the event types to change; others keep their value. */
export const ProjectNotificationPrefsInput = z.object({
  muted: z.boolean(),
  events: z
    .record(z.string(), NotificationPreference)
    .superRefine((events, ctx) => {
      for (const type of Object.keys(events)) {
        if (!known.has(type)) ctx.addIssue({ code: 'custom', path: [type], message: 'Unknown event type' });
      }
    })
    .pipe(z.partialRecord(NotificationEventType, NotificationPreference))
    .default({}),
});
export type ProjectNotificationPrefsInput = z.input<typeof ProjectNotificationPrefsInput>;
