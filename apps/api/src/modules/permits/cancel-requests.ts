import type { CancelRequestResult, DirectCancelInput, PermitReasonInput } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import {
  type CancelRequestRow,
  findCancelRequest,
  findPendingRequest,
  insertCancelRequest,
  toCancelRequest,
  updateCancelRequest,
} from './cancel-requests-repo.ts';
import {
  assertApplicant,
  assertPoleOwner,
  assertStatus,
  type Decision,
  type PermitRow,
  permitAction,
  updatePermit,
} from './lifecycle.ts';
import type { PermitAccess } from './permit-access.ts';

// Cancelling a permit takes two sides: the applicant asks, the pole owner approves or rejects. The pole
// owner may also cancel directly, and undo a cancellation; the applicant may withdraw a pending request.

type CancelDecision = Decision<CancelRequestRow>;

/** Runs a cancellation action and answers the permit with the request it acted on. */
async function cancelAction(
  ctx: ServiceContext,
  permitId: string,
  permission: 'EditPermits' | 'ManagePermits',
  decide: (access: PermitAccess, trx: Trx) => Promise<CancelDecision>,
): Promise<CancelRequestResult> {
  const { permit, result } = await permitAction(ctx, permitId, permission, decide);
  return { permit, cancelRequest: toCancelRequest(result) };
}

/** The status a request returns the permit to, as the permit row types it. */
const previousOf = (permit: PermitRow) => (permit.status === 'OnHold' ? 'OnHold' : 'Active');

const requestWords: Record<CancelRequestRow['status'], string> = {
  Pending: 'is still pending',
  Approved: 'was approved',
  Rejected: 'was rejected',
  Undone: 'was withdrawn or undone',
};

/** Refuses (409) a decision on a request that is no longer in the state it needs. */
function assertRequest(request: CancelRequestRow, status: CancelRequestRow['status'], action: string) {
  if (request.status !== status) {
    throw conflict(`The cancel request ${requestWords[request.status]}, so it cannot be ${action}.`);
  }
}

function decided(
  permit: PermitRow,
  after: PermitRow,
  request: CancelRequestRow,
  kind: CancelDecision['change']['kind'],
  summary: string,
): CancelDecision {
  return {
    after,
    change: { kind, summary: `Permit ${permit.permit_number} ${summary}`, detail: { cancelId: request.id } },
    result: request,
  };
}

/** The applicant asks for its permit to be cancelled; the pole owner decides. */
export function requestCancel(ctx: ServiceContext, permitId: string, input: PermitReasonInput) {
  return cancelAction(ctx, permitId, 'EditPermits', async (access, trx) => {
    assertApplicant(ctx, access, 'ask for a permit to be cancelled');
    const { permit } = access;
    assertStatus(permit, ['Active', 'OnHold'], 'asked to be cancelled');
    const request = await insertCancelRequest(trx, {
      permit_id: permit.id,
      project_id: permit.project_id,
      reason: input.reason,
      requested_by: ctx.session.user.id,
      previous_status: previousOf(permit),
    });
    const after = await updatePermit(trx, permit.id, { status: 'CancelRequested' });
    return decided(
      permit,
      after,
      request,
      'PermitCancelRequested',
      `cancellation requested: ${input.reason}`,
    );
  });
}

/**
 * The pole owner's decision on a pending request: approved, the permit is cancelled; rejected, it goes back
 * to where it was.
 */
