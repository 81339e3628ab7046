import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  auditActions,
  buildProjectScene,
  type ProjectScene,
  UNKNOWN_ID,
} from '../../../test/project-scene.ts';

let t: TestApp;
let s: ProjectScene;

beforeAll(async () => {
  t = await createTestApp();
  s = await buildProjectScene(t);
});
afterAll(() => t.close());

const path = (tail: string, projectId = s.projectId) => `/api/projects/${projectId}/${tail}`;
const restrict = (userId: string, payload: Record<string, unknown>, projectId = s.projectId) =>
  t.injectAs(userId, { method: 'POST', url: path('restriction', projectId), payload });
const check = async (userId: string) =>
  (await t.injectAs(userId, { method: 'GET', url: path('check-restrictions') })).json().data;
const restrictionRows = () =>
  t.db
    .selectFrom('project_restrictions')
    .select(['organization_id', 'reason'])
    .orderBy('organization_id')
    .execute();

describe('project restrictions', () => {
  it('restricts an attacher with a reason, tells its sessions, and shows it to the right people', async () => {
    const res = await restrict(s.ownerManager, {
      organizationId: s.attacherOrg,
      reason: '  Unpaid invoices  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        organizationId: s.attacherOrg,
        organizationName: 'Attacher Fiber',
        reason: 'Unpaid invoices',
        createdAt: expect.any(String),
        createdBy: 'Olivia Owner',
      },
    ]);
    expect(await restrictionRows()).toEqual([{ organization_id: s.attacherOrg, reason: 'Unpaid invoices' }]);
    const events = await t.db
      .selectFrom('events')
      .select(['type', 'payload'])
      .where('organization_id', '=', s.attacherOrg)
      .where('type', '=', 'project-restriction-changed')
      .execute();
    expect(events).toEqual([
      {
        type: 'project-restriction-changed',
        payload: { projectId: s.projectId, organizationId: s.attacherOrg, restricted: true },
      },
    ]);
    const list = (userId: string) => t.injectAs(userId, { method: 'GET', url: path('restrictions') });
    expect((await list(s.ownerMember)).json().data).toHaveLength(1);
    expect((await list(s.attacherMember)).json().data).toHaveLength(1);
    expect((await list(s.otherAttacherMember)).json().data).toEqual([]);
    expect((await list(s.outsider)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: path('restrictions') })).statusCode).toBe(401);
  });

  it('tells the restricted attacher why it cannot create permits, with its reason', async () => {
    expect(await check(s.attacherMember)).toEqual({
      canCreatePermits: false,
      reasons: [
        {
          code: 'OrganizationRestricted',
          message: 'Your organization is restricted on this project: Unpaid invoices',
        },
      ],
    });
    expect(await check(s.otherAttacherMember)).toEqual({ canCreatePermits: true, reasons: [] });
    expect(await check(s.ownerMember)).toEqual({ canCreatePermits: true, reasons: [] });
    expect(
      (await t.injectAs(s.outsider, { method: 'GET', url: path('check-restrictions') })).statusCode,
    ).toBe(404);
  });

  it('changes the reason of an existing restriction and audits both', async () => {
    await restrict(s.ownerManager, { organizationId: s.attacherOrg, reason: 'Missing insurance' });
    expect(await restrictionRows()).toEqual([
      { organization_id: s.attacherOrg, reason: 'Missing insurance' },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'project.organization-restricted')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.before, a.after])).toEqual([
      [null, { organizationId: s.attacherOrg, reason: 'Unpaid invoices' }],
      [
        { organizationId: s.attacherOrg, reason: 'Unpaid invoices' },
        { organizationId: s.attacherOrg, reason: 'Missing insurance' },
      ],
    ]);
  });

  it('refuses attachers, plain members, outsiders, the owner itself and bad input, writing nothing', async () => {
    const before = await restrictionRows();
    const valid = { organizationId: s.otherAttacherOrg, reason: 'Why' };
    expect((await restrict(s.attacherManager, valid)).statusCode).toBe(403);
    expect((await restrict(s.ownerMember, valid)).statusCode).toBe(403);
    expect((await restrict(s.outsider, valid)).statusCode).toBe(404);
    expect((await restrict(s.ownerManager, valid, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await restrict(s.ownerManager, { ...valid, organizationId: s.outsiderOrg })).statusCode).toBe(
      404,
    );
    expect((await restrict(s.ownerManager, { ...valid, organizationId: s.ownerOrg })).statusCode).toBe(409);
    const blank = await restrict(s.ownerManager, { ...valid, reason: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].field).toBe('body.reason');
    const long = await restrict(s.ownerManager, { ...valid, reason: 'x'.repeat(1001) });
    expect(long.json().errors[0].field).toBe('body.reason');
    expect(
      (await t.app.inject({ method: 'POST', url: path('restriction'), payload: valid })).statusCode,
    ).toBe(401);
    expect(await restrictionRows()).toEqual(before);
  });

  it('lifts a restriction, once, for the pole owner’s managers only', async () => {
    const lift = (userId: string, orgId: string) =>
      t.injectAs(userId, { method: 'DELETE', url: path(`restriction/${orgId}`) });
    expect((await lift(s.attacherManager, s.attacherOrg)).statusCode).toBe(403);
    expect((await lift(s.ownerMember, s.attacherOrg)).statusCode).toBe(403);
    expect((await lift(s.outsider, s.attacherOrg)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: path(`restriction/${s.attacherOrg}`) })).statusCode,
    ).toBe(401);
    const lifted = await lift(s.ownerManager, s.attacherOrg);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json().data).toEqual([]);
    expect(await restrictionRows()).toEqual([]);
    expect((await lift(s.ownerManager, s.attacherOrg)).statusCode).toBe(404);
    expect((await lift(s.ownerManager, 'not-an-id')).json().errors[0].field).toBe('params.orgId');
    expect(await check(s.attacherMember)).toEqual({ canCreatePermits: true, reasons: [] });
    expect(await auditActions(t, s.projectId)).toContain('project.restriction-lifted');
  });

  it('combines an archived project, unaccepted terms and a missing permission', async () => {
    await t.injectAs(s.ownerManager, {
      method: 'POST',
      url: path('terms'),
      payload: { htmlContent: '<p>Be careful up there.</p>' },
    });
    await t.injectAs(s.ownerManager, {
      method: 'PUT',
      url: path(`organizations/${s.otherAttacherOrg}/user-permissions`),
      payload: { users: [{ userId: s.otherAttacherMember, permissions: ['ViewPermits'] }] },
    });
    await t.injectAs(s.ownerManager, { method: 'POST', url: path('archive') });
    const result = await check(s.otherAttacherMember);
    expect(result.canCreatePermits).toBe(false);
    expect(result.reasons.map((reason: { code: string }) => reason.code)).toEqual([
      'ProjectArchived',
      'TermsNotAccepted',
      'NoCreatePermission',
    ]);
    expect((await check(s.ownerMember)).reasons.map((reason: { code: string }) => reason.code)).toEqual([
      'ProjectArchived',
    ]);
  });
});
