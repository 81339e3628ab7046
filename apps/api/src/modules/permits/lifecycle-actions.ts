import type { PermitReasonInput } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import {
  assertPoleOwner,
  assertStatus,
  type Decision,
  type PermitRow,
  permitAction,
  updatePermit,
} from './lifecycle.ts';

// Completing and restricting a permit: the pole owner's calls on one permit at a time.

/** A pole owner's action on one permit, answering the permit as it now is. */
async function ownerAction(
  ctx: ServiceContext,
  permitId: string,
  action: string,
  decide: (permit: PermitRow, trx: Trx) => Promise<Decision<null>>,
) {
  const { permit } = await permitAction(ctx, permitId, 'ManagePermits', (access, trx) => {
    assertPoleOwner(access, action);
    return decide(access.permit, trx);
  });
  return permit;
}

/** Completes a permit whose stages are all done; 409 names the first stage still open. */
export function completePermit(ctx: ServiceContext, permitId: string) {
  return ownerAction(ctx, permitId, 'complete a permit', async (permit, trx) => {
    assertStatus(permit, ['Active'], 'completed');
    if (permit.restricted) {
      throw conflict(
        `Permit ${permit.permit_number} is restricted; remove the restriction before completing it.`,
      );
    }
    const open = await trx
      .selectFrom('permit_stages')
      .select('name')
      .where('permit_id', '=', permit.id)
      .where('status', '!=', 'Completed')
      .orderBy('position')
      .executeTakeFirst();
    if (open) {
      throw conflict(`Stage "${open.name}" of permit ${permit.permit_number} is not completed yet.`);
    }
    const after = await updatePermit(trx, permit.id, { status: 'Completed', completed_at: new Date() });
    return {
      after,
      change: { kind: 'PermitCompleted', summary: `Permit ${permit.permit_number} was completed` },
      result: null,
    };
  });
}

/** Reopens a completed permit; its stages and tasks stay as they were. */
export function uncompletePermit(ctx: ServiceContext, permitId: string) {
  return ownerAction(ctx, permitId, 'reopen a permit', async (permit, trx) => {
    assertStatus(permit, ['Completed'], 'reopened');
    const after = await updatePermit(trx, permit.id, { status: 'Active', completed_at: null });
    return {
      after,
      change: { kind: 'PermitUncompleted', summary: `Permit ${permit.permit_number} was reopened` },
      result: null,
    };
  });
}

/** Restricts an open permit: work on it stops until the restriction is removed. */
export function restrictPermit(ctx: ServiceContext, permitId: string, input: PermitReasonInput) {
  return ownerAction(ctx, permitId, 'restrict a permit', async (permit, trx) => {
    assertStatus(permit, ['Active', 'OnHold', 'CancelRequested'], 'restricted');
    if (permit.restricted) throw conflict(`Permit ${permit.permit_number} is already restricted.`);
    const after = await updatePermit(trx, permit.id, { restricted: true, restricted_reason: input.reason });
    return {
      after,
      change: {
        kind: 'PermitRestricted',
        summary: `Permit ${permit.permit_number} was restricted: ${input.reason}`,
      },
      result: null,
    };
  });
}

/** Lifts a permit's restriction whatever its status, so that a closed permit is never left restricted. */
export function removePermitRestriction(ctx: ServiceContext, permitId: string) {
  return ownerAction(ctx, permitId, 'remove a restriction', async (permit, trx) => {
    if (!permit.restricted) throw conflict(`Permit ${permit.permit_number} is not restricted.`);
    const after = await updatePermit(trx, permit.id, { restricted: false, restricted_reason: null });
    return {
      after,
      change: {
        kind: 'PermitRestrictionRemoved',
        summary: `The restriction on permit ${permit.permit_number} was removed`,
      },
      result: null,
    };
  });
}
