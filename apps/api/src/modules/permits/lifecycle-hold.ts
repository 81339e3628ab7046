import {
  definitionTimers,
  type NotificationEventType,
  type ParsedPermitHoldInput,
  type PermitLifecycleState,
  type PermitStatus,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { takeSelection } from '../bulk/selection.ts';
import { recordBulk, refuseAny } from '../bulk/writes.ts';
import { recordPermitChange } from './events.ts';
import {
  lifecycleFacts,
  type PermitRow,
  statusRefusal,
  toLifecycleState,
  updatePermit,
} from './lifecycle.ts';
import { definitionsOf } from './repo.ts';
import { heldRow } from './timer-state.ts';

export { bulkNotices } from '../bulk/writes.ts';

// Putting permits on hold and taking them off, many at once: the permits listed, or every permit the caller
// sees that matches the tracker's filter and search. The selected permits are locked and read in one
// statement, every one is checked before any changes (the call changes all of them or none), and they are
// written set-wise: one update, their activity entries in one statement, their clocks paused or resumed in
// one statement, one event per permit to its open pages and one bulk event per organization. One permit
// named by id (the permit page's hold) is no bulk action: it is recorded as any single change is, with its
// own events and e-mail. A filter is always the bulk action, even when it matches one permit.

interface HoldMove {
  action: string;
  from: PermitStatus;
  to: PermitStatus;
  kind: 'PermitAddOnHold' | 'PermitRemoveOnHold';
  bulkKind: NotificationEventType;
  summary: (permit: PermitRow, reason: string) => string;
}

const putOnHold: HoldMove = {
  action: 'put on hold',
  from: 'Active',
  to: 'OnHold',
  kind: 'PermitAddOnHold',
  bulkKind: 'BulkPermitAddOnHold',
  summary: (permit, reason) => `Permit ${permit.permit_number} was put on hold: ${reason}`,
};

const takeOffHold: HoldMove = {
  action: 'taken off hold',
  from: 'OnHold',
  to: 'Active',
  kind: 'PermitRemoveOnHold',
  bulkKind: 'BulkPermitRemoveOnHold',
  summary: (permit, reason) => `Permit ${permit.permit_number} was taken off hold: ${reason}`,
};

/**
 * Pauses or resumes the clocks of many permits at once: their clocks read in one statement, moved as one
 * permit's are (only the clocks of the permit's workflow version), and written back in one statement.
 */
async function moveClocksSet(trx: Trx, permits: PermitRow[], kind: HoldMove['kind'], now: Date) {
  const ids = permits.map((permit) => permit.id);
  const rows = await trx
    .selectFrom('permit_timers')
    .selectAll()
    .where(sql<boolean>`permit_id = ANY(${ids}::uuid[])`)
    .where('stopped_at', 'is', null)
    .execute();
  if (rows.length === 0) return;
  const templateOf = new Map(permits.map((permit) => [permit.id, permit.template_id]));
  const definitions = await definitionsOf(trx, [...new Set(templateOf.values())]);
  const clockKeys = new Map(
    [...definitions].map(([templateId, definition]) => [
      templateId,
      new Set(definitionTimers(definition).map((placed) => placed.ownerKey)),
    ]),
  );
  const changed = rows.flatMap((row) => {
    if (!clockKeys.get(templateOf.get(row.permit_id)!)?.has(row.owner_key)) return [];
    const next = heldRow(row, kind, now);
    return next
      ? [{ permit_id: next.permit_id, owner_key: next.owner_key, holds: next.holds, due_at: next.due_at }]
      : [];
  });
  if (changed.length === 0) return;
  await sql`
    UPDATE permit_timers AS t SET holds = c.holds, due_at = c.due_at
    FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb)
      AS c(permit_id uuid, owner_key uuid, holds jsonb, due_at timestamptz)
    WHERE t.permit_id = c.permit_id AND t.owner_key = c.owner_key`.execute(trx);
}

/** One permit: recorded as a single change, with its clocks, events to each organization and e-mail. */
async function moveOne(ctx: ServiceContext, trx: Trx, permit: PermitRow, reason: string, move: HoldMove) {
  const after = await updatePermit(trx, permit.id, {
    status: move.to,
    on_hold_reason: move.to === 'OnHold' ? reason : null,
  });
  await recordPermitChange(ctx, trx, after, {
    kind: move.kind,
    summary: move.summary(permit, reason),
    before: lifecycleFacts(permit),
    after: lifecycleFacts(after),
  });
  return [toLifecycleState(after)];
}

/** Many permits: one update, their clocks, then the bulk module's set-wise record. */
async function moveSet(
  ctx: ServiceContext,
  trx: Trx,
  permits: PermitRow[],
  reason: string,
  move: HoldMove,
): Promise<PermitLifecycleState[]> {
  const now = new Date();
  const changed = await trx
    .updateTable('permits')
    .set({
      status: move.to,
      on_hold_reason: move.to === 'OnHold' ? reason : null,
      updated_at: now,
      last_activity_at: now,
    })
    .where(sql<boolean>`id = ANY(${permits.map((permit) => permit.id)}::uuid[])`)
    .returningAll()
    .execute();
  const after = new Map(changed.map((permit) => [permit.id, permit]));
  await moveClocksSet(trx, permits, move.kind, now);
  await recordBulk(ctx, trx, {
    permits,
    permitKind: move.kind,
    bulkKind: move.bulkKind,
    detail: { reason },
    activityTimeWritten: true,
    entries: permits.map((permit) => ({
      permitId: permit.id,
      projectId: permit.project_id,
      kind: move.kind,
      actorUserId: ctx.session.user.id,
      summary: move.summary(permit, reason),
      before: lifecycleFacts(permit),
      after: lifecycleFacts(after.get(permit.id)!),
    })),
  });
  return permits.map((permit) => toLifecycleState(after.get(permit.id)!));
}

async function moveAll(ctx: ServiceContext, input: ParsedPermitHoldInput, move: HoldMove) {
  return transact(ctx, async (trx) => {
    const selection = input.filter ? { filter: input.filter } : { permitIds: input.permitIds };
    const { permits, access } = await takeSelection(ctx, trx, selection, {
      permission: 'ManagePermits',
      lock: true,
      filterField: 'body.filter',
    });
    if ([...access.values()].some((one) => !one.isPoleOwner)) {
      throw forbidden('Only the pole owner may put permits on hold or take them off.');
    }
    refuseAny(
      permits.filter((permit) => permit.status !== move.from).map(statusRefusal),
      `Only ${move.from === 'Active' ? 'active' : 'on-hold'} permits can be ${move.action}`,
    );
    if (permits.length === 0) return [];
    // One permit named by id is the permit page's hold: a single change. A filter is the tracker's bulk
    // action whatever it matches, one permit included.
    if (permits.length === 1 && !input.filter) return moveOne(ctx, trx, permits[0]!, input.reason, move);
    return moveSet(ctx, trx, permits, input.reason, move);
  });
}

/** Puts active permits on hold, all or none. */
export function holdPermits(ctx: ServiceContext, input: ParsedPermitHoldInput) {
  return moveAll(ctx, input, putOnHold);
}

/** Takes permits off hold, all or none. */
export function releasePermits(ctx: ServiceContext, input: ParsedPermitHoldInput) {
  return moveAll(ctx, input, takeOffHold);
}
