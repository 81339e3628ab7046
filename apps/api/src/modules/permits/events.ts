import type { PermitActivityKind } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { recordEvent } from '../../realtime/outbox.ts';
import { queuePermitMail } from '../notifications/permit-mail.ts';
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

/** The system acting on its own, as when a clock runs out: no one is the actor. */
export interface SystemActor {
  system: true;
  /** The browser-facing origin, for links in e-mail. */
  publicUrl: string;
}

/** Who records a change: a person through a request, or the system. */
export type ChangeContext = ServiceContext | SystemActor;

/** The acting person (null for the system), their hub connection, and where links in e-mail point. */
export function actorOf(ctx: ChangeContext) {
  if ('system' in ctx) return { userId: null, connectionId: null, publicUrl: ctx.publicUrl };
  return { userId: ctx.session.user.id, connectionId: ctx.connectionId, publicUrl: ctx.app.config.publicUrl };
}

type PermitRef = { id: string; project_id: string; applicant_organization_id: string };

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
 * activity time, its clocks, the hub event to the organizations that see the permit, and the e-mail their
 * people asked for, all in the caller's transaction, so a failure leaves none of them behind. The system
 * records changes too (a clock running out), with no actor.
 */
export async function recordPermitChange(
  ctx: ChangeContext,
  trx: Trx,
  permit: PermitRef,
  change: PermitChange,
) {
  const now = new Date();
  await moveClocks(trx, permit.id, change, now);
  await insertActivity(trx, [
    {
      permitId: permit.id,
      projectId: permit.project_id,
      kind: change.kind,
      actorUserId: actorOf(ctx).userId,
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
  await announcePermitEvent(ctx, trx, permit, change.kind, change.detail, change.summary);
}

/**
 * Sends a permit's hub event to the organizations that see the permit, and queues the e-mail of the people it
 * concerns who asked for it, in the caller's transaction. `summary` is the change as the activity log says it.
 */
export async function announcePermitEvent(
  ctx: ChangeContext,
  trx: Trx,
  permit: PermitRef,
  kind: PermitActivityKind,
  detail?: Record<string, unknown>,
  summary?: string,
) {
  const actor = actorOf(ctx);
  const audience = await permitAudience(trx, permit);
  for (const [index, organizationId] of audience.entries()) {
    await recordEvent(trx, {
      type: kind,
      organizationId,
      // Only the members who may see the project's permits hear of it.
      projectId: permit.project_id,
      // The first event also reaches the permit's open pages and the others leave them out, so that each
      // page hears each change once, whichever organization it is of.
      permitId: index === 0 ? permit.id : null,
      exceptPermitId: index === 0 ? null : permit.id,
      payload: { permitId: permit.id, projectId: permit.project_id, ...detail },
      connectionId: actor.connectionId,
    });
  }
  await queuePermitMail(trx, actor, permit, { kind, detail: detail ?? {}, summary: summary ?? null });
}
