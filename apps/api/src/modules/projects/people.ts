import type { Option, ProjectUser, UserOption } from '@crossarm/shared';
import type { ServiceContext } from '../../http/context.ts';
import { requireVisibleProject } from './access.ts';
import { organizationOptions, projectUsers, userOptions } from './people-repo.ts';
import { projectPolicy } from './policy.ts';
import { projectOptions } from './repo.ts';

/** The most people a project's user list returns; pickers narrow it with the filter. */
const MAX_PROJECT_USERS = 100;

/**
 * The people of a project the caller may pick, e.g. as assignees: the pole owner sees everyone's, an
 * attacher its own people and the pole owner's, never another attacher's.
 */
export async function listProjectUsers(ctx: ServiceContext, projectId: string, filter?: string) {
  const project = await requireVisibleProject(ctx, ctx.db, projectId);
  const viewer = {
    organizationId: ctx.session.organizationId!,
    isPoleOwner: project.my_role === 'PoleOwner',
  };
  const rows = await projectUsers(ctx.db, projectId, viewer, filter, MAX_PROJECT_USERS);
  return rows.map(
    (row): ProjectUser => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      status: row.status,
      role: row.role,
      organizationId: row.organization_id,
      organizationName: row.organization_name,
      projectRole: row.project_role,
    }),
  );
}

/** Projects the caller's organization takes part in, for pickers. */
export async function listProjectOptions(ctx: ServiceContext, filter?: string): Promise<Option[]> {
  return projectOptions(ctx.db, ctx.session.organizationId!, filter);
}

/** People the caller may see through its projects (or one project), for pickers. */
export async function listUserOptions(
  ctx: ServiceContext,
  filter?: string,
  projectId?: string,
  ids?: string[],
) {
  if (projectId) await requireVisibleProject(ctx, ctx.db, projectId);
  const rows = await userOptions(ctx.db, ctx.session.organizationId!, filter, projectId, ids);
  return rows.map(
    (row): UserOption => ({
      id: row.id,
      name: row.name,
      email: row.email,
      organizationName: row.organization_name,
    }),
  );
}

/** Organizations the caller may see, for pickers. */
export async function listOrganizationOptions(
  ctx: ServiceContext,
  filter?: string,
  related = false,
): Promise<Option[]> {
  const viewer = {
    organizationId: ctx.session.organizationId!,
    // Every joint use organization, so that it can be invited to a project; not when only related ones are asked.
    setsUpProjects: !related && projectPolicy.create(ctx.session),
  };
  return organizationOptions(ctx.db, viewer, filter);
}
