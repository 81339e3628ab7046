import { PermitStatus, WorkflowDefinition } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { id, sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { writeGeodata } from '../geodata/write.ts';
import { advance, buildPermitScene, dataOf, KEY, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let emptyProjectId: string;

/** Every status, zero unless given. */
const statuses = (counts: Partial<Record<PermitStatus, number>>) => ({
  ...Object.fromEntries(PermitStatus.options.map((status) => [status, 0])),
  ...counts,
});

const summaryOf = (userId: string, id = projectId) =>
  t.injectAs(userId, { method: 'GET', url: `/api/projects/${id}/summary` });

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'SUM')).id;
  emptyProjectId = (await sceneProject(t, s, 'EMPTY')).id;
  const v1 = await buildPublishedTemplate(t.db, projectId);
  // A second template whose first stage shares a name with the first template's second stage.
  const sample = sampleDefinition(s.entries);
  const other = await buildPublishedTemplate(
    t.db,
    projectId,
    WorkflowDefinition.parse({
      stages: [
        { ...sample.stages[1]!, key: id(7), tasks: [{ ...sample.stages[1]!.tasks[0]!, key: id(71) }] },
      ],
    }),
  );
  const apply = (applicantOrganizationId: string, templateId = v1.templateId) =>
    buildPermit(t.db, { projectId, templateId, applicantOrganizationId });
  await apply(s.attacherOrg);
  await apply(s.attacherOrg);
  const surveying = await apply(s.attacherOrg);
  await advance(t, surveying.id, v1.definition, { [KEY.review]: 'Completed' });
  const onHold = await apply(s.otherAttacherOrg);
  await advance(t, onHold.id, v1.definition, {}, 'OnHold');
  const done = await apply(s.otherAttacherOrg);
  await advance(t, done.id, v1.definition, { [KEY.review]: 'Completed' }, 'Completed');
  await apply(s.otherAttacherOrg, other.templateId);
  await t.db.transaction().execute(async (trx) => {
    const options = { source: 'GeoJSON' as const, replace: false, idField: 'id', skipped: 0 };
    const pole = (n: number) => ({ externalId: `P${n}`, lon: -93.16 + n / 1000, lat: 44.45, attributes: {} });
    await writeGeodata(trx, projectId, { kind: 'poles', records: [pole(1), pole(2), pole(3)] }, options);
    const span = {
      externalId: 'S1',
      coordinates: [
        [-93.16, 44.45],
        [-93.15, 44.45],
      ] as [number, number][],
    };
    await writeGeodata(
      trx,
      projectId,
      { kind: 'spans', records: [{ ...span, fromPoleId: 'P1', toPoleId: 'P2', attributes: {} }] },
      options,
    );
  });
});
afterAll(() => t.close());

describe("a project's summary", () => {
  it('counts every permit for the pole owner, by status and by the stage open ones are in', async () => {
    expect(dataOf(await summaryOf(s.ownerMember))).toEqual({
      totalPermits: 6,
      permitCountsByStatus: statuses({ Active: 4, OnHold: 1, Completed: 1 }),
      poles: 3,
      spans: 1,
      // In the order of the version most open permits run on; Survey counts both templates' permits.
      activeStageDistribution: [
        { stageName: 'Intake', count: 3 },
        { stageName: 'Survey', count: 2 },
      ],
    });
  });

  it("counts an attacher's own permits only", async () => {
    expect(dataOf(await summaryOf(s.attacherMember))).toEqual({
      totalPermits: 3,
      permitCountsByStatus: statuses({ Active: 3 }),
      poles: 3,
      spans: 1,
      activeStageDistribution: [
        { stageName: 'Intake', count: 2 },
        { stageName: 'Survey', count: 1 },
      ],
    });
    const other = dataOf(await summaryOf(s.otherAttacherMember));
    expect(other.totalPermits).toBe(3);
    expect(other.permitCountsByStatus).toMatchObject({ Active: 1, OnHold: 1, Completed: 1 });
  });

  it('has every status at zero on a project without permits', async () => {
    expect(dataOf(await summaryOf(s.ownerMember, emptyProjectId))).toEqual({
      totalPermits: 0,
      permitCountsByStatus: statuses({}),
      poles: 0,
      spans: 0,
      activeStageDistribution: [],
    });
  });

  it('needs a token and a project the caller takes part in', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/summary` })).statusCode,
    ).toBe(401);
    expect((await summaryOf(s.outsider)).statusCode).toBe(404);
    const bad = await t.injectAs(s.ownerMember, { method: 'GET', url: '/api/projects/not-a-uuid/summary' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.id');
  });
});

describe('permit counts on projects', () => {
  const countsIn = async (userId: string) => {
    const page = dataOf(await t.injectAs(userId, { method: 'GET', url: '/api/projects?pageSize=50' }));
    return Object.fromEntries(
      page.items.map((p: { projectCode: string; permitCounts: unknown }) => [p.projectCode, p.permitCounts]),
    );
  };

  it('lists each project with the permits the caller sees, and how many are open', async () => {
    expect(await countsIn(s.ownerMember)).toMatchObject({
      SUM: { total: 6, open: 5 },
      EMPTY: { total: 0, open: 0 },
    });
    expect(await countsIn(s.attacherMember)).toMatchObject({
      SUM: { total: 3, open: 3 },
      EMPTY: { total: 0, open: 0 },
    });
    expect(await countsIn(s.otherAttacherMember)).toMatchObject({ SUM: { total: 3, open: 2 } });
    const one = dataOf(
      await t.injectAs(s.otherAttacherMember, { method: 'GET', url: `/api/projects/${projectId}` }),
    );
    expect(one.permitCounts).toEqual({ total: 3, open: 2 });
  });
});

describe('deleting a project', () => {
  it('is refused while the project has permits, and nothing is removed', async () => {
    const refused = await t.injectAs(s.ownerManager, { method: 'DELETE', url: `/api/projects/${projectId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'The project has permits, so it cannot be deleted. Archive it instead.',
    );
    const kept = await t.db.selectFrom('permits').select('id').where('project_id', '=', projectId).execute();
    expect(kept).toHaveLength(6);
    const spare = await sceneProject(t, s, 'SPARE');
    const deleted = await t.injectAs(s.ownerManager, { method: 'DELETE', url: `/api/projects/${spare.id}` });
    expect(deleted.statusCode).toBe(200);
  });
});
