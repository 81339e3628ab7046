import type { PermitActivityKind, ProjectPermission } from '@crossarm/shared';
import type { TestApp } from '../../../test/app.ts';

/** Bytes a PDF reader accepts as the start of a PDF. */
export const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');

/** Narrows one user's permissions on a project below their organization's. */
export async function limitProjectPermissions(
  t: TestApp,
  target: { projectId: string; organizationId: string; userId: string },
  permissions: ProjectPermission[],
) {
  await t.db
    .insertInto('project_user_permissions')
    .values({
      project_id: target.projectId,
      organization_id: target.organizationId,
      user_id: target.userId,
      permissions,
    })
    .execute();
}

/** The summaries of a permit's activity entries of one kind, oldest first. */
export async function activitySummaries(t: TestApp, permitId: string, kind: PermitActivityKind) {
  const rows = await t.db
    .selectFrom('permit_activity')
    .select('summary')
    .where('permit_id', '=', permitId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.summary);
}
