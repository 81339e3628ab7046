import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate, narrowOnProject } from '../../../test/factories.ts';
import { UNKNOWN_ID } from '../../../test/project-scene.ts';
import { advance, buildPermitScene, dataOf, KEY, type PermitScene, sceneProject } from './test-scene.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;
let otherProjectTemplate: string;
const numbers: Record<string, string> = {};

const list = (userId: string, query = '', template = templateId, project = projectId) =>
  t.injectAs(userId, {
    method: 'GET',
    url: `/api/joint-use/project/${project}/workflow-templates/${template}/permits${query}`,
  });

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'LIST')).id;
  const v1 = await buildPublishedTemplate(t.db, projectId);
  templateId = v1.templateId;
  const other = await sceneProject(t, s, 'ELSEWHERE');
  otherProjectTemplate = (await buildPublishedTemplate(t.db, other.id)).templateId;
  const apply = async (name: string, applicantOrganizationId: string, minutes: number) => {
    const permit = await buildPermit(t.db, {
      projectId,
      templateId,
      applicantOrganizationId,
      now: new Date(Date.UTC(2026, 3, 1, 9, minutes)),
    });
    numbers[name] = permit.permitNumber;
    return permit;
  };
  await apply('first', s.attacherOrg, 0);
  const second = await apply('second', s.otherAttacherOrg, 1);
  await apply('third', s.attacherOrg, 2);
  await advance(t, second.id, v1.definition, { [KEY.review]: 'Completed' });
});
afterAll(() => t.close());

describe('the permits of a template version', () => {
  it('shows the pole owner every permit, newest first, with applicant, status and stage', async () => {
    const page = dataOf(await list(s.ownerMember));
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(page.items.map((p: { permitNumber: string }) => p.permitNumber)).toEqual([
      numbers.third,
      numbers.second,
      numbers.first,
    ]);
    expect(page.items[1]).toEqual({
      id: expect.any(String),
      permitNumber: 'LIST-000002',
      applicant: { id: s.otherAttacherOrg, name: 'Other Cable' },
      status: 'Active',
      activeStage: { key: KEY.survey, name: 'Survey' },
      createdAt: '2026-04-01T09:01:00.000Z',
    });
  });

  it("shows an attacher only its own organization's permits", async () => {
    const mine = dataOf(await list(s.attacherMember));
    expect(mine.total).toBe(2);
    expect(mine.items.map((p: { permitNumber: string }) => p.permitNumber)).toEqual([
      numbers.third,
      numbers.first,
    ]);
    const theirs = dataOf(await list(s.otherAttacherMember));
    expect(theirs.items.map((p: { permitNumber: string }) => p.permitNumber)).toEqual([numbers.second]);
  });

  it('pages', async () => {
    const page = dataOf(await list(s.ownerMember, '?page=2&pageSize=2'));
    expect(page).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page.items.map((p: { permitNumber: string }) => p.permitNumber)).toEqual([numbers.first]);
  });

  it('needs a token, ViewPermits, a project the caller takes part in and a version of that project', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/joint-use/project/${projectId}/workflow-templates/${templateId}/permits`,
    });
    expect(anonymous.statusCode).toBe(401);
    await narrowOnProject(t.db, { projectId: projectId, organizationId: s.ownerOrg, userId: s.ownerManager });
    expect((await list(s.ownerManager)).statusCode).toBe(403);
    expect((await list(s.outsider)).statusCode).toBe(404);
    expect((await list(s.ownerMember, '', UNKNOWN_ID)).statusCode).toBe(404);
    expect((await list(s.ownerMember, '', otherProjectTemplate)).statusCode).toBe(404);
  });

  it('names a bad paging parameter', async () => {
    const bad = await list(s.ownerMember, '?pageSize=1000');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('querystring.pageSize');
  });
});
