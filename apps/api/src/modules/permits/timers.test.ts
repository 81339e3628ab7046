import { DAY_MS, type PermitTimer } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate, narrowOnProject } from '../../../test/factories.ts';
import { buildPermitScene, dataOf, KEY, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let permitId: string;
let otherPermitId: string;
const appliedAt = new Date(Date.now() - 3 * DAY_MS);

const timersOf = (userId: string, id = permitId) =>
  t.injectAs(userId, { method: 'GET', url: `/api/joint-use/permit/${id}/timers` });

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'TIM')).id;
  const { templateId } = await buildPublishedTemplate(t.db, projectId);
  const apply = (applicantOrganizationId: string) =>
    buildPermit(t.db, { projectId, templateId, applicantOrganizationId, now: appliedAt });
  permitId = (await apply(s.attacherOrg)).id;
  otherPermitId = (await apply(s.otherAttacherOrg)).id;
});

afterAll(() => t.close());

describe('GET /api/joint-use/permit/:id/timers', () => {
  it("lists the version's timers, started or not, read now", async () => {
    const timers: PermitTimer[] = dataOf(await timersOf(s.attacherMember));
    expect(timers.map((timer) => [timer.ownerKind, timer.ownerKey, timer.name])).toEqual([
      ['Task', KEY.review, 'Completeness Review'],
      ['Stage', KEY.survey, 'Survey'],
    ]);
    const [review, survey] = timers;
    expect(review).toMatchObject({
      stageKey: KEY.intake,
      durationDays: 10,
      dayKind: 'Business',
      pausesOnHold: true,
      startedAt: appliedAt.toISOString(),
      stoppedAt: null,
      holds: [],
      breached: false,
      breachedAt: null,
      flagged: false,
    });
    expect(review!.elapsedTimeMs).toBeGreaterThanOrEqual(3 * DAY_MS);
    expect(review!.elapsedOnTimerDays).toBeGreaterThan(0);
    // Business days never outnumber calendar days (three of them, and the moments since the permit was built).
    expect(review!.elapsedOnTimerDays).toBeLessThanOrEqual(review!.elapsedTimeMs / DAY_MS);
    expect(review!.remainingDays).toBeCloseTo(10 - review!.elapsedOnTimerDays, 6);
    expect(Date.parse(review!.dueAt!)).toBeGreaterThan(Date.now());
    expect(survey).toMatchObject({
      stageKey: KEY.survey,
      durationDays: 45,
      dayKind: 'Calendar',
      startedAt: null,
      elapsedTimeMs: 0,
      elapsedOnTimerDays: 0,
      remainingDays: 45,
      dueAt: null,
      breached: false,
    });
    // The stored clock names its task and the task's library entry.
    const stored = await t.db
      .selectFrom('permit_timers')
      .select(['owner_key', 'owner_entry_id'])
      .where('permit_id', '=', permitId)
      .execute();
    const reviewTask = await t.db
      .selectFrom('permit_tasks')
      .select('library_entry_id')
      .where('permit_id', '=', permitId)
      .where('task_key', '=', KEY.review)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual([{ owner_key: KEY.review, owner_entry_id: reviewTask.library_entry_id }]);
  });

  it('shows the pole owner every permit, whose clocks from the receipt started when it was created', async () => {
    const timers: PermitTimer[] = dataOf(await timersOf(s.ownerMember, otherPermitId));
    expect(timers.map((timer) => timer.startedAt)).toEqual([appliedAt.toISOString(), null]);
  });

  it('needs a token, ViewPermits, and a permit the caller may see', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/joint-use/permit/${permitId}/timers` });
    expect(anonymous.statusCode).toBe(401);
    expect((await timersOf(s.outsider)).statusCode).toBe(404);
    expect((await timersOf(s.otherAttacherMember)).statusCode).toBe(404);
    expect((await timersOf(s.ownerMember, '00000000-0000-4000-8000-000000000999')).statusCode).toBe(404);
    await narrowOnProject(t.db, { projectId: projectId, organizationId: s.ownerOrg, userId: s.ownerManager });
    expect((await timersOf(s.ownerManager)).statusCode).toBe(403);
  });

  it('names a bad permit id', async () => {
    const bad = await timersOf(s.ownerMember, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.id');
  });
});
