import {
  defaultNotificationPreference,
  NotificationEventType,
  type NotificationPreference,
  ProjectNotificationPrefs,
  type ProjectNotificationPrefsInput,
} from '@crossarm/shared';
import type { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { requireVisibleProject } from './access.ts';

type Overrides = Partial<Record<NotificationEventType, NotificationPreference>>;

const same = (a: NotificationPreference, b: NotificationPreference) =>
  a.inApp === b.inApp && a.email === b.email;

/** Every event type's setting: the stored ones over the defaults. */
function resolve(muted: boolean, overrides: Overrides): ProjectNotificationPrefs {
  const events = Object.fromEntries(
    NotificationEventType.options.map((type) => [
      type,
      overrides[type] ?? defaultNotificationPreference(type),
    ]),
  );
  return ProjectNotificationPrefs.parse({ muted, events });
}

async function storedPrefs(db: Executor, userId: string, projectId: string) {
  return db
    .selectFrom('project_notification_prefs')
    .select(['muted', 'events'])
    .where('user_id', '=', userId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

/** A user's notification preferences for the project, any they never set at their default. */
export async function notificationPrefsOf(
  db: Executor,
  userId: string,
  projectId: string,
): Promise<ProjectNotificationPrefs> {
  const stored = await storedPrefs(db, userId, projectId);
  return resolve(stored?.muted ?? false, stored?.events ?? {});
}

/** The caller's notification preferences for a project they take part in. */
export async function getNotificationPrefs(ctx: ServiceContext, projectId: string) {
  await requireVisibleProject(ctx, ctx.db, projectId);
  return notificationPrefsOf(ctx.db, ctx.session.user.id, projectId);
}

/**
 * Changes the caller's mute and the event types sent; the rest keep their value. Only settings that differ
 * from the default are stored, so a later change of a default reaches everyone who never touched it.
 */
export async function setNotificationPrefs(
  ctx: ServiceContext,
  projectId: string,
  input: z.output<typeof ProjectNotificationPrefsInput>,
) {
  await requireVisibleProject(ctx, ctx.db, projectId);
  const userId = ctx.session.user.id;
  const current = await notificationPrefsOf(ctx.db, userId, projectId);
  const merged: Overrides = { ...current.events, ...input.events };
  const overrides = Object.fromEntries(
    NotificationEventType.options
      .filter((type) => merged[type] && !same(merged[type], defaultNotificationPreference(type)))
      .map((type) => [type, merged[type]]),
  );
  const values = { muted: input.muted, events: JSON.stringify(overrides), updated_at: new Date() };
  await ctx.db
    .insertInto('project_notification_prefs')
    .values({ user_id: userId, project_id: projectId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'project_id']).doUpdateSet(values))
    .execute();
  return notificationPrefsOf(ctx.db, userId, projectId);
}
