import type { PermitActivityKind } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { permitAudience } from './permit-access.ts';
import { definitionsOf, insertActivity } from './repo.ts';
import { applyTimerEvents } from './timer-state.ts';

export interface PermitChange {
  /** The notification event type and activity kind (they share names). */
  kind: PermitActivityKind;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Extra ids for the hub event (stageKey, taskKey, commentId, fileId...). */
  detail?: Record<string, unknown>;
}

/** The changes that start, stop, pause or resume a permit's timers. */
const CLOCK_KINDS = new Set<PermitActivityKind>([
  'PermitCompleted',
  'PermitUncompleted',
  'PermitAddOnHold',
  'PermitRemoveOnHold',
  'StageStarted',
  'StageCompleted',
  'StageUncompleted',
  'TaskReadyToBegin',
  'TaskStarted',
  'TaskCompleted',
  'TaskUncompleted',
]);

const keyOf = (value: unknown) => (typeof value === 'string' ? value : null);

/** Moves the permit's clocks for a change, so no write path can forget them. */
async function moveClocks(trx: Trx, permitId: string, change: PermitChange, now: Date) {
  if (!CLOCK_KINDS.has(change.kind)) return;
  const permit = await trx
    .selectFrom('permits')
    .select(['id', 'project_id', 'status', 'template_id'])
    .where('id', '=', permitId)
    .executeTakeFirstOrThrow();
  const definition = (await definitionsOf(trx, [permit.template_id])).get(permit.template_id);
  if (!definition) return;
  const event = {
    kind: change.kind,
    stageKey: keyOf(change.detail?.stageKey),
    taskKey: keyOf(change.detail?.taskKey),
  };
  await applyTimerEvents(trx, permit, definition, [event], now);
}

/**
 * Records a change to a permit the way every permit write must: its activity entry, the permit's last
 * activity time, its clocks, and the hub event to the organizations that see the permit, all in the caller's
 * transaction, so a failure leaves none of them behind.
 */
export async function recordPermitChange(
  ctx: ServiceContext,
  trx: Trx,
  permit: { id: string; project_id: string; applicant_organization_id: string },
  change: PermitChange,
) {
  const now = new Date();
  await moveClocks(trx, permit.id, change, now);
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
  await announcePermitEvent(ctx, trx, permit, change.kind, change.detail);
}

/** Sends a permit's hub event to the organizations that see the permit, in the caller's transaction. */
export async function announcePermitEvent(
  ctx: ServiceContext,
  trx: Trx,
  permit: { id: string; project_id: string; applicant_organization_id: string },
  kind: PermitActivityKind,
  detail?: Record<string, unknown>,
) {
  const audience = await permitAudience(trx, permit);
  for (const [index, organizationId] of audience.entries()) {
    await ctx.app.events.record(trx, {
      type: kind,
      organizationId,
      // One of the events also reaches the permit's open pages, so that they hear each change once.
      permitId: index === 0 ? permit.id : null,
      payload: { permitId: permit.id, projectId: permit.project_id, ...detail },
      connectionId: ctx.connectionId,
    });
  }
}
