import type { PermitStatus, WorkflowDefinition } from '@crossarm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { advance, buildPermitScene, KEY, type PermitScene, sceneProject } from './test-scene.ts';

// Puts permits where the lifecycle tests need them, and reads back what the actions wrote.

const ALL_DONE = {
  [KEY.review]: 'Completed',
  [KEY.walk]: 'Completed',
  [KEY.design]: 'Completed',
  [KEY.approve]: 'Completed',
} as const;

export interface LifecycleStage {
  projectId: string;
  templateId: string;
  definition: WorkflowDefinition;
}

export async function lifecycleProject(t: TestApp, s: PermitScene, code: string): Promise<LifecycleStage> {
  const project = await sceneProject(t, s, code);
  const { templateId, definition } = await buildPublishedTemplate(t.db, project.id);
  return { projectId: project.id, templateId, definition };
}

export interface LifecycleSuite {
  t: TestApp;
  s: PermitScene;
  stage: LifecycleStage;
}

/** A test file's app, scene and project (coded `code`): made before its tests, closed after them. */
export function lifecycleSuite(code: string): LifecycleSuite {
  let made: LifecycleSuite | null = null;
  beforeAll(async () => {
    const t = await createTestApp();
    const s = await buildPermitScene(t);
    made = { t, s, stage: await lifecycleProject(t, s, code) };
  });
  afterAll(() => made?.t.close());
  const ready = () => {
    if (!made) throw new Error('The lifecycle suite is used before its tests run.');
    return made;
  };
  return {
    get t() {
      return ready().t;
    },
    get s() {
      return ready().s;
    },
    get stage() {
      return ready().stage;
    },
  };
}

export interface PermitSetup {
  /** Every task done, so the permit may be completed when Active. */
  done?: boolean;
  restricted?: boolean;
  applicantOrganizationId?: string;
}

/**
 * A permit of the scene's attacher in `status`. A permit waiting for a decision has its pending request, a
 * cancelled one its approved request, and the others a rejected one, so that every cancel action has a
 * request to name.
 */
export async function permitIn(
  t: TestApp,
  s: PermitScene,
  stage: LifecycleStage,
  status: PermitStatus,
  setup: PermitSetup = {},
) {
  const permit = await buildPermit(t.db, {
    projectId: stage.projectId,
    templateId: stage.templateId,
    applicantOrganizationId: setup.applicantOrganizationId ?? s.attacherOrg,
    createdBy: s.attacherMember,
  });
  await advance(t, permit.id, stage.definition, setup.done === false ? {} : ALL_DONE, status);
  await t.db
    .updateTable('permits')
    .set({
      restricted: setup.restricted ?? false,
      restricted_reason: setup.restricted ? 'Make-ready dispute' : null,
      on_hold_reason: status === 'OnHold' ? 'Storm season' : null,
    })
    .where('id', '=', permit.id)
    .execute();
  const request = await t.db
    .insertInto('permit_cancel_requests')
    .values({
      permit_id: permit.id,
      project_id: stage.projectId,
      reason: 'No longer needed',
      requested_by: s.attacherMember,
      status: requestStatusFor(status),
      decided_at: status === 'CancelRequested' ? null : new Date(),
      previous_status: 'Active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: permit.id, permitNumber: permit.permitNumber, cancelId: request.id };
}

function requestStatusFor(status: PermitStatus) {
  if (status === 'CancelRequested') return 'Pending' as const;
  if (status === 'Cancelled') return 'Approved' as const;
  return 'Rejected' as const;
}

export async function permitRow(t: TestApp, permitId: string) {
  return t.db.selectFrom('permits').selectAll().where('id', '=', permitId).executeTakeFirst();
}

export async function activityOf(t: TestApp, permitId: string) {
  return t.db
    .selectFrom('permit_activity')
    .select(['kind', 'actor_user_id', 'summary', 'before', 'after'])
    .where('permit_id', '=', permitId)
    .where('kind', '!=', 'PermitCreated')
    .orderBy('id')
    .execute();
}

/** The hub events that name a permit (or list it, for bulk events), as type and organization. */
export async function eventsAbout(t: TestApp, permitId: string) {
  const rows = await t.db
    .selectFrom('events')
    .select(['type', 'organization_id', 'payload'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`payload->>'permitId'`, '=', permitId),
        eb(sql<boolean>`(payload->'permitIds') ? ${permitId}`, '=', true),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows;
}
