import {
  defaultAssigneeUserIds,
  libraryEntryIdsOf,
  type TemplateUser,
  type WorkflowDefinition,
  type WorkflowTemplate,
  type WorkflowTemplateGroup,
  type WorkflowTemplateVersion,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { findEntriesByIds } from '../library/repo.ts';
import { presentEntry } from '../library/service.ts';
import { findUsers, type GroupRow, type TemplateRow, usersInProject, type VersionRow } from './repo.ts';

/** A version without its definition, as lists show it. */
export function presentVersion(row: VersionRow): WorkflowTemplateVersion {
  return {
    id: row.id,
    version: row.version,
    status: row.status,
    stageCount: row.stage_count,
    taskCount: row.task_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    publishedAt: row.published_at?.toISOString() ?? null,
  };
}

/** A group with its versions (newest first), given the versions of any number of groups. */
export function presentGroup(row: Omit<GroupRow, 'my_role'>, versions: VersionRow[]): WorkflowTemplateGroup {
  const own = versions.filter((version) => version.group_id === row.id);
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    status: row.status,
    currentVersionId: own.find((version) => version.status === 'Published')?.id ?? null,
    versions: own.map(presentVersion),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The library entries a definition names, by id; deleted ones are absent. */
export async function entriesOf(db: Executor, definition: WorkflowDefinition) {
  const rows = await findEntriesByIds(db, libraryEntryIdsOf(definition));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The default assignees a designer is shown: only people of the organizations taking part in the project (a
 * draft may name anyone until it is published, but a name, e-mail and organization are shown only to those
 * who could see them anyway); anyone else stays an id the designer cannot read.
 */
async function usersOf(
  db: Executor,
  projectId: string,
  definition: WorkflowDefinition,
): Promise<Record<string, TemplateUser>> {
  const ids = defaultAssigneeUserIds(definition);
  const known = await usersInProject(db, projectId, ids);
  const rows = await findUsers(
    db,
    ids.filter((id) => known.has(id)),
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name ?? row.email, email: row.email, organizationName: row.organization_name },
    ]),
  );
}

/** A version with its definition and everything a designer needs to show it. */
export async function presentTemplate(db: Executor, row: TemplateRow): Promise<WorkflowTemplate> {
  const [entries, users] = await Promise.all([
    entriesOf(db, row.definition),
    usersOf(db, row.project_id, row.definition),
  ]);
  return {
    ...presentVersion(row),
    group: { id: row.group_id, name: row.group_name, status: row.group_status },
    project: { id: row.project_id, name: row.project_name },
    definition: row.definition,
    publishedBy: row.published_by
      ? { id: row.published_by, name: row.published_by_name ?? 'Unknown user' }
      : null,
    libraryEntries: Object.fromEntries([...entries.values()].map((entry) => [entry.id, presentEntry(entry)])),
    users,
  };
}
