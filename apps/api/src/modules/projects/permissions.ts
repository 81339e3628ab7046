import {
  effectiveProjectPermissions,
  type FieldError,
  type OrganizationProjectPermissions,
  type ProjectPermission,
  type ProjectUserPermissions,
  type ProjectUserPermissionsInput,
  projectPermissionsFor,
} from '@crossarm/shared';
import type { z } from 'zod';
import type { Executor, Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { organizationSessionInvalid, userSessionInvalid } from '../../realtime/outbox.ts';
import { recordAudit } from '../audit/audit.ts';
import { requireManagedProject, requireVisibleProject } from './access.ts';
import {
  type ContributorRow,
  countUserPermissions,
  findContributor,
  narrowUserPermissions,
  type ProjectUserFilter,
  pageOfUserPermissions,
  type UserPermissionsRow,
} from './permissions-repo.ts';
import { projectPolicy } from './policy.ts';

function presentContributor(row: ContributorRow): OrganizationProjectPermissions {
  return {
    organizationId: row.organization_id,
    organizationName: row.organization_name,
    role: row.role,
    permissions: effectiveProjectPermissions(row.permissions, null),
  };
}

/** A user's row of the permissions screen, read against their organization's set. */
export function presentUserPermissions(
  row: UserPermissionsRow,
  organization: ProjectPermission[],
): ProjectUserPermissions {
  return {
    userId: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    status: row.status,
    organizationPermissions: organization,
    ownPermissions: row.own_permissions && effectiveProjectPermissions(row.own_permissions, null),
    effectivePermissions: effectiveProjectPermissions(organization, row.own_permissions),
  };
}

/** A contributor of a project the caller sees: 404 for the project first, then for the organization. */
async function requireContributor(
  ctx: ServiceContext,
  db: Executor,
  projectId: string,
  organizationId: string,
) {
  const project = await requireVisibleProject(ctx, db, projectId);
  const contributor = await findContributor(db, projectId, organizationId);
  if (!contributor) throw notFound('The contributor');
  return { project, contributor };
}

/**
 * Who manages the people of a contributor organization on a project: the pole owner's project managers for
 * any contributor, and an organization's own project managers for its people.
 */
export async function requirePeopleManager(
  ctx: ServiceContext,
  db: Executor,
  projectId: string,
  organizationId: string,
) {
  const found = await requireContributor(ctx, db, projectId, organizationId);
  if (!projectPolicy.managePeople(ctx.session, { myRole: found.project.my_role }, organizationId)) {
    throw forbidden('Only the pole owner, or the organization itself, manages its people on this project.');
  }
  return found;
}

/** A contributor's permission set; the pole owner sees every contributor's, an attacher only its own. */
export async function getOrganizationPermissions(
  ctx: ServiceContext,
  projectId: string,
  organizationId: string,
) {
  const { project, contributor } = await requireContributor(ctx, ctx.db, projectId, organizationId);
  if (!projectPolicy.seeOrganizationPermissions(ctx.session, { myRole: project.my_role }, organizationId)) {
    throw forbidden("Only the pole owner sees another organization's permissions.");
  }
  return presentContributor(contributor);
}

/** Replaces a contributor's permission set; its users' own sets are narrowed to fit inside it. */
export async function setOrganizationPermissions(
  ctx: ServiceContext,
  projectId: string,
  organizationId: string,
  permissions: ProjectPermission[],
) {
  await transact(ctx, async (trx) => {
    const project = await requireManagedProject(
      ctx,
      trx,
      projectId,
      'Only the pole owner grants permissions.',
    );
    const contributor = await findContributor(trx, projectId, organizationId);
    if (!contributor) throw notFound('The contributor');
    const allowed = projectPermissionsFor(contributor.role);
    const beyond = permissions.filter((permission) => !allowed.includes(permission));
    if (beyond.length) {
      throw badRequest(`An attacher cannot hold ${beyond.join(', ')}.`, [
        { field: 'body.permissions', message: `Only the pole owner can hold ${beyond.join(', ')}` },
      ]);
    }
    await trx
      .updateTable('project_organizations')
      .set({ permissions })
      .where('project_id', '=', projectId)
      .where('organization_id', '=', organizationId)
      .execute();
    await narrowUserPermissions(trx, projectId, organizationId, permissions);
    // Its people's open pages reload what they may do, and their hub connections are decided again (a
    // permit's room among them), so that nobody keeps hearing of permits they may no longer see.
    await ctx.app.events.record(trx, organizationSessionInvalid(organizationId, ctx.connectionId));
    await recordAudit(trx, ctx.session, {
      action: 'project.permissions-changed',
      targetType: 'project',
      targetId: projectId,
      organizationId: project.owner_organization_id,
      before: { organizationId, permissions: contributor.permissions },
      after: { organizationId, permissions },
    });
  });
  return getOrganizationPermissions(ctx, projectId, organizationId);
}

/** A page of a contributor organization's users with their inherited, own and effective permissions. */
export async function listUserPermissions(
  ctx: ServiceContext,
  projectId: string,
  organizationId: string,
  filter: ProjectUserFilter,
  page: { page: number; pageSize: number },
) {
  const { contributor } = await requirePeopleManager(ctx, ctx.db, projectId, organizationId);
  const [rows, total] = await Promise.all([
    pageOfUserPermissions(
      ctx.db,
      projectId,
      organizationId,
      filter,
      page.pageSize,
      (page.page - 1) * page.pageSize,
    ),
    countUserPermissions(ctx.db, projectId, organizationId, filter),
  ]);
  return { items: rows.map((row) => presentUserPermissions(row, contributor.permissions)), total, ...page };
}

type UserPermissionsChange = z.output<typeof ProjectUserPermissionsInput>['users'];

/** Every problem with the change at once: users outside the organization, sets beyond the organization's. */
async function checkUserChange(trx: Trx, contributor: ContributorRow, users: UserPermissionsChange) {
  const members = await trx
    .selectFrom('user_organizations as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select('users.id')
    .where('m.organization_id', '=', contributor.organization_id)
    .where('users.status', '!=', 'Deleted')
    .where(
      'users.id',
      'in',
      users.map((user) => user.userId),
    )
    .execute();
  const memberIds = new Set(members.map((member) => member.id));
  const errors: FieldError[] = [];
  users.forEach((user, index) => {
    if (!memberIds.has(user.userId)) {
      errors.push({ field: `body.users.${index}.userId`, message: 'Not a user of this organization' });
    }
    const beyond = (user.permissions ?? []).filter((p) => !contributor.permissions.includes(p));
    if (beyond.length) {
      errors.push({
        field: `body.users.${index}.permissions`,
        message: `Beyond the organization's permissions: ${beyond.join(', ')}`,
      });
    }
  });
  if (errors.length) throw badRequest('Some users cannot be given these permissions.', errors);
}

async function ownSets(trx: Trx, projectId: string, organizationId: string, userIds: string[]) {
  const rows = await trx
    .selectFrom('project_user_permissions')
    .select(['user_id', 'permissions'])
    .where('project_id', '=', projectId)
    .where('organization_id', '=', organizationId)
    .where('user_id', 'in', userIds)
    .execute();
  return Object.fromEntries(
    userIds.map((id) => [id, rows.find((row) => row.user_id === id)?.permissions ?? null]),
  );
}

/** Gives users of a contributor organization their own set on the project, or returns them to inheriting. */
export async function setUserPermissions(
  ctx: ServiceContext,
  projectId: string,
  organizationId: string,
  users: UserPermissionsChange,
) {
  const userIds = users.map((user) => user.userId);
  const organizationSet = await transact(ctx, async (trx) => {
    const { project, contributor } = await requirePeopleManager(ctx, trx, projectId, organizationId);
    await checkUserChange(trx, contributor, users);
    const before = await ownSets(trx, projectId, organizationId, userIds);
    const inheriting = users.filter((user) => user.permissions === null).map((user) => user.userId);
    if (inheriting.length) {
      await trx
        .deleteFrom('project_user_permissions')
        .where('project_id', '=', projectId)
        .where('organization_id', '=', organizationId)
        .where('user_id', 'in', inheriting)
        .execute();
    }
    for (const user of users) {
      if (user.permissions === null) continue;
      const values = { permissions: user.permissions, updated_at: new Date() };
      await trx
        .insertInto('project_user_permissions')
        .values({ project_id: projectId, organization_id: organizationId, user_id: user.userId, ...values })
        .onConflict((oc) => oc.columns(['project_id', 'organization_id', 'user_id']).doUpdateSet(values))
        .execute();
    }
    for (const userId of userIds) {
      await ctx.app.events.record(trx, userSessionInvalid(userId, ctx.connectionId));
    }
    await recordAudit(trx, ctx.session, {
      action: 'project.user-permissions-changed',
      targetType: 'project',
      targetId: projectId,
      organizationId: project.owner_organization_id,
      before: { organizationId, users: before },
      after: { organizationId, users: await ownSets(trx, projectId, organizationId, userIds) },
    });
    return contributor.permissions;
  });
  const filter: ProjectUserFilter = { ids: userIds, sortBy: 'name', sortDir: 'asc' };
  const rows = await pageOfUserPermissions(ctx.db, projectId, organizationId, filter, userIds.length, 0);
  return rows.map((row) => presentUserPermissions(row, organizationSet));
}