function decidePending(
  ctx: ServiceContext,
  permitId: string,
  cancelId: string,
  verdict: { status: 'Approved' | 'Rejected'; reason?: string },
) {
  const approving = verdict.status === 'Approved';
  return cancelAction(ctx, permitId, 'ManagePermits', async (access, trx) => {
    assertPoleOwner(access, approving ? 'approve a cancellation' : 'reject a cancellation');
    const { permit } = access;
    const pending = await findCancelRequest(trx, permit.id, cancelId);
    assertRequest(pending, 'Pending', approving ? 'approved' : 'rejected');
    assertStatus(permit, ['CancelRequested'], approving ? 'cancelled' : 'kept');
    const request = await updateCancelRequest(trx, pending.id, {
      status: verdict.status,
      decided_by: ctx.session.user.id,
      decided_at: new Date(),
      decision_reason: verdict.reason ?? null,
    });
    const after = await updatePermit(trx, permit.id, {
      status: approving ? 'Cancelled' : request.previous_status,
    });
    return approving
      ? decided(permit, after, request, 'PermitCancelApproved', 'was cancelled: the request was approved')
      : decided(permit, after, request, 'PermitCancelRejected', `cancellation rejected: ${verdict.reason}`);
  });
}

/** The pole owner approves a pending request: the permit is cancelled. */
export function approveCancel(ctx: ServiceContext, permitId: string, cancelId: string) {
  return decidePending(ctx, permitId, cancelId, { status: 'Approved' });
}

/** The pole owner rejects a pending request, saying why: the permit goes back to where it was. */
export function rejectCancel(
  ctx: ServiceContext,
  permitId: string,
  cancelId: string,
  input: PermitReasonInput,
) {
  return decidePending(ctx, permitId, cancelId, { status: 'Rejected', reason: input.reason });
}

/**
 * Undoes a request: the pole owner's managers undo an approved cancellation of a cancelled permit, and the
 * applicant withdraws its own pending request. Either way the permit returns to its status before.
 */
export function undoCancel(ctx: ServiceContext, permitId: string, cancelId: string) {
  return cancelAction(ctx, permitId, 'EditPermits', async (access, trx) => {
    const { permit } = access;
    const found = await findCancelRequest(trx, permit.id, cancelId);
    if (found.status === 'Approved') {
      if (!access.isPoleOwner || !access.permissions.includes('ManagePermits')) {
        throw forbidden("Only the pole owner's permit managers may undo a cancellation.");
      }
      assertStatus(permit, ['Cancelled'], 'uncancelled');
    } else {
      assertRequest(found, 'Pending', 'undone');
      assertApplicant(ctx, access, 'withdraw a cancel request');
      assertStatus(permit, ['CancelRequested'], 'returned to work');
    }
    const request = await updateCancelRequest(trx, found.id, {
      status: 'Undone',
      undone_by: ctx.session.user.id,
      undone_at: new Date(),
    });
    const after = await updatePermit(trx, permit.id, { status: request.previous_status });
    const summary = found.status === 'Approved' ? 'was uncancelled' : 'cancellation request was withdrawn';
    return decided(permit, after, request, 'PermitUncancelled', summary);
  });
}

/** The pole owner cancels a permit without a request; a pending request is approved on the way. */
export function directCancel(ctx: ServiceContext, permitId: string, input: DirectCancelInput) {
  return cancelAction(ctx, permitId, 'ManagePermits', async (access, trx) => {
    assertPoleOwner(access, 'cancel a permit directly');
    const { permit } = access;
    assertStatus(permit, ['Active', 'OnHold', 'CancelRequested'], 'cancelled');
    const decision = {
      status: 'Approved' as const,
      decided_by: ctx.session.user.id,
      decided_at: new Date(),
      decision_reason: input.reason ?? null,
    };
    const pending = await findPendingRequest(trx, permit.id);
    const request = pending
      ? await updateCancelRequest(trx, pending.id, decision)
      : await insertCancelRequest(trx, {
          ...decision,
          permit_id: permit.id,
          project_id: permit.project_id,
          reason: input.reason ?? null,
          requested_by: ctx.session.user.id,
          previous_status: previousOf(permit),
        });
    const after = await updatePermit(trx, permit.id, { status: 'Cancelled' });
    const why = input.reason ? `: ${input.reason}` : '';
    return decided(permit, after, request, 'PermitCancelApproved', `was cancelled by the pole owner${why}`);
  });
}
