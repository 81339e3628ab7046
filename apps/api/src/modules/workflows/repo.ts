import type { WorkflowTemplateGroupStatus } from '@crossarm/shared';
import { type Insertable, sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { WorkflowTemplatesTable } from '../../db/schema.ts';
import { fullName } from '../projects/repo.ts';

// Tenancy comes first: every group and template query starts from the caller's organization's part in
// projects (project_organizations). Drafts are the pole owner's work in progress: other contributors see
// published versions only.

/** The groups of the projects an organization takes part in. */
function visibleGroups(db: Executor, organizationId: string) {
  return db
    .selectFrom('project_organizations as mine')
    .innerJoin('workflow_template_groups as g', 'g.project_id', 'mine.project_id')
    .where('mine.organization_id', '=', organizationId);
}

/** The versions an organization may read: all of its own projects' if it is their pole owner, else published. */
function visibleTemplates(db: Executor, organizationId: string) {
  return db
    .selectFrom('project_organizations as mine')
    .innerJoin('workflow_templates as t', 't.project_id', 'mine.project_id')
    .innerJoin('workflow_template_groups as g', 'g.id', 't.group_id')
    .innerJoin('projects', 'projects.id', 't.project_id')
    .where('mine.organization_id', '=', organizationId)
    .where((eb) => eb.or([eb('mine.role', '=', 'PoleOwner'), eb('t.status', '=', 'Published')]));
}

const stageCount = sql<number>`jsonb_array_length(t.definition->'stages')`.as('stage_count');
const taskCount = sql<number>`(
  SELECT coalesce(sum(jsonb_array_length(s->'tasks')), 0)::int
  FROM jsonb_array_elements(t.definition->'stages') s)`.as('task_count');

const VERSION_COLUMNS = [
  't.id',
  't.group_id',
  't.version',
  't.status',
  't.created_at',
  't.updated_at',
  't.published_at',
  stageCount,
  taskCount,
] as const;

const GROUP_COLUMNS = [
  'g.id',
  'g.project_id',
  'g.name',
  'g.status',
  'g.created_at',
  'g.updated_at',
  'mine.role as my_role',
] as const;

export type GroupRow = NonNullable<Awaited<ReturnType<typeof findVisibleGroup>>>;
export type VersionRow = Awaited<ReturnType<typeof listVersions>>[number];
export type TemplateRow = NonNullable<Awaited<ReturnType<typeof findVisibleTemplate>>>;

/** A group of a project the organization takes part in; `lock` holds the group until the transaction ends. */
export async function findVisibleGroup(db: Executor, organizationId: string, groupId: string, lock = false) {
  const query = visibleGroups(db, organizationId).select(GROUP_COLUMNS).where('g.id', '=', groupId);
  return (lock ? query.forUpdate('g') : query).executeTakeFirst();
}

/** A project's groups by name; archived ones only when asked for. */
export async function listProjectGroups(
  db: Executor,
  organizationId: string,
  projectId: string,
  includeArchived: boolean,
) {
  let query = visibleGroups(db, organizationId)
    .select(GROUP_COLUMNS)
    .where('g.project_id', '=', projectId)
    .orderBy(sql`lower(g.name)`)
    .orderBy('g.id');
  if (!includeArchived) query = query.where('g.status', '!=', 'Archived');
  return query.execute();
}

/** The versions of some groups the organization may read, newest first. */
export async function listVersions(db: Executor, organizationId: string, groupIds: string[]) {
  if (groupIds.length === 0) return [];
  return visibleTemplates(db, organizationId)
    .select(VERSION_COLUMNS)
    .where('t.group_id', 'in', groupIds)
    .orderBy('t.version', 'desc')
    .execute();
}

/** The versions of the organization's projects (or of one), with their group and project. */
export async function listVisibleVersions(db: Executor, organizationId: string, projectId?: string) {
  let query = visibleTemplates(db, organizationId).select([
    ...VERSION_COLUMNS,
    'g.name as group_name',
    'g.status as group_status',
    't.project_id',
    'projects.name as project_name',
  ]);
  if (projectId) query = query.where('t.project_id', '=', projectId);
  return query
    .orderBy(sql`lower(projects.name)`)
    .orderBy(sql`lower(g.name)`)
    .orderBy('t.group_id')
    .orderBy('t.version', 'desc')
    .execute();
}

/** A version the organization may read, with its definition, group and project; `lock` holds it. */
export async function findVisibleTemplate(
  db: Executor,
  organizationId: string,
  templateId: string,
  lock = false,
) {
  const query = visibleTemplates(db, organizationId)
    .leftJoin('users as publisher', 'publisher.id', 't.published_by')
    .select([
      ...VERSION_COLUMNS,
      't.project_id',
      't.definition',
      't.published_by',
      fullName('publisher').as('published_by_name'),
      'g.name as group_name',
      'g.status as group_status',
      'projects.name as project_name',
      'mine.role as my_role',
    ])
    .where('t.id', '=', templateId);
  return (lock ? query.forUpdate('t') : query).executeTakeFirst();
}

export async function groupNameTaken(db: Executor, projectId: string, name: string) {
  const row = await db
    .selectFrom('workflow_template_groups')
    .select('id')
    .where('project_id', '=', projectId)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/** The names of a project's groups, lower-cased. */
export async function groupNamesOf(db: Executor, projectId: string) {
  const rows = await db
    .selectFrom('workflow_template_groups')
    .select('name')
    .where('project_id', '=', projectId)
    .execute();
  return new Set(rows.map((row) => row.name.toLowerCase()));
}

export async function insertGroup(db: Executor, projectId: string, name: string, userId: string) {
  return db
    .insertInto('workflow_template_groups')
    .values({ project_id: projectId, name, created_by: userId, updated_by: userId, updated_at: new Date() })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

export async function setGroupStatus(
  db: Executor,
  groupId: string,
  status: WorkflowTemplateGroupStatus,
  userId: string,
) {
  await db
    .updateTable('workflow_template_groups')
    .set({ status, updated_by: userId, updated_at: new Date() })
    .where('id', '=', groupId)
    .execute();
}

export async function insertTemplate(db: Executor, values: Insertable<WorkflowTemplatesTable>) {
  return db.insertInto('workflow_templates').values(values).returning('id').executeTakeFirstOrThrow();
}

/** A group's draft, if it has one. */
export async function findDraft(db: Executor, groupId: string) {
  return db
    .selectFrom('workflow_templates')
    .select(['id', 'version'])
    .where('group_id', '=', groupId)
    .where('status', '=', 'Draft')
    .executeTakeFirst();
}

/** A group's newest version (of any status) and the definition of its newest published one. */
export async function newestVersions(db: Executor, groupId: string) {
  const [newest, published] = await Promise.all([
    db
      .selectFrom('workflow_templates')
      .select((eb) => eb.fn.max('version').as('version'))
      .where('group_id', '=', groupId)
      .executeTakeFirst(),
    db
      .selectFrom('workflow_templates')
      .select(['version', 'definition'])
      .where('group_id', '=', groupId)
      .where('status', '=', 'Published')
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { newestVersion: newest?.version ?? 0, published: published ?? null };
}

/**
 * The latest version of each of a project's listed groups (the newest published one, else the draft),
 * with the group's name; groups of other projects are left out.
 */
export async function latestVersionsOf(db: Executor, projectId: string, groupIds: string[]) {
  return db
    .selectFrom('workflow_template_groups as g')
    .innerJoin('workflow_templates as t', 't.group_id', 'g.id')
    .select(['g.id as group_id', 'g.name', 't.version', 't.definition'])
    .distinctOn('g.id')
    .where('g.project_id', '=', projectId)
    .where('g.id', 'in', groupIds)
    .orderBy('g.id')
    .orderBy(sql`t.status = 'Published'`, 'desc')
    .orderBy('t.version', 'desc')
    .execute();
}

/** People by id, with their organization, for showing default assignees. */
export async function findUsers(db: Executor, userIds: string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .leftJoin('organizations', 'organizations.id', 'users.organization_id')
    .select([
      'users.id',
      fullName('users').as('name'),
      'users.email',
      'organizations.name as organization_name',
    ])
    .where('users.id', 'in', userIds)
    .execute();
}

/** Of these people, those who belong to an organization taking part in the project and are not deleted. */
export async function usersInProject(db: Executor, projectId: string, userIds: string[]) {
  if (userIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('users')
    .innerJoin('project_organizations as po', 'po.organization_id', 'users.organization_id')
    .select('users.id')
    .where('po.project_id', '=', projectId)
    .where('users.id', 'in', userIds)
    .where('users.status', '!=', 'Deleted')
    .execute();
  return new Set(rows.map((row) => row.id));
}

/** The templates (group and project names) whose versions name a library entry anywhere. */
export async function templatesUsingEntry(db: Executor, entryId: string) {
  return db
    .selectFrom('workflow_templates as t')
    .innerJoin('workflow_template_groups as g', 'g.id', 't.group_id')
    .innerJoin('projects', 'projects.id', 't.project_id')
    .select(['g.name', 'projects.name as project_name'])
    .distinct()
    .where(
      sql<boolean>`jsonb_path_exists(t.definition, '$.** ? (@.libraryEntryId == $id)', jsonb_build_object('id', ${entryId}::text))`,
    )
    .orderBy('projects.name')
    .orderBy('g.name')
    .execute();
}
