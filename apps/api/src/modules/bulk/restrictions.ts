import type {
  BulkLifecycleResult,
  BulkPerson,
  ParsedBulkRestrictionsInput,
  ParsedBulkSelection,
  PermitRestriction,
  PermitStatus,
  SelectedRestrictions,
} from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import {
  assertPoleOwner,
  lifecycleFacts,
  type PermitRow,
  permitAction,
  statusRefusal,
  toLifecycleState,
} from '../permits/lifecycle.ts';
import { requirePermit } from '../permits/permit-access.ts';
import { takeSelection } from './selection.ts';
import { recordBulk, refuseAny } from './writes.ts';

// A permit's restrictions, read back from its activity log (each restriction is the entry that restricted
// the permit, closed by the entry that lifted it), and restricting or lifting restrictions of many permits
// at once with the same rules as on one permit: the pole owner's permit managers only; an open permit
// (active, on hold or waiting on a cancellation) that is not restricted yet; any restricted permit may be
// lifted, whatever its status.

const RESTRICTABLE: readonly PermitStatus[] = ['Active', 'OnHold', 'CancelRequested'];

const personOf = (id: string | null, name: string | null): BulkPerson | null =>
  id ? { id, name: name ?? '' } : null;

/** Every restriction of each permit, newest first. */
export async function restrictionHistory(db: Executor, permits: PermitRow[]) {
  const history = new Map<string, PermitRestriction[]>(permits.map((permit) => [permit.id, []]));
  if (permits.length === 0) return history;
  const rows = await db
    .selectFrom('permit_activity as a')
    .leftJoin('users as u', 'u.id', 'a.actor_user_id')
    .select([
      'a.id',
      'a.permit_id',
      'a.kind',
      'a.created_at',
      'a.after',
      'u.id as userId',
      sql<string | null>`u.first_name || ' ' || u.last_name`.as('userName'),
    ])
    .where(sql<boolean>`a.permit_id = ANY(${permits.map((permit) => permit.id)}::uuid[])`)
    .where('a.kind', 'in', ['PermitRestricted', 'PermitRestrictionRemoved'])
    .orderBy('a.permit_id')
    .orderBy('a.id')
    .execute();
  for (const row of rows) {
    const list = history.get(row.permit_id)!;
    const by = personOf(row.userId, row.userName);
    if (row.kind === 'PermitRestricted') {
      const reason = row.after?.restrictedReason;
      list.push({
        id: row.id,
        permitId: row.permit_id,
        reason: typeof reason === 'string' ? reason : null,
        restrictedAt: row.created_at.toISOString(),
        restrictedBy: by,
        removedAt: null,
        removedBy: null,
        active: false,
      });
      continue;
    }
    const open = list.findLast((restriction) => restriction.removedAt === null);
    if (open) Object.assign(open, { removedAt: row.created_at.toISOString(), removedBy: by });
  }
  for (const permit of permits) {
    const list = history.get(permit.id)!;
    if (!permit.restricted) continue;
    const open = list.findLast((restriction) => restriction.removedAt === null);
    if (open) {
      open.active = true;
    } else {
      // Restricted before its log kept restrictions: the permit's own fields are all there is.
      list.push({
        id: permit.id,
        permitId: permit.id,
        reason: permit.restricted_reason,
        restrictedAt: permit.updated_at.toISOString(),
        restrictedBy: null,
        removedAt: null,
        removedBy: null,
        active: true,
      });
    }
  }
  for (const list of history.values()) list.reverse();
  return history;
}

/** `GET permit/{id}/restrictions`: the permit's restrictions, newest first. */
export async function permitRestrictions(ctx: ServiceContext, permitId: string) {
  const { permit } = await requirePermit(ctx, ctx.db, permitId);
  return (await restrictionHistory(ctx.db, [permit])).get(permit.id)!;
}

/**
 * `DELETE permit/{id}/restriction/{restrictionId}`: lifts the permit's restriction when it is the one named;
 * an unknown restriction is 404, one already lifted 409.
 */
