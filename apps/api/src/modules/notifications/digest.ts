import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { queueMail } from '../../mail/mailer.ts';
import { permitDigestMessage, permitLink } from '../../mail/permit-notification.ts';
import { startPeriodic } from '../permits/periodic.ts';

// The e-mail digest: changes a person set to Digest wait in `notification_digest_items` and go out together
// once the oldest of them is a day old, so a person gets at most one digest a day. Each person's digest is
// written in its own transaction that takes their items with FOR UPDATE SKIP LOCKED and removes them with
// the queued message, so two instances never send the same items twice.

/** How long the first change waits before its digest goes out. */
export const DIGEST_DELAY_MS = 24 * 60 * 60 * 1000;

/** Most people one sweep sends a digest to; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** Sends one person's digest, if their items are still waiting; true when it queued a message. */
async function sendDigest(db: Db, userId: string, publicUrl: string) {
  return db.transaction().execute(async (trx) => {
    const items = await trx
      .selectFrom('notification_digest_items')
      .select(['id', 'permit_id', 'headline', 'summary'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .execute();
    if (items.length === 0) return false;
    await trx
      .deleteFrom('notification_digest_items')
      .where(
        'id',
        'in',
        items.map((item) => item.id),
      )
      .execute();
    const user = await trx
      .selectFrom('users')
      .select(['email', 'first_name'])
      .where('id', '=', userId)
      .where('status', '=', 'Active')
      .executeTakeFirst();
    // Someone deactivated since gets nothing; their waiting items go all the same.
    if (!user) return false;
    await queueMail(
      trx,
      permitDigestMessage({
        to: user.email,
        userId,
        firstName: user.first_name,
        lines: items.map((item) => ({
          headline: item.headline,
          summary: item.summary,
          link: permitLink(publicUrl, item.permit_id),
        })),
      }),
    );
    return true;
  });
}

/** Sends the digest of everyone whose oldest waiting change is a day old by `now`; how many it sent. */
export async function sendDigests(db: Db, publicUrl: string, now: Date = new Date()): Promise<number> {
  const due = await db
    .selectFrom('notification_digest_items')
    .select('user_id')
    .groupBy('user_id')
    .having(sql<Date>`min(created_at)`, '<=', new Date(now.getTime() - DIGEST_DELAY_MS))
    .limit(SWEEP_BATCH)
    .execute();
  let sent = 0;
  for (const { user_id } of due) if (await sendDigest(db, user_id, publicUrl)) sent += 1;
  return sent;
}

/** What the periodic digest sweep needs of the app. */
export interface DigestHost {
  db: Db;
  config: { publicUrl: string };
  mailer: { flush(): Promise<unknown> };
  log: { warn(details: object, message: string): void };
}

/**
 * Sends due digests every `everyMs` (a quarter of an hour by default) and delivers them; one sweep at a
 * time. Returns the function that stops it.
 */
export function startDigestSweep(host: DigestHost, everyMs = 15 * 60_000): () => Promise<void> {
  return startPeriodic(
    host.log,
    'sending e-mail digests failed',
    async () => {
      if ((await sendDigests(host.db, host.config.publicUrl)) > 0) await host.mailer.flush();
    },
    everyMs,
  );
}
