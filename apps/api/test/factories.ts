import { randomBytes } from 'node:crypto';
import {
  type Application,
  type OrganizationPermission,
  type ProjectPermission,
  projectPermissionsFor,
  type SystemPermission,
  type UserRole,
  type UserStatus,
  type WorkflowDefinition,
} from '@crossarm/shared';
import { sql } from 'kysely';
import {
  ENTRY,
  type EntryIds,
  LIBRARY,
  sampleDefinition,
} from '../../../packages/shared/src/workflow-fixtures.ts';
import type { Db } from '../src/db/database.ts';
import { hashPassword } from '../src/identity/passwords.ts';
import { createPermitRecord, type NewPermitRecord } from '../src/modules/permits/create.ts';

const unique = () => randomBytes(4).toString('hex');

export interface BuildOrgOptions {
  name?: string;
  applications?: Application[];
}

/** An organization with the given applications enabled (Joint Use by default). */
export async function buildOrg(db: Db, options: BuildOrgOptions = {}) {
  const org = await db
    .insertInto('organizations')
    .values({ name: options.name ?? `Test Utility ${unique()}`, updated_at: new Date() })
    .returningAll()
    .executeTakeFirstOrThrow();
  const applications = options.applications ?? ['JointUse'];
  if (applications.length) {
    await db
      .insertInto('organization_applications')
      .values(applications.map((application) => ({ organization_id: org.id, application })))
      .execute();
  }
  return org;
}

export interface BuildUserOptions {
  organizationId?: string | null;
  email?: string;
  firstName?: string;
  lastName?: string;
  status?: UserStatus;
  role?: UserRole;
  password?: string;
  systemPermissions?: SystemPermission[];
  organizationPermissions?: OrganizationPermission[];
}

/** A user, Active by default, member of the given organization with the given permissions. */
export async function buildUser(db: Db, options: BuildUserOptions = {}) {
  const user = await db
    .insertInto('users')
    .values({
      email: options.email ?? `user-${unique()}@example.test`,
      first_name: options.firstName ?? 'Test',
      last_name: options.lastName ?? 'User',
      status: options.status ?? 'Active',
      role: options.role ?? 'User',
      organization_id: options.organizationId ?? null,
      password_hash: options.password ? await hashPassword(options.password) : null,
      updated_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (options.systemPermissions?.length) {
    await db
      .insertInto('user_system_permissions')
      .values(options.systemPermissions.map((permission) => ({ user_id: user.id, permission })))
      .execute();
  }
  if (options.organizationId) {
    const organizationId = options.organizationId;
    await db
      .insertInto('user_organizations')
      .values({ user_id: user.id, organization_id: organizationId })
      .execute();
    if (options.organizationPermissions?.length) {
      await db
        .insertInto('user_organization_permissions')
        .values(
          options.organizationPermissions.map((permission) => ({
            user_id: user.id,
            organization_id: organizationId,
            permission,
          })),
        )
        .execute();
    }
  }
  return user;
}

export interface BuildProjectOptions {
  ownerOrganizationId: string;
  attacherOrganizationIds?: string[];
  code?: string;
  name?: string;
}

/** A project of the owner's with the attachers taking part, each with the permissions its role starts with. */
export async function buildProject(db: Db, options: BuildProjectOptions) {
  const code = options.code ?? `P${unique().toUpperCase()}`;
  const project = await db
    .insertInto('projects')
    .values({
      owner_organization_id: options.ownerOrganizationId,
      name: options.name ?? `Program ${code}`,
      project_code: code,
      updated_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const contributors = [
    { organizationId: options.ownerOrganizationId, role: 'PoleOwner' as const },
    ...(options.attacherOrganizationIds ?? []).map((organizationId) => ({
      organizationId,
      role: 'AttacherOrg' as const,
    })),
  ];
  await db
    .insertInto('project_organizations')
    .values(
      contributors.map(({ organizationId, role }) => ({
        project_id: project.id,
        organization_id: organizationId,
        role,
        permissions: projectPermissionsFor(role),
      })),
    )
    .execute();
  return project;
}

/** A person's own project permissions (a set that narrows their organization's; empty takes everything away). */
export async function narrowOnProject(
  db: Db,
  grant: { projectId: string; organizationId: string; userId: string; permissions?: ProjectPermission[] },
) {
  await db
    .insertInto('project_user_permissions')
    .values({
      project_id: grant.projectId,
      organization_id: grant.organizationId,
      user_id: grant.userId,
      permissions: grant.permissions ?? [],
    })
    .execute();
}

/** The Joint Use library entries the sample workflow uses, made once per database and reused after. */
export async function buildSampleEntries(db: Db): Promise<EntryIds> {
  const ids: Record<string, string> = {};
  for (const [key, fixedId] of Object.entries(ENTRY)) {
    const { kind, name } = LIBRARY.find((entry) => entry.id === fixedId)!;
    const found = await db
      .selectFrom('library_entries')
      .select('id')
      .where('application', '=', 'JointUse')
      .where('kind', '=', kind)
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .executeTakeFirst();
    const row =
      found ??
      (await db
        .insertInto('library_entries')
        .values({
          kind,
          name,
          field_type: kind === 'property' ? 'Number' : null,
          render_options: kind === 'property' ? JSON.stringify({ decimals: 0 }) : null,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow());
    ids[key] = row.id;
  }
  // Every key of ENTRY was filled above.
  return ids as EntryIds;
}

export interface BuildTemplateOptions {
  /** Adds the version to this group (as its next version) instead of a new group. */
  groupId?: string;
  status?: 'Draft' | 'Published';
}

/**
 * A published template version of a project: by default a new Active group whose version 1 holds the
 * sample workflow (Intake: Completeness Review; Survey: Field Walk, then Design, then Approve).
 */
export async function buildPublishedTemplate(
  db: Db,
  projectId: string,
  definition?: WorkflowDefinition,
  options: BuildTemplateOptions = {},
) {
  const content = definition ?? sampleDefinition(await buildSampleEntries(db));
  const groupId =
    options.groupId ??
    (
      await db
        .insertInto('workflow_template_groups')
        .values({
          project_id: projectId,
          name: `Workflow ${unique()}`,
          status: 'Active',
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const newest = await db
    .selectFrom('workflow_templates')
    .select((eb) => eb.fn.max('version').as('version'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  const published = (options.status ?? 'Published') === 'Published';
  const template = await db
    .insertInto('workflow_templates')
    .values({
      project_id: projectId,
      group_id: groupId,
      version: (newest?.version ?? 0) + 1,
      status: published ? 'Published' : 'Draft',
      definition: JSON.stringify(content),
      published_at: published ? new Date() : null,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { groupId, templateId: template.id, definition: content };
}

export type BuildPermitOptions = Omit<NewPermitRecord, 'createdBy'> & { createdBy?: string | null };

/** A permit created as applying creates one: numbered, its stages and tasks started, with its values. */
export async function buildPermit(db: Db, options: BuildPermitOptions) {
  return db
    .transaction()
    .execute((trx) => createPermitRecord(trx, { ...options, createdBy: options.createdBy ?? null }));
}