export async function removeNamedRestriction(ctx: ServiceContext, permitId: string, restrictionId: string) {
  const { permit } = await permitAction(ctx, permitId, 'ManagePermits', async (access, trx) => {
    assertPoleOwner(access, 'remove a restriction');
    const history = (await restrictionHistory(trx, [access.permit])).get(access.permit.id)!;
    const named = history.find((restriction) => restriction.id === restrictionId);
    if (!named) throw notFound('The restriction');
    if (!named.active) {
      throw conflict(`That restriction on permit ${access.permit.permit_number} was already removed.`);
    }
    const after = await trx
      .updateTable('permits')
      .set({ restricted: false, restricted_reason: null, updated_at: new Date() })
      .where('id', '=', access.permit.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      after,
      change: {
        kind: 'PermitRestrictionRemoved',
        summary: `The restriction on permit ${access.permit.permit_number} was removed`,
      },
      result: null,
    };
  });
  return permit;
}

/** `POST permit/selected-restrictions`: each selected permit with its current restriction. */
export async function selectedRestrictions(
  ctx: ServiceContext,
  selection: ParsedBulkSelection,
): Promise<SelectedRestrictions> {
  const { permits } = await takeSelection(ctx, ctx.db, selection, { permission: 'ViewPermits', lock: false });
  const restricted = permits.filter((permit) => permit.restricted);
  const history = await restrictionHistory(ctx.db, restricted);
  return {
    total: permits.length,
    restrictedCount: restricted.length,
    permits: permits.map((permit) => ({
      permitId: permit.id,
      permitNumber: permit.permit_number,
      status: permit.status,
      restriction: history.get(permit.id)?.find((restriction) => restriction.active) ?? null,
    })),
  };
}

/** Why a permit refuses the bulk action, or null when it takes it. */
function refusal(permit: PermitRow, input: ParsedBulkRestrictionsInput) {
  if (input.action === 'Remove') return permit.restricted ? null : `${permit.permit_number} (not restricted)`;
  if (permit.restricted) return `${permit.permit_number} (already restricted)`;
  return RESTRICTABLE.includes(permit.status) ? null : statusRefusal(permit);
}

/**
 * `POST permit/bulk-action/restrictions`: restricts or lifts the restriction of every selected permit, all or
 * none, with one activity entry each and one bulk event per organization.
 */
export function bulkRestrictions(
  ctx: ServiceContext,
  input: ParsedBulkRestrictionsInput,
): Promise<BulkLifecycleResult> {
  return transact(ctx, async (trx) => {
    const { permits, access } = await takeSelection(ctx, trx, input.selection, {
      permission: 'ManagePermits',
      lock: true,
    });
    if ([...access.values()].some((one) => !one.isPoleOwner)) {
      throw forbidden('Only the pole owner may restrict permits or remove their restrictions.');
    }
    const restrict = input.action === 'Restrict';
    refuseAny(
      permits.map((permit) => refusal(permit, input)).filter((text) => text !== null),
      restrict
        ? 'Only open permits that are not restricted yet can be restricted'
        : 'Only restricted permits can have their restriction removed',
    );
    if (permits.length === 0) return { count: 0, permits: [] };
    const reason = input.reason ?? null;
    const now = new Date();
    const changed = await trx
      .updateTable('permits')
      .set({
        restricted: restrict,
        restricted_reason: restrict ? reason : null,
        updated_at: now,
        last_activity_at: now,
      })
      .where(sql<boolean>`id = ANY(${permits.map((permit) => permit.id)}::uuid[])`)
      .returningAll()
      .execute();
    const after = new Map(changed.map((permit) => [permit.id, permit]));
    const kind = restrict ? 'PermitRestricted' : 'PermitRestrictionRemoved';
    await recordBulk(ctx, trx, {
      permits,
      permitKind: kind,
      bulkKind: restrict ? 'BulkPermitRestriction' : 'BulkPermitRestrictionRemoved',
      detail: reason ? { reason } : {},
      activityTimeWritten: true,
      entries: permits.map((permit) => ({
        permitId: permit.id,
        projectId: permit.project_id,
        kind,
        actorUserId: ctx.session.user.id,
        summary: restrict
          ? `Permit ${permit.permit_number} was restricted: ${reason}`
          : `The restriction on permit ${permit.permit_number} was removed${reason ? `: ${reason}` : ''}`,
        before: lifecycleFacts(permit),
        after: lifecycleFacts(after.get(permit.id)!),
      })),
    });
    return {
      count: permits.length,
      permits: permits.map((permit) => toLifecycleState(after.get(permit.id)!)),
    };
  });
}
