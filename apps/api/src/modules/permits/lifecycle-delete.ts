import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { conflict, forbidden } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { assertStatus, lifecycleFacts, notifyOrganizations, type PermitRow } from './lifecycle.ts';
import { type PermitAccess, permitAudience, requirePermit } from './permit-access.ts';

// Deleting a permit removes it with everything that hangs off it (stages, tasks, values, activity, cancel
// requests go by cascade). Its activity goes with it, so the audit log keeps the record of who deleted it.

/** The applicant may take back an application no one has worked on yet: first stage, nothing completed. */
async function assertUntouched(trx: Trx, permit: PermitRow) {
  assertStatus(permit, ['Active'], 'deleted by the applicant');
  const first = await trx
    .selectFrom('permit_stages')
    .select('stage_key')
    .where('permit_id', '=', permit.id)
    .orderBy('position')
    .executeTakeFirst();
  const done = await trx
    .selectFrom('permit_tasks')
    .select('name')
    .where('permit_id', '=', permit.id)
    .where('status', '=', 'Completed')
    .executeTakeFirst();
  if (first?.stage_key !== permit.active_stage_key || done) {
    throw conflict(
      `Work on permit ${permit.permit_number} has begun, so only the pole owner may delete it now.`,
    );
  }
}

/** Whether the caller's side may delete this permit: the pole owner's managers, or the applicant early on. */
async function assertMayDelete(trx: Trx, access: PermitAccess) {
  if (access.isPoleOwner) {
    if (!access.permissions.includes('ManagePermits')) {
      throw forbidden("Only the pole owner's permit managers may delete a permit.");
    }
    return;
  }
  await assertUntouched(trx, access.permit);
}

/** Deletes a permit and tells the organizations that saw it. */
export function deletePermit(ctx: ServiceContext, permitId: string) {
  return transact(ctx, async (trx) => {
    const access = await requirePermit(ctx, trx, permitId, { permission: 'EditPermits', lock: true });
    await assertMayDelete(trx, access);
    const { permit } = access;
    const audience = await permitAudience(trx, permit);
    await trx.deleteFrom('permits').where('id', '=', permit.id).execute();
    await recordAudit(trx, ctx.session, {
      action: 'permit.deleted',
      targetType: 'permit',
      targetId: permit.id,
      organizationId: ctx.session.organizationId,
      before: { ...lifecycleFacts(permit), permitNumber: permit.permit_number, projectId: permit.project_id },
    });
    const payload = { permitId: permit.id, projectId: permit.project_id, permitNumber: permit.permit_number };
    const notices = audience.map((organizationId) => ({
      organizationId,
      projectId: permit.project_id,
      payload,
    }));
    await notifyOrganizations(ctx, trx, 'PermitDeleted', notices);
    return { id: permit.id };
  });
}
