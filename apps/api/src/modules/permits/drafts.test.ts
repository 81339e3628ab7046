import { MAX_PERMIT_DRAFTS } from '@crossarm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildProject, buildPublishedTemplate } from '../../../test/factories.ts';
import { buildPermitScene, dataOf, type PermitScene, sceneProject } from './test-scene.ts';

const base = '/api/joint-use/permit/drafts';
let t: TestApp;
let s: PermitScene;
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
});
afterAll(() => t.close());

/** A fresh project of the scene with a published workflow whose application form asks for Pole Count. */
async function setup() {
  counter += 1;
  const project = await sceneProject(t, s, `DRF${counter}`);
  const { templateId } = await buildPublishedTemplate(t.db, project.id);
  return { projectId: project.id, templateId };
}

const draft = (projectId: string, extra: Record<string, unknown> = {}) => ({
  projectId,
  location: 'Elm St',
  poleIds: ['P1', 'P2'],
  values: [{ propertyEntryId: s.entries.poleCount, value: 2 }],
  ...extra,
});

const save = (userId: string, payload: Record<string, unknown>) =>
  t.injectAs(userId, { method: 'POST', url: base, payload });

const draftRows = (userId: string) =>
  t.db
    .withTables<{ permit_application_drafts: { id: string; user_id: string } }>()
    .selectFrom('permit_application_drafts')
    .select('id')
    .where('user_id', '=', userId)
    .execute();

