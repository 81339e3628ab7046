import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

let t: TestApp;
let org: Awaited<ReturnType<typeof buildOrg>>;
let otherOrg: Awaited<ReturnType<typeof buildOrg>>;
let member: Awaited<ReturnType<typeof buildUser>>;
let colleague: Awaited<ReturnType<typeof buildUser>>;
let stranger: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await createTestApp();
  org = await buildOrg(t.db, { name: 'Northfield Electric', applications: ['JointUse', 'Geospatial'] });
  otherOrg = await buildOrg(t.db, { name: 'Ridgeline Fiber' });
  member = await buildUser(t.db, {
    organizationId: org.id,
    firstName: 'Dana',
    lastName: 'Owens',
    organizationPermissions: ['ViewOrganizationInfo', 'ViewUsers'],
  });
  colleague = await buildUser(t.db, { organizationId: org.id, firstName: 'Lee' });
  stranger = await buildUser(t.db, { organizationId: otherOrg.id, firstName: 'Maria' });
});
afterAll(() => t.close());

describe('GET /api/admin/me', () => {
  it('returns the session: profile, organization, permissions and applications', async () => {
    const res = await t.injectAs(member.id, { method: 'GET', url: '/api/admin/me' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, error: null, statusText: 'OK' });
    expect(body.data.user).toMatchObject({
      id: member.id,
      firstName: 'Dana',
      status: 'Active',
      darkMode: false,
    });
    expect(body.data.organization).toEqual({
      id: org.id,
      name: 'Northfield Electric',
      applications: ['Geospatial', 'JointUse'],
    });
    expect(body.data.organizationPermissions).toEqual(['ViewOrganizationInfo', 'ViewUsers']);
    expect(body.data.systemPermissions).toEqual([]);
    expect(body.data.applications).toEqual(['Geospatial', 'JointUse']);
  });

  it('answers 401 with a problem body without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ success: false, status: 401, title: 'Unauthorized', data: null });
  });

  it.each([
    ['another issuer', { issuer: 'https://evil.example/oidc' }],
    ['another audience', { audience: 'urn:other:api' }],
    ['an expiry past the 60 s leeway', { expiresIn: Math.floor(Date.now() / 1000) - 120 }],
    ['an unexpected token type', { typ: 'JWT' }],
  ])('answers 401 for a token with %s', async (_name, overrides) => {
    const token = await t.tokenFor(member.id, overrides);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('accepts a token that expired within the 60 s leeway', async () => {
    const token = await t.tokenFor(member.id, { expiresIn: Math.floor(Date.now() / 1000) - 20 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 for a tampered token', async () => {
    const token = await t.tokenFor(member.id);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: stranger.id }),
    ).toString('base64url');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${header}.${forged}.${signature}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 when the subject is unknown or deleted', async () => {
    const unknown = await t.injectAs('5f0c6a2e-0000-4000-8000-000000000000', {
      method: 'GET',
      url: '/api/admin/me',
    });
    expect(unknown.statusCode).toBe(401);
    const deleted = await buildUser(t.db, { organizationId: org.id, status: 'Deleted' });
    expect((await t.injectAs(deleted.id, { method: 'GET', url: '/api/admin/me' })).statusCode).toBe(401);
  });

  it('gives inactive users and users without organization their session, so the app can say why', async () => {
    const inactive = await buildUser(t.db, { organizationId: org.id, status: 'Inactive' });
    const res = await t.injectAs(inactive.id, { method: 'GET', url: '/api/admin/me' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.status).toBe('Inactive');

    const orphan = await buildUser(t.db, { organizationId: null });
    const orphanRes = await t.injectAs(orphan.id, { method: 'GET', url: '/api/admin/me' });
    expect(orphanRes.statusCode).toBe(200);
    expect(orphanRes.json().data).toMatchObject({
      organization: null,
      applications: [],
      user: { organizationId: null },
    });
  });
});

describe('PUT /api/admin/users/preferences', () => {
  it('saves dark mode and the session reflects it', async () => {
    const res = await t.injectAs(colleague.id, {
      method: 'PUT',
      url: '/api/admin/users/preferences',
      payload: { darkMode: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ darkMode: true });
    const row = await t.db
      .selectFrom('users')
      .select('dark_mode')
      .where('id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    expect(row.dark_mode).toBe(true);
    const me = await t.injectAs(colleague.id, { method: 'GET', url: '/api/admin/me' });
    expect(me.json().data.user.darkMode).toBe(true);
  });

  it('rejects a bad body with 400 naming the field, and writes nothing', async () => {
    const res = await t.injectAs(member.id, {
      method: 'PUT',
      url: '/api/admin/users/preferences',
      payload: { darkMode: 'yes' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, status: 400, title: 'Bad Request' });
    expect(body.errors[0].field).toBe('body.darkMode');
    const row = await t.db
      .selectFrom('users')
      .select('dark_mode')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.dark_mode).toBe(false);
  });

  it('answers 401 without a token and 403 for an inactive user', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/admin/users/preferences',
          payload: { darkMode: true },
        })
      ).statusCode,
    ).toBe(401);
    const inactive = await buildUser(t.db, { organizationId: org.id, status: 'Inactive' });
    const res = await t.injectAs(inactive.id, {
      method: 'PUT',
      url: '/api/admin/users/preferences',
      payload: { darkMode: true },
    });
    expect(res.statusCode).toBe(403);
    const row = await t.db
      .selectFrom('users')
      .select('dark_mode')
      .where('id', '=', inactive.id)
      .executeTakeFirstOrThrow();
    expect(row.dark_mode).toBe(false);
  });
});

describe('GET /api/admin/users/{id}/header', () => {
  it("shows a colleague's card", async () => {
    const res = await t.injectAs(member.id, {
      method: 'GET',
      url: `/api/admin/users/${colleague.id}/header`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: colleague.id,
      firstName: 'Lee',
      organizationName: 'Northfield Electric',
    });
  });

  it("answers 404 for another organization's user, as if it did not exist", async () => {
    const res = await t.injectAs(member.id, { method: 'GET', url: `/api/admin/users/${stranger.id}/header` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, status: 404 });
  });

  it('lets a system administrator with ViewUsers see anyone', async () => {
    const admin = await buildUser(t.db, { organizationId: otherOrg.id, systemPermissions: ['ViewUsers'] });
    const res = await t.injectAs(admin.id, { method: 'GET', url: `/api/admin/users/${member.id}/header` });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a UUID and 401 without a token', async () => {
    const bad = await t.injectAs(member.id, { method: 'GET', url: '/api/admin/users/not-an-id/header' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('params.id');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/users/${member.id}/header` })).statusCode,
    ).toBe(401);
  });
});
