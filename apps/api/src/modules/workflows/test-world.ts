import type { LibraryKind, WorkflowDefinition } from '@crossarm/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type EntryIds, sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

// The world the workflow template tests share: a pole owner with a project, an attacher taking part in it,
// an outsider that does not, their people, and a small Joint Use library.

export interface World {
  t: TestApp;
  ownerOrg: string;
  attacherOrg: string;
  outsiderOrg: string;
  /** The pole owner's project manager. */
  manager: string;
  /** A pole owner person without ManageProjects. */
  member: string;
  /** The attacher's project manager. */
  attacher: string;
  /** A project manager of an organization that does not take part in the project. */
  outsider: string;
  projectId: string;
  entries: EntryIds;
}

const ENTRIES: [keyof EntryIds, LibraryKind, string][] = [
  ['intake', 'stage', 'Intake'],
  ['survey', 'stage', 'Survey'],
  ['review', 'task', 'Completeness Review'],
  ['walk', 'task', 'Field Walk'],
  ['design', 'task', 'Design'],
  ['approve', 'task', 'Approve'],
  ['poleCount', 'property', 'Pole Count'],
  ['height', 'property', 'Attachment Height'],
  ['photos', 'property', 'Photos'],
];

async function buildLibrary(t: TestApp): Promise<EntryIds> {
  const rows = await t.db
    .insertInto('library_entries')
    .values(
      ENTRIES.map(([, kind, name]) => ({
        kind,
        name,
        field_type: kind === 'property' ? ('Number' as const) : null,
        render_options: kind === 'property' ? JSON.stringify({ decimals: 0 }) : null,
        updated_at: new Date(),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const idOf = (name: string) => rows.find((row) => row.name === name)!.id;
  return Object.fromEntries(ENTRIES.map(([key, , name]) => [key, idOf(name)])) as EntryIds;
}

/** A project of the owner's, with the attacher taking part; returns its id. */
export async function buildProject(world: Pick<World, 't' | 'manager'>, code: string, attacherOrg?: string) {
  const created = await world.t.injectAs(world.manager, {
    method: 'POST',
    url: '/api/projects',
    payload: { name: `Program ${code}`, projectCode: code },
  });
  expect(created.statusCode, created.body).toBe(201);
  const projectId: string = created.json().data.id;
  if (attacherOrg) {
    const added = await world.t.injectAs(world.manager, {
      method: 'POST',
      url: `/api/projects/${projectId}/organizations`,
      payload: { organizationId: attacherOrg, role: 'AttacherOrg' },
    });
    expect(added.statusCode, added.body).toBe(200);
  }
  return projectId;
}

export async function buildWorld(): Promise<World> {
  const t = await createTestApp();
  const ownerOrg = (await buildOrg(t.db, { name: 'Owner Electric' })).id;
  const attacherOrg = (await buildOrg(t.db, { name: 'Attacher Fiber' })).id;
  const outsiderOrg = (await buildOrg(t.db, { name: 'Outsider Cable' })).id;
  const managerOf = async (organizationId: string) =>
    (await buildUser(t.db, { organizationId, systemPermissions: ['ManageProjects'] })).id;
  const manager = await managerOf(ownerOrg);
  const member = (await buildUser(t.db, { organizationId: ownerOrg })).id;
  const attacher = await managerOf(attacherOrg);
  const outsider = await managerOf(outsiderOrg);
  const projectId = await buildProject({ t, manager }, 'PRG', attacherOrg);
  return {
    t,
    ownerOrg,
    attacherOrg,
    outsiderOrg,
    manager,
    member,
    attacher,
    outsider,
    projectId,
    entries: await buildLibrary(t),
  };
}

/** The response's data after checking its status. */
export function dataOf(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}

/** A new group in a project; returns the group and its draft's id. */
export async function createGroup(world: World, name: string, projectId = world.projectId) {
  const group = dataOf(
    await world.t.injectAs(world.manager, {
      method: 'POST',
      url: `/api/projects/${projectId}/workflow-template-groups`,
      payload: { name },
    }),
    201,
  );
  return { groupId: group.id as string, draftId: group.versions[0].id as string };
}

export async function saveDefinition(world: World, templateId: string, definition: WorkflowDefinition) {
  return dataOf(
    await world.t.injectAs(world.manager, {
      method: 'PUT',
      url: `/api/projects/workflow-templates/${templateId}`,
      payload: { definition },
    }),
  );
}

export async function publish(world: World, templateId: string) {
  return dataOf(
    await world.t.injectAs(world.manager, {
      method: 'PUT',
      url: `/api/projects/workflow-templates/${templateId}/publish`,
    }),
  );
}

/** A group whose version 1 holds the sample definition and is published. */
export async function publishedGroup(world: World, name: string, projectId = world.projectId) {
  const { groupId, draftId } = await createGroup(world, name, projectId);
  await saveDefinition(world, draftId, sampleDefinition(world.entries));
  await publish(world, draftId);
  return { groupId, templateId: draftId };
}

/** The audit entries of a record, oldest first. */
export async function auditOf(world: World, targetId: string) {
  return world.t.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after', 'organization_id'])
    .where('target_id', '=', targetId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export { sampleDefinition };
