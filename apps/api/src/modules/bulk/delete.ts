import type { BulkDeleteResult, ParsedBulkSelection } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { forbidden } from '../../http/errors.ts';
import { recordAudits } from '../audit/audit.ts';
import { lifecycleFacts, notifyOrganizations, type PermitRow, statusRefusal } from '../permits/lifecycle.ts';
import { bulkNotices } from '../permits/lifecycle-hold.ts';
import { takeSelection } from './selection.ts';
import { refuseAny } from './writes.ts';

// Deleting many permits at once with the rules of deleting one: the pole owner's permit managers may delete
// any permit of their projects; an applicant may take back only applications no one has worked on yet
// (active, still in the first stage, no task completed). All or none; each deletion is kept in the audit
// log (the permit's own activity goes with it) and each organization hears one BulkDelete event.

/** The applicant's permits that work has begun on, set-wise: moved past the first stage or a task done. */
async function touched(trx: Trx, permits: PermitRow[]) {
  if (permits.length === 0) return new Set<string>();
  const rows = await sql<{ id: string }>`
    SELECT p.id FROM permits p
    WHERE p.id = ANY(${permits.map((permit) => permit.id)}::uuid[])
      AND (p.active_stage_key IS DISTINCT FROM (
          SELECT s.stage_key FROM permit_stages s WHERE s.permit_id = p.id ORDER BY s.position LIMIT 1)
        OR EXISTS (SELECT 1 FROM permit_tasks t WHERE t.permit_id = p.id AND t.status = 'Completed'))`.execute(
    trx,
  );
  return new Set(rows.rows.map((row) => row.id));
}

/** `POST permits/bulk-assign/delete`: deletes every selected permit, or none. */
export function bulkDelete(ctx: ServiceContext, selection: ParsedBulkSelection): Promise<BulkDeleteResult> {
  return transact(ctx, async (trx) => {
    const { permits, access } = await takeSelection(ctx, trx, selection, {
      permission: 'EditPermits',
      lock: true,
    });
    const ownerUnmanaged = [...access.values()].some(
      (one) => one.isPoleOwner && !one.permissions.includes('ManagePermits'),
    );
    if (ownerUnmanaged) throw forbidden("Only the pole owner's permit managers may delete a permit.");
    const applied = permits.filter((permit) => !access.get(permit.project_id)!.isPoleOwner);
    const begun = await touched(
      trx,
      applied.filter((permit) => permit.status === 'Active'),
    );
    refuseAny(
      applied.flatMap((permit) => {
        if (permit.status !== 'Active') return [statusRefusal(permit)];
        return begun.has(permit.id) ? [`${permit.permit_number} (work has begun)`] : [];
      }),
      'An applicant may delete only active permits no one has worked on yet; the pole owner may delete the others',
    );
    if (permits.length === 0) return { count: 0, permitIds: [] };
    const notices = await bulkNotices(trx, permits);
    const ids = permits.map((permit) => permit.id);
    await trx.deleteFrom('permits').where(sql<boolean>`id = ANY(${ids}::uuid[])`).execute();
    await recordAudits(
      trx,
      ctx.session,
      permits.map((permit) => ({
        action: 'permit.deleted',
        targetType: 'permit',
        targetId: permit.id,
        organizationId: ctx.session.organizationId,
        before: {
          ...lifecycleFacts(permit),
          permitNumber: permit.permit_number,
          projectId: permit.project_id,
        },
      })),
    );
    await notifyOrganizations(ctx, trx, 'BulkDelete', notices);
    return { count: ids.length, permitIds: ids };
  });
}
