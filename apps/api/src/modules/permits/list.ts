import type { Page, TemplatePermit } from '@crossarm/shared';
import type { ServiceContext } from '../../http/context.ts';
import { permitScopeOf, requirePermitViewer, requireProjectTemplate } from './access.ts';
import { pageOfTemplatePermits } from './repo.ts';

/** A page of the permits running on a template version: all of them for the pole owner, else the caller's own. */
export async function listTemplatePermits(
  ctx: ServiceContext,
  projectId: string,
  templateId: string,
  page: { page: number; pageSize: number },
): Promise<Page<TemplatePermit>> {
  const project = await requirePermitViewer(ctx, ctx.db, projectId);
  await requireProjectTemplate(ctx, ctx.db, projectId, templateId);
  const { rows, total } = await pageOfTemplatePermits(ctx.db, permitScopeOf(ctx, project), templateId, page);
  return {
    items: rows.map((row) => ({
      id: row.id,
      permitNumber: row.permit_number,
      applicant: { id: row.applicant_organization_id, name: row.applicant_name },
      status: row.status,
      activeStage:
        row.active_stage_key && row.active_stage_name
          ? { key: row.active_stage_key, name: row.active_stage_name }
          : null,
      createdAt: row.created_at.toISOString(),
    })),
    total,
    ...page,
  };
}
