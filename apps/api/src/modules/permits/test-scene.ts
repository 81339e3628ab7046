import type {
  LibraryKind,
  PermitStatus,
  ProjectPermission,
  TaskStatus,
  WorkflowDefinition,
} from '@crossarm/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type EntryIds, KEY } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import type { TestApp } from '../../../test/app.ts';
import {
  buildOrg,
  buildPermit,
  buildProject,
  buildPublishedTemplate,
  buildSampleEntries,
  buildUser,
} from '../../../test/factories.ts';
import { type CarriedTask, settle } from './engine.ts';
import { deleteProgress, insertProgress } from './repo.ts';

// The organizations and people the permit tests share: a pole owner with two attachers on its projects,
// an outsider, and the sample workflow's library entries.

export async function buildPermitScene(t: TestApp) {
  const ownerOrg = (await buildOrg(t.db, { name: 'Owner Electric' })).id;
  const attacherOrg = (await buildOrg(t.db, { name: 'Attacher Fiber' })).id;
  const otherAttacherOrg = (await buildOrg(t.db, { name: 'Other Cable' })).id;
  const outsiderOrg = (await buildOrg(t.db, { name: 'Outsider Wireless' })).id;
  const person = async (organizationId: string, managing = false) =>
    (
      await buildUser(t.db, {
        organizationId,
        ...(managing ? { systemPermissions: ['ManageProjects'] } : {}),
      })
    ).id;
  return {
    ownerOrg,
    attacherOrg,
    otherAttacherOrg,
    outsiderOrg,
    ownerManager: await person(ownerOrg, true),
    ownerMember: await person(ownerOrg),
    attacherManager: await person(attacherOrg, true),
    attacherMember: await person(attacherOrg),
    otherAttacherMember: await person(otherAttacherOrg),
    outsider: await person(outsiderOrg, true),
    entries: await buildSampleEntries(t.db),
  };
}

export type PermitScene = Awaited<ReturnType<typeof buildPermitScene>>;

/** A project of the scene's pole owner with both attachers taking part. */
export async function sceneProject(t: TestApp, scene: PermitScene, code: string) {
  return buildProject(t.db, {
    ownerOrganizationId: scene.ownerOrg,
    attacherOrganizationIds: [scene.attacherOrg, scene.otherAttacherOrg],
    code,
  });
}

/**
 * A project of the scene with a published template (the sample workflow), and a way to make permits in it
 * (the attacher's, in the template's first task).
 */
export async function permitProject(t: TestApp, scene: PermitScene, code: string) {
  const projectId = (await sceneProject(t, scene, code)).id;
  const { templateId } = await buildPublishedTemplate(t.db, projectId);
  return {
    projectId,
    async newPermit() {
      const permit = await buildPermit(t.db, {
        projectId,
        templateId,
        applicantOrganizationId: scene.attacherOrg,
      });
      return { id: permit.id, projectId };
    },
  };
}

/** A task completed or uncompleted through the API, as `userId`. */
export const taskAction = (
  t: TestApp,
  userId: string,
  permitId: string,
  stageKey: string,
  taskKey: string,
  action: 'complete' | 'uncomplete',
) =>
  t.injectAs(userId, {
    method: 'POST',
    url: `/api/joint-use/permit/${permitId}/stage/${stageKey}/task/${taskKey}/${action}`,
  });

/** A library entry of the Joint Use library, made if missing. */
export async function buildEntry(t: TestApp, kind: LibraryKind, name: string) {
  const found = await t.db
    .selectFrom('library_entries')
    .select('id')
    .where('kind', '=', kind)
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await t.db
    .insertInto('library_entries')
    .values({
      kind,
      name,
      field_type: kind === 'property' ? 'Text' : null,
      render_options: kind === 'property' ? '{}' : null,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Puts a permit where a test needs it, as working its tasks would have: the listed tasks Completed or
 * InProgress, stages and ready tasks settled by the engine, and the permit's status.
 */
export async function advance(
  t: TestApp,
  permitId: string,
  definition: WorkflowDefinition,
  tasks: Record<string, TaskStatus>,
  status: PermitStatus = 'Active',
) {
  const at = new Date('2026-04-01T09:00:00Z');
  const carried = new Map<string, CarriedTask>(
    Object.entries(tasks).map(([key, taskStatus]) => [
      key,
      {
        status: taskStatus,
        readyAt: at,
        startedAt: at,
        completedAt: taskStatus === 'Completed' ? at : null,
        completedBy: null,
      },
    ]),
  );
  const progress = settle(definition, { stages: new Map(), tasks: carried }, at);
  const permit = await t.db
    .updateTable('permits')
    .set({
      active_stage_key: progress.activeStageKey,
      status,
      completed_at: status === 'Completed' ? at : null,
    })
    .where('id', '=', permitId)
    .returning('project_id')
    .executeTakeFirstOrThrow();
  await deleteProgress(t.db, [permitId]);
  await insertProgress(t.db, permit.project_id, [{ permitId, progress }]);
}

/** Stores a value filled in on a permit's task (or its application form, with a null task). */
export async function fillValue(
  t: TestApp,
  permit: { id: string; projectId: string },
  taskKey: string | null,
  propertyEntryId: string,
  value: unknown,
) {
  await t.db
    .insertInto('permit_property_values')
    .values({
      permit_id: permit.id,
      project_id: permit.projectId,
      property_entry_id: propertyEntryId,
      task_key: taskKey,
      value: JSON.stringify(value),
    })
    .execute();
}

/** The response's data after checking its status. */
export function dataOf(res: LightMyRequestResponse, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}

export { type EntryIds, KEY };

/** Narrows a person's project permissions to the given ones, within their organization's. */
export async function grantOnly(
  t: TestApp,
  at: { projectId: string; organizationId: string; userId: string },
  permissions: ProjectPermission[],
) {
  await t.db
    .insertInto('project_user_permissions')
    .values({ project_id: at.projectId, organization_id: at.organizationId, user_id: at.userId, permissions })
    .execute();
}