describe('application drafts', () => {
  it('saves, reads, lists, overwrites and deletes a draft', async () => {
    const { projectId, templateId } = await setup();
    const created = dataOf(await save(s.attacherMember, draft(projectId, { templateId })), 201);
    expect(created).toMatchObject({
      project: { id: projectId, code: `DRF${counter}` },
      templateId,
      location: 'Elm St',
      poleIds: ['P1', 'P2'],
      values: [{ propertyEntryId: s.entries.poleCount, value: 2 }],
      poleCount: 2,
      valueCount: 1,
    });

    const read = dataOf(await t.injectAs(s.attacherMember, { method: 'GET', url: `${base}/${created.id}` }));
    expect(read).toEqual(created);

    const updated = dataOf(
      await t.injectAs(s.attacherMember, {
        method: 'PUT',
        url: `${base}/${created.id}`,
        payload: draft(projectId, { location: '', poleIds: [], values: [] }),
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      location: null,
      poleIds: [],
      values: [],
      templateId: null,
    });

    const list = dataOf(await t.injectAs(s.attacherMember, { method: 'GET', url: base }));
    expect(list.map((d: { id: string }) => d.id)).toContain(created.id);
    expect(list[0].id).toBe(created.id);

    const removed = await t.injectAs(s.attacherMember, { method: 'DELETE', url: `${base}/${created.id}` });
    expect(removed.statusCode).toBe(200);
    const gone = await t.injectAs(s.attacherMember, { method: 'GET', url: `${base}/${created.id}` });
    expect(gone.statusCode).toBe(404);
  });

  it('keeps incomplete drafts: required values may be missing, empty ones are left out', async () => {
    const { projectId } = await setup();
    const created = dataOf(
      await save(
        s.attacherMember,
        draft(projectId, { values: [{ propertyEntryId: s.entries.poleCount, value: '' }] }),
      ),
      201,
    );
    expect(created.values).toEqual([]);
  });

  it('refuses without a session (401)', async () => {
    const { projectId } = await setup();
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: base, payload: draft(projectId) })).statusCode).toBe(
      401,
    );
  });

  it("answers 404 for another person's draft, even in the same organization", async () => {
    const { projectId } = await setup();
    const created = dataOf(await save(s.attacherMember, draft(projectId)), 201);
    for (const userId of [s.attacherManager, s.otherAttacherMember, s.ownerManager]) {
      const url = `${base}/${created.id}`;
      expect((await t.injectAs(userId, { method: 'GET', url })).statusCode).toBe(404);
      const put = await t.injectAs(userId, {
        method: 'PUT',
        url,
        payload: draft(projectId, { location: 'X' }),
      });
      expect(put.statusCode).toBe(404);
      expect((await t.injectAs(userId, { method: 'DELETE', url })).statusCode).toBe(404);
      const list = dataOf(await t.injectAs(userId, { method: 'GET', url: base }));
      expect(list.map((d: { id: string }) => d.id)).not.toContain(created.id);
    }
    const still = dataOf(await t.injectAs(s.attacherMember, { method: 'GET', url: `${base}/${created.id}` }));
    expect(still.location).toBe('Elm St');
  });

  it("answers 404 for a project the caller's organization does not take part in", async () => {
    const foreignOwner = (await buildOrg(t.db, { name: 'Foreign Power' })).id;
    const foreign = await buildProject(t.db, { ownerOrganizationId: foreignOwner, code: 'FRN' });
    await buildPublishedTemplate(t.db, foreign.id);
    const res = await save(s.outsider, draft(foreign.id));
    expect(res.statusCode).toBe(404);
    const mine = await setup();
    const created = dataOf(await save(s.attacherMember, draft(mine.projectId)), 201);
    const moved = await t.injectAs(s.attacherMember, {
      method: 'PUT',
      url: `${base}/${created.id}`,
      payload: draft(foreign.id),
    });
    expect(moved.statusCode).toBe(404);
    expect(await draftRows(s.outsider)).toEqual([]);
  });

  it('refuses bad values by field, writing nothing (400)', async () => {
    const { projectId } = await setup();
    const before = await draftRows(s.otherAttacherMember);
    const res = await save(
      s.otherAttacherMember,
      draft(projectId, { values: [{ propertyEntryId: s.entries.poleCount, value: 'many' }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'body.values.0.value', message: 'Must be a number' }]);

    const notOnForm = await save(
      s.otherAttacherMember,
      draft(projectId, { values: [{ propertyEntryId: s.entries.height, value: 3 }] }),
    );
    expect(notOnForm.statusCode).toBe(400);
    expect(notOnForm.json().errors[0].field).toBe('body.values.0.propertyEntryId');

    const badShape = await save(s.otherAttacherMember, { projectId, poleIds: ['P1', 'P1'] });
    expect(badShape.statusCode).toBe(400);
    expect(badShape.json().errors[0].field).toBe('body.poleIds');

    const badTemplate = await save(s.otherAttacherMember, draft(projectId, { templateId: projectId }));
    expect(badTemplate.statusCode).toBe(400);
    expect(badTemplate.json().errors[0].field).toBe('body.templateId');
    expect(await draftRows(s.otherAttacherMember)).toEqual(before);
  });

  it(`keeps at most ${MAX_PERMIT_DRAFTS} drafts per person (409)`, async () => {
    const { projectId } = await setup();
    const userId = s.attacherManager;
    const have = (await draftRows(userId)).length;
    const rows = Array.from({ length: MAX_PERMIT_DRAFTS - have }, () => ({
      organization_id: s.attacherOrg,
      user_id: userId,
      project_id: projectId,
    }));
    await t.db
      .withTables<{
        permit_application_drafts: { organization_id: string; user_id: string; project_id: string };
      }>()
      .insertInto('permit_application_drafts')
      .values(rows)
      .execute();
    const res = await save(userId, draft(projectId));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('Delete drafts');
    expect((await draftRows(userId)).length).toBe(MAX_PERMIT_DRAFTS);
  });
});

describe('GET /api/joint-use/projects/:projectId/application-form', () => {
  const formOf = (userId: string, projectId: string) =>
    t.injectAs(userId, { method: 'GET', url: `/api/joint-use/projects/${projectId}/application-form` });

  it("gives an attacher the form of the project's newest published version", async () => {
    const { projectId, templateId } = await setup();
    const form = dataOf(await formOf(s.attacherMember, projectId));
    expect(form).toMatchObject({
      templateId,
      templateVersion: 1,
      properties: [
        {
          propertyEntryId: s.entries.poleCount,
          name: 'Pole Count',
          fieldType: 'Number',
          renderOptions: { decimals: 0 },
          required: true,
        },
      ],
    });
  });

  it('answers 404 outside the project and when nothing is published', async () => {
    const { projectId } = await setup();
    expect((await formOf(s.outsider, projectId)).statusCode).toBe(404);
    counter += 1;
    const empty = await sceneProject(t, s, `DRF${counter}`);
    const res = await formOf(s.attacherMember, empty.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain('A published workflow');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/joint-use/projects/${projectId}/application-form` }))
        .statusCode,
    ).toBe(401);
  });
});
