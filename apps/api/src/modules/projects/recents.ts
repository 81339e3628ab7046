import { MAX_RECENTS, type Recent, type RecentType } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { requireVisibleProject } from './access.ts';

/**
 * Records that a user looked at something, newest first, and forgets all but the latest few of that type.
 * Projects, permits and dashboards all record their visits through this.
 */
export async function recordRecent(
  db: Executor,
  userId: string,
  recent: { type: RecentType; refId: string; metadata: Recent['metadata'] },
): Promise<Recent> {
  // The database clock orders visits finer than milliseconds, so quick successive visits keep their order.
  const values = { metadata: JSON.stringify(recent.metadata), viewed_at: sql<Date>`now()` };
  const saved = await db
    .insertInto('recents')
    .values({ user_id: userId, type: recent.type, ref_id: recent.refId, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'type', 'ref_id']).doUpdateSet(values))
    .returning(['type', 'ref_id', 'metadata', 'viewed_at'])
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('recents')
    .where('user_id', '=', userId)
    .where('type', '=', recent.type)
    .where('ref_id', 'not in', (eb) =>
      eb
        .selectFrom('recents')
        .select('ref_id')
        .where('user_id', '=', userId)
        .where('type', '=', recent.type)
        .orderBy('viewed_at', 'desc')
        .limit(MAX_RECENTS),
    )
    .execute();
  return {
    type: saved.type,
    refId: saved.ref_id,
    metadata: saved.metadata,
    viewedAt: saved.viewed_at.toISOString(),
  };
}

/** Puts a project the caller takes part in at the top of their recents. */
export async function markProjectViewed(ctx: ServiceContext, projectId: string) {
  const project = await requireVisibleProject(ctx, ctx.db, projectId);
  return recordRecent(ctx.db, ctx.session.user.id, {
    type: 'Project',
    refId: project.id,
    metadata: { ProjectName: project.name },
  });
}

/** Forgets everyone's visits to a project that no longer exists. */
export async function forgetProjectVisits(db: Executor, projectId: string) {
  await db.deleteFrom('recents').where('type', '=', 'Project').where('ref_id', '=', projectId).execute();
}
