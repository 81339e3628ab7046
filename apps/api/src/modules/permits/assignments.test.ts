import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { buildViewOnlyUser } from './tasks-test-scene.ts';
import { buildPermitScene, dataOf, KEY, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;
let viewer: string;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'ASG')).id;
  templateId = (await buildPublishedTemplate(t.db, projectId)).templateId;
  viewer = await buildViewOnlyUser(t, projectId, s.attacherOrg);
});
afterAll(() => t.close());

const newPermit = async () =>
  (await buildPermit(t.db, { projectId, templateId, applicantOrganizationId: s.attacherOrg })).id;
const url = (permitId: string, stageKey: string = KEY.intake, taskKey: string = KEY.review) =>
  `/api/joint-use/permit/${permitId}/stage/${stageKey}/task/${taskKey}/user-assignments`;
const assign = (userId: string, permitId: string, userIds: string[]) =>
  t.injectAs(userId, { method: 'PUT', url: url(permitId), payload: { userIds } });

async function assigned(permitId: string) {
  const rows = await t.db
    .selectFrom('permit_task_assignments')
    .select('user_id')
    .where('permit_id', '=', permitId)
    .execute();
  return rows.map((row) => row.user_id).sort();
}

describe("setting a task's assignees", () => {
  it('sets exactly the given people, recording who was added and removed and telling them', async () => {
    const permitId = await newPermit();
    const first = dataOf(await assign(s.ownerMember, permitId, [s.ownerMember, s.attacherMember]));
    expect(first.assignees.map((a: { id: string }) => a.id).sort()).toEqual(
      [s.ownerMember, s.attacherMember].sort(),
    );
    expect(await assigned(permitId)).toEqual([s.ownerMember, s.attacherMember].sort());
    dataOf(await assign(s.attacherMember, permitId, [s.attacherMember, viewer]));
    expect(await assigned(permitId)).toEqual([s.attacherMember, viewer].sort());
    const activity = await t.db
      .selectFrom('permit_activity')
      .select(['kind', 'before', 'after'])
      .where('permit_id', '=', permitId)
      .where('kind', 'in', ['TaskAssigned', 'TaskUnassigned'])
      .orderBy('id')
      .execute();
    expect(activity.map((a) => a.kind)).toEqual([
      'TaskAssigned',
      'TaskAssigned',
      'TaskAssigned',
      'TaskUnassigned',
    ]);
    expect(activity[3]).toMatchObject({ before: { userId: s.ownerMember } });
    const personal = await t.db
      .selectFrom('events')
      .select(['type', 'user_id'])
      .where(sql<string>`payload->>'permitId'`, '=', permitId)
      .where('type', 'in', ['TaskAssignedToMe', 'TaskUnassignedFromMe'])
      .execute();
    expect(personal).toEqual(
      expect.arrayContaining([
        { type: 'TaskAssignedToMe', user_id: viewer },
        { type: 'TaskUnassignedFromMe', user_id: s.ownerMember },
      ]),
    );
    expect(personal).toHaveLength(4);
    // The same set again changes nothing.
    dataOf(await assign(s.attacherMember, permitId, [viewer, s.attacherMember]));
    const count = await t.db
      .selectFrom('permit_activity')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('permit_id', '=', permitId)
      .where('kind', 'in', ['TaskAssigned', 'TaskUnassigned'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('refuses people who cannot see the permit, naming them, and writes nothing', async () => {
    const permitId = await newPermit();
    for (const stranger of [s.otherAttacherMember, s.outsider]) {
      const res = await assign(s.ownerMember, permitId, [s.ownerMember, stranger]);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'body.userIds.1', message: 'Must be someone who can see the permit' },
      ]);
    }
    const twice = await assign(s.ownerMember, permitId, [s.ownerMember, s.ownerMember]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0].field).toBe('body.userIds');
    expect(await assigned(permitId)).toEqual([]);
  });

  it('needs a signed-in caller with EditPermits on a permit they see, while it is open', async () => {
    const permitId = await newPermit();
    expect(
      (await t.app.inject({ method: 'PUT', url: url(permitId), payload: { userIds: [] } })).statusCode,
    ).toBe(401);
    expect((await assign(viewer, permitId, [s.ownerMember])).statusCode).toBe(403);
    expect((await assign(s.otherAttacherMember, permitId, [s.ownerMember])).statusCode).toBe(404);
    const wrongStage = await t.injectAs(s.ownerMember, {
      method: 'PUT',
      url: url(permitId, KEY.survey, KEY.review),
      payload: { userIds: [] },
    });
    expect(wrongStage.statusCode).toBe(404);
    await t.db.updateTable('permits').set({ status: 'Cancelled' }).where('id', '=', permitId).execute();
    expect((await assign(s.ownerMember, permitId, [s.ownerMember])).statusCode).toBe(409);
    expect(await assigned(permitId)).toEqual([]);
  });
});
