import type { NotificationEventType, PermitLifecycleState, PermitStatus } from '@crossarm/shared';
import type { Selectable, Updateable } from 'kysely';
import type { Executor, Trx } from '../../db/database.ts';
import type { PermitsTable } from '../../db/schema.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { type PermitChange, recordPermitChange } from './events.ts';
import { type PermitAccess, type PermitAccessOptions, requirePermit } from './permit-access.ts';

// What every lifecycle action shares: which statuses allow it, who may take it, and the permit it answers.

export type PermitRow = Selectable<PermitsTable>;

/** How the status reads in a refusal. */
const statusWords: Record<PermitStatus, string> = {
  Active: 'active',
  OnHold: 'on hold',
  CancelRequested: 'waiting for a cancellation decision',
  Cancelled: 'cancelled',
  Completed: 'completed',
};

/** Refuses (409) an action the permit's status does not allow, saying where it stands. */
export function assertStatus(permit: PermitRow, allowed: readonly PermitStatus[], action: string) {
  if (!allowed.includes(permit.status)) {
    throw conflict(
      `Permit ${permit.permit_number} is ${statusWords[permit.status]}, so it cannot be ${action}.`,
    );
  }
}

/** Why a permit's status refuses an action: its status in words ("on hold"). */
export function statusReason(permit: PermitRow) {
  return statusWords[permit.status];
}

/** A permit refused, for lists of refusals: "NEC-JU-000002 (on hold)". */
export function refusalOf(permit: Pick<PermitRow, 'permit_number'>, reason: string) {
  return `${permit.permit_number} (${reason})`;
}

/** Why a permit's status refuses an action, for lists of refusals. */
export function statusRefusal(permit: PermitRow) {
  return refusalOf(permit, statusReason(permit));
}

/** Only the pole owner's side takes this action; ManagePermits already keeps attachers out, this says why. */
export function assertPoleOwner(access: PermitAccess, action: string) {
  if (!access.isPoleOwner) throw forbidden(`Only the pole owner may ${action}.`);
}

/** Only the applicant organization's side takes this action. */
export function assertApplicant(ctx: ServiceContext, access: PermitAccess, action: string) {
  if (access.permit.applicant_organization_id !== ctx.session.organizationId) {
    throw forbidden(`Only the applicant may ${action}.`);
  }
}

/** Writes the permit's new lifecycle fields and returns the row as it now is. */
export async function updatePermit(db: Executor, permitId: string, changes: Updateable<PermitsTable>) {
  return db
    .updateTable('permits')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', permitId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The lifecycle facts of a permit, as activity entries keep them before and after a change. */
export function lifecycleFacts(permit: PermitRow) {
  return {
    status: permit.status,
    restricted: permit.restricted,
    restrictedReason: permit.restricted_reason,
    onHoldReason: permit.on_hold_reason,
  };
}

export function toLifecycleState(permit: PermitRow): PermitLifecycleState {
  return {
    id: permit.id,
    permitNumber: permit.permit_number,
    status: permit.status,
    restricted: permit.restricted,
    restrictedReason: permit.restricted_reason,
    onHoldReason: permit.on_hold_reason,
    completedAt: permit.completed_at?.toISOString() ?? null,
  };
}

/** What a lifecycle action decided: the permit as it now is, what its activity says, and anything else. */
export interface Decision<T> {
  after: PermitRow;
  change: Omit<PermitChange, 'before' | 'after'>;
  result: T;
}

/**
 * The frame of every single-permit lifecycle action: in one transaction, lock the permit (scope and
 * permission checked), let `decide` check the status and side and write, then record the change with the
 * lifecycle facts before and after.
 */
export async function permitAction<T>(
  ctx: ServiceContext,
  permitId: string,
  permission: PermitAccessOptions['permission'],
  decide: (access: PermitAccess, trx: Trx) => Promise<Decision<T>>,
) {
  return transact(ctx, async (trx) => {
    const access = await requirePermit(ctx, trx, permitId, { permission, lock: true });
    const { after, change, result } = await decide(access, trx);
    await recordPermitChange(ctx, trx, after, {
      ...change,
      before: lifecycleFacts(access.permit),
      after: lifecycleFacts(after),
    });
    return { permit: toLifecycleState(after), result };
  });
}

/** A hub event's addressee: the members of an organization who may see a project's permits. */
export interface OrganizationNotice {
  organizationId: string;
  projectId: string;
  payload: Record<string, unknown>;
}

/**
 * A hub event to organizations without an activity entry: for what has no permit left to log it on
 * (deletion) or spans many permits (bulk actions). Each notice reaches the organization's members who may
 * see the project's permits.
 */
export async function notifyOrganizations(
  ctx: ServiceContext,
  trx: Trx,
  type: NotificationEventType,
  notices: OrganizationNotice[],
) {
  await ctx.app.events.recordAll(
    trx,
    notices.map(({ organizationId, projectId, payload }) => ({
      type,
      organizationId,
      projectId,
      payload,
      connectionId: ctx.connectionId,
    })),
  );
}
