import {
  defaultNotificationPreference,
  type NotificationEventType,
  type PermitActivityKind,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { queueMail } from '../../mail/mailer.ts';
import { permitHeadline, permitLink, permitNotificationMessage } from '../../mail/permit-notification.ts';
import { permitPeople, seesPermits } from '../permits/assignments-repo.ts';
import { mentionsOf } from '../permits/comments-repo.ts';

// E-mail about permit changes, by each person's notification settings for the project. A change reaches the
// people it concerns personally (an assignee, someone mentioned) as their own event type, and the people of
// the two organizations that see the permit for the event types below. A setting at Instant queues an
// e-mail now; at Digest the change waits for the person's daily digest (`digest.ts`). A muted project sends
// nothing; the actor never hears of their own action. Everything is written in the change's transaction,
// so a change that rolls back sends nothing.

/** Changes e-mailed to everyone who sees the permit and asked for them. */
const BROADCAST = new Set<NotificationEventType>([
  'PermitCreated',
  'PermitCompleted',
  'PermitCancelRequested',
  'PermitCancelApproved',
  'PermitCancelRejected',
  'PermitUncancelled',
  'PermitAddOnHold',
  'PermitRemoveOnHold',
  'CommentAdded',
  'FileUploaded',
]);

/** The personal event type of a change, for the person it names. */
const PERSONAL: Partial<Record<PermitActivityKind, NotificationEventType>> = {
  TaskAssigned: 'TaskAssignedToMe',
  TaskUnassigned: 'TaskUnassignedFromMe',
};

export interface PermitMailChange {
  kind: PermitActivityKind;
  detail: Record<string, unknown>;
  summary: string | null;
}

/** The people a change concerns personally, each with the event type they hear it as. */
async function personalTypes(
  db: Executor,
  change: PermitMailChange,
): Promise<Map<string, NotificationEventType>> {
  const personal = PERSONAL[change.kind];
  const userId = change.detail.userId;
  if (personal && typeof userId === 'string') return new Map([[userId, personal]]);
  const commentId = change.detail.commentId;
  if (change.kind === 'CommentAdded' && typeof commentId === 'string') {
    const mentions = await mentionsOf(db, [commentId]);
    return new Map(mentions.map((mention) => [mention.user_id, 'MentionedInComment' as const]));
  }
  return new Map();
}

/**
 * The active people of the pole owner and the applicant who may view the project's permits, with their
 * notification settings for the project.
 */
async function followers(db: Executor, permit: { project_id: string; applicant_organization_id: string }) {
  const rows = await permitPeople(db, permit)
    .leftJoin('project_notification_prefs as prefs', (join) =>
      join.onRef('prefs.project_id', '=', 'po.project_id').onRef('prefs.user_id', '=', 'users.id'),
    )
    .select(['users.first_name', sql<boolean>`coalesce(prefs.muted, false)`.as('muted'), 'prefs.events'])
    .where('users.status', '=', 'Active')
    .execute();
  const seeing = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    if (seesPermits(row) && !row.muted) seeing.set(row.id, row);
  }
  return [...seeing.values()];
}

type Settings = Record<string, { email?: string }> | null;

/** How a person's setting for the event type sends e-mail. */
const emailOf = (events: Settings, type: NotificationEventType) =>
  (events?.[type] ?? defaultNotificationPreference(type)).email;

/**
 * How a person hears of a change by e-mail: the first of its event types for them set to Instant, else the
 * first set to Digest, else not at all.
 */
function delivery(events: Settings, types: NotificationEventType[]) {
  for (const mode of ['Instant', 'Digest'] as const) {
    const type = types.find((candidate) => emailOf(events, candidate) === mode);
    if (type) return { mode, type };
  }
  return null;
}

/**
 * Queues the e-mail a permit change sends, in the caller's transaction: to each person it concerns (other
 * than the actor) whose setting for its event type is Instant, one message each.
 */
export async function queuePermitMail(
  trx: Executor,
  actor: { userId: string | null; publicUrl: string },
  permit: { id: string; project_id: string; applicant_organization_id: string },
  change: PermitMailChange,
) {
  const personal = await personalTypes(trx, change);
  const broadcast = BROADCAST.has(change.kind as NotificationEventType)
    ? (change.kind as NotificationEventType)
    : null;
  if (personal.size === 0 && !broadcast) return;
  const recipients = (await followers(trx, permit)).flatMap((person) => {
    if (person.id === actor.userId) return [];
    const types = [personal.get(person.id), broadcast].filter((type) => type !== undefined && type !== null);
    const how = delivery(person.events, types);
    return how ? [{ person, ...how }] : [];
  });
  if (recipients.length === 0) return;
  const about = await trx
    .selectFrom('permits')
    .innerJoin('projects', 'projects.id', 'permits.project_id')
    .leftJoin('users as actor', (join) => join.on('actor.id', '=', actor.userId ?? sql<string>`null`))
    .select([
      'permits.permit_number',
      'projects.name as project_name',
      sql<string | null>`nullif(trim(actor.first_name || ' ' || actor.last_name), '')`.as('actor_name'),
    ])
    .where('permits.id', '=', permit.id)
    .executeTakeFirstOrThrow();
  for (const { person, mode, type } of recipients) {
    if (mode === 'Digest') {
      await trx
        .insertInto('notification_digest_items')
        .values({
          user_id: person.id,
          project_id: permit.project_id,
          permit_id: permit.id,
          type,
          headline: `${about.permit_number}: ${permitHeadline(type, about.actor_name)}`,
          summary: change.summary,
        })
        .execute();
      continue;
    }
    await queueMail(
      trx,
      permitNotificationMessage({
        to: person.email,
        userId: person.id,
        firstName: person.first_name,
        type,
        permitNumber: about.permit_number,
        projectName: about.project_name,
        actorName: about.actor_name,
        summary: change.summary,
        link: permitLink(actor.publicUrl, permit.id),
      }),
    );
  }
}
