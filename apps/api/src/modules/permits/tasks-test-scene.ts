import type { TestApp } from '../../../test/app.ts';
import { buildUser } from '../../../test/factories.ts';

/** A person of the organization who may only look at the project's permits (no EditPermits). */
export async function buildViewOnlyUser(t: TestApp, projectId: string, organizationId: string) {
  const { id } = await buildUser(t.db, { organizationId });
  await t.db
    .insertInto('project_user_permissions')
    .values({
      project_id: projectId,
      organization_id: organizationId,
      user_id: id,
      permissions: ['ViewPermits'],
    })
    .execute();
  return id;
}
