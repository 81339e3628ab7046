import type { PermitActivityKind } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { permitAudience } from './permit-access.ts';
import { insertActivity } from './repo.ts';

export interface PermitChange {
  /** The notification event type and activity kind (they share names). */
  kind: PermitActivityKind;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Extra ids for the hub event (stageKey, taskKey, commentId, fileId...). */
  detail?: Record<string, unknown>;
}

/**
 * Records a change to a permit the way every permit write must: its activity entry, the permit's last
 * activity time, and the hub event to the organizations that see the permit, all in the caller's
 * transaction, so a failure leaves none of them behind.
 */
export async function recordPermitChange(
  ctx: ServiceContext,
  trx: Trx,
  permit: { id: string; project_id: string; applicant_organization_id: string },
  change: PermitChange,
) {
  const now = new Date();
  await insertActivity(trx, [
    {
      permitId: permit.id,
      projectId: permit.project_id,
      kind: change.kind,
      actorUserId: ctx.session.user.id,
      summary: change.summary,
      before: change.before ?? null,
      after: change.after ?? null,
    },
  ]);
  await trx
    .updateTable('permits')
    .set({ last_activity_at: now, updated_at: now })
    .where('id', '=', permit.id)
    .execute();
  for (const organizationId of await permitAudience(trx, permit)) {
    await ctx.app.events.record(trx, {
      type: change.kind,
      organizationId,
      payload: { permitId: permit.id, projectId: permit.project_id, ...change.detail },
      connectionId: ctx.connectionId,
    });
  }
}
