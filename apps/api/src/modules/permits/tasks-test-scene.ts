import type { FieldType } from '@crossarm/shared';
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

/** A property library entry of a field type with its render options. */
export async function buildProperty(
  t: TestApp,
  name: string,
  fieldType: FieldType,
  renderOptions: Record<string, unknown> = {},
) {
  const row = await t.db
    .insertInto('library_entries')
    .values({
      kind: 'property',
      name,
      field_type: fieldType,
      render_options: JSON.stringify(renderOptions),
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
