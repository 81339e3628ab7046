import type {
  NotificationEventType,
  PermitHoldInput,
  PermitLifecycleState,
  PermitStatus,
} from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { recordPermitChange } from './events.ts';
import {
  assertPoleOwner,
  lifecycleFacts,
  notifyOrganizations,
  type PermitRow,
  statusRefusal,
  toLifecycleState,
  updatePermit,
} from './lifecycle.ts';
import { permitAudience, requirePermit } from './permit-access.ts';

// Putting permits on hold and taking them off, many at once: every permit is checked before any changes,
// so the call changes all of them or none.

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

/** Locks every listed permit (in id order, so two bulk calls never wait on each other) and checks access. */
async function lockAll(ctx: ServiceContext, trx: Trx, permitIds: string[]) {
  const permits: PermitRow[] = [];
  for (const id of [...permitIds].sort()) {
    const access = await requirePermit(ctx, trx, id, { permission: 'ManagePermits', lock: true });
    assertPoleOwner(access, 'put permits on hold or take them off');
    permits.push(access.permit);
  }
  return permits;
}

/** The bulk event's payload for each organization: only the permits it sees, never another attacher's. */
export async function bulkPayloads(trx: Trx, permits: PermitRow[]) {
  const audiences = new Map<string, string[]>();
  const byOrganization = new Map<string, string[]>();
  for (const permit of permits) {
    const key = `${permit.project_id}/${permit.applicant_organization_id}`;
    const audience = audiences.get(key) ?? (await permitAudience(trx, permit));
    audiences.set(key, audience);
    for (const organizationId of audience) {
      const seen = byOrganization.get(organizationId) ?? [];
      seen.push(permit.id);
      byOrganization.set(organizationId, seen);
    }
  }
  return new Map(
    [...byOrganization].map(([organizationId, permitIds]) => [
      organizationId,
      { permitIds, count: permitIds.length },
    ]),
  );
}

async function moveAll(ctx: ServiceContext, input: PermitHoldInput, move: HoldMove) {
  return transact(ctx, async (trx) => {
    const permits = await lockAll(ctx, trx, input.permitIds);
    const refused = permits.filter((permit) => permit.status !== move.from);
    if (refused.length > 0) {
      throw conflict(
        `Only ${move.from === 'Active' ? 'active' : 'on-hold'} permits can be ${move.action}; ` +
          `nothing was changed. Not allowed: ${refused.map(statusRefusal).join(', ')}.`,
      );
    }
    const results: PermitLifecycleState[] = [];
    for (const permit of permits) {
      const after = await updatePermit(trx, permit.id, {
        status: move.to,
        on_hold_reason: move.to === 'OnHold' ? input.reason : null,
      });
      await recordPermitChange(ctx, trx, after, {
        kind: move.kind,
        summary: move.summary(permit, input.reason),
        before: lifecycleFacts(permit),
        after: lifecycleFacts(after),
      });
      results.push(toLifecycleState(after));
    }
    if (permits.length > 1) {
      await notifyOrganizations(ctx, trx, move.bulkKind, await bulkPayloads(trx, permits));
    }
    return results;
  });
}

/** Puts active permits on hold, all or none. */
export function holdPermits(ctx: ServiceContext, input: PermitHoldInput) {
  return moveAll(ctx, input, putOnHold);
}

/** Takes permits off hold, all or none. */
export function releasePermits(ctx: ServiceContext, input: PermitHoldInput) {
  return moveAll(ctx, input, takeOffHold);
}
