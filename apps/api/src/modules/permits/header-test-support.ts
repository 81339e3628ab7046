import type { ProjectPermission } from '@crossarm/shared';
import type { TestApp } from '../../../test/app.ts';

/**
 * Runs `check` while a user holds only the given permissions on a project (their own set overriding their
 * organization's), then gives the user back their organization's permissions.
 */
export async function withProjectPermissions(
  t: TestApp,
  grant: { projectId: string; organizationId: string; userId: string },
  permissions: ProjectPermission[],
  check: () => Promise<void>,
) {
  await t.db
    .insertInto('project_user_permissions')
    .values({
      project_id: grant.projectId,
      organization_id: grant.organizationId,
      user_id: grant.userId,
      permissions,
    })
    .execute();
  try {
    await check();
  } finally {
    await t.db
      .deleteFrom('project_user_permissions')
      .where('project_id', '=', grant.projectId)
      .where('user_id', '=', grant.userId)
      .execute();
  }
}
