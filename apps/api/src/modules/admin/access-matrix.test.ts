import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildOrg, buildUser } from '../../../test/factories.ts';

// Every administration endpoint, called without a token (401), by a signed-in user without any
// administration permission (403, or 404 where the target cannot be known), and, where it takes a body,
// with a bad one (400 naming the field). Nothing may change in any of these calls.
let t: TestApp;
let plainUser: string;
let sysAdmin: string;
let orgId: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrg(t.db, { name: 'Matrix Utility' })).id;
  plainUser = (await buildUser(t.db, { organizationId: orgId })).id;
  sysAdmin = (
    await buildUser(t.db, {
      organizationId: orgId,
      systemPermissions: [
        'ManageUsers',
        'ManageOrganizations',
        'ManageSecurity',
        'ViewUsers',
        'ViewOrganizations',
      ],
    })
  ).id;
  userId = (await buildUser(t.db, { organizationId: orgId })).id;
});
afterAll(() => t.close());

type Call = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: unknown;
  bad?: { body: unknown; field: string };
};

const sysOrg = () => `/api/admin/system/organizations/${orgId}`;
const sysUser = () => `/api/admin/system/users/${userId}`;
const ownUser = () => `/api/admin/users/${userId}`;

const CALLS: Call[] = [
  { method: 'GET', url: () => '/api/admin/system/organizations' },
  {
    method: 'POST',
    url: () => '/api/admin/system/organizations',
    body: { name: 'X Co' },
    bad: { body: { name: '' }, field: 'body.name' },
  },
  { method: 'GET', url: sysOrg },
  {
    method: 'PUT',
    url: sysOrg,
    body: { name: 'Y Co' },
    bad: { body: { name: 'Y', website: 'nope' }, field: 'body.website' },
  },
  { method: 'DELETE', url: sysOrg },
  {
    method: 'POST',
    url: () => '/api/admin/system/organizations/export/xlsx',
    body: [],
    bad: { body: ['not-a-uuid'], field: 'body.0' },
  },
  { method: 'POST', url: () => '/api/admin/system/organizations/export/csv', body: [] },
  { method: 'GET', url: () => `${sysOrg()}/users` },
  {
    method: 'POST',
    url: () => `${sysOrg()}/users`,
    body: { email: 'a@matrix.example', firstName: 'A', lastName: 'B' },
    bad: { body: { email: 'bad', firstName: 'A', lastName: 'B' }, field: 'body.email' },
  },
  { method: 'POST', url: () => `${sysOrg()}/users/export/xlsx`, body: [] },
  {
    method: 'PUT',
    url: () => `${sysOrg()}/remove-user`,
    body: { userId: '5f0c6a2e-0000-4000-8000-000000000000' },
    bad: { body: { userId: 'x' }, field: 'body.userId' },
  },
  {
    method: 'PUT',
    url: () => `${sysOrg()}/applications`,
    body: { applications: [] },
    bad: { body: { applications: ['Nope'] }, field: 'body.applications.0' },
  },
  { method: 'GET', url: () => `${sysOrg()}/security` },
  { method: 'GET', url: () => `${sysOrg()}/security/domains` },
  {
    method: 'POST',
    url: () => `${sysOrg()}/security/domain`,
    body: { domainName: 'matrix.example' },
    bad: { body: { domainName: 'not a domain' }, field: 'body.domainName' },
  },
  { method: 'DELETE', url: () => `${sysOrg()}/security/domain/matrix.example` },
  { method: 'GET', url: () => `${sysOrg()}/audit` },
  { method: 'GET', url: () => '/api/admin/system/users' },
  { method: 'POST', url: () => '/api/admin/system/users/export/csv', body: [] },
  { method: 'GET', url: sysUser },
  {
    method: 'PUT',
    url: sysUser,
    body: { firstName: 'A', lastName: 'B' },
    bad: { body: { firstName: 'A' }, field: 'body.lastName' },
  },
  { method: 'DELETE', url: sysUser },
  {
    method: 'PUT',
    url: () => `${sysUser()}/role`,
    body: { role: 'Admin' },
    bad: { body: { role: 'Boss' }, field: 'body.role' },
  },
  { method: 'POST', url: () => `${sysUser()}/reset-password` },
  { method: 'POST', url: () => `${sysUser()}/reset-mfa` },
  { method: 'PUT', url: () => `${sysUser()}/activate` },
  { method: 'PUT', url: () => `${sysUser()}/deactivate` },
  { method: 'GET', url: () => `${sysUser()}/permissions` },
  {
    method: 'PUT',
    url: () => `${sysUser()}/permissions`,
    body: { permissions: [] },
    bad: { body: { permissions: ['All'] }, field: 'body.permissions.0' },
  },
  { method: 'GET', url: () => `${sysUser()}/organizations` },
  {
    method: 'PUT',
    url: () => `${sysUser()}/organizations`,
    body: { organizationIds: [] },
    bad: { body: { organizationIds: 'x' }, field: 'body.organizationIds' },
  },
  { method: 'GET', url: () => `${sysUser()}/organization-permissions` },
  {
    method: 'PUT',
    url: () => `${sysUser()}/organization-permissions`,
    body: { organizationId: '5f0c6a2e-0000-4000-8000-000000000000', permissions: [] },
    bad: { body: { permissions: [] }, field: 'body.organizationId' },
  },
  { method: 'GET', url: () => `${sysUser()}/audit` },
  { method: 'GET', url: () => '/api/admin/system/mail-outbox' },
  { method: 'GET', url: () => '/api/admin/organization' },
  { method: 'PUT', url: () => '/api/admin/organization', body: { name: 'Z Co' } },
  { method: 'GET', url: () => '/api/admin/organization/security' },
  { method: 'GET', url: () => '/api/admin/organization/users' },
  {
    method: 'POST',
    url: () => '/api/admin/organization/users',
    body: { email: 'b@matrix.example', firstName: 'A', lastName: 'B' },
  },
  {
    method: 'PUT',
    url: () => '/api/admin/organization/remove-user',
    body: { userId: '5f0c6a2e-0000-4000-8000-000000000000' },
  },
  { method: 'GET', url: () => '/api/admin/organization/applications' },
  { method: 'GET', url: ownUser },
  { method: 'PUT', url: ownUser, body: { firstName: 'A', lastName: 'B' } },
  { method: 'DELETE', url: ownUser },
  { method: 'PUT', url: () => `${ownUser()}/activate` },
  { method: 'PUT', url: () => `${ownUser()}/deactivate` },
  { method: 'POST', url: () => `${ownUser()}/reset-password` },
  { method: 'POST', url: () => `${ownUser()}/reset-mfa` },
  { method: 'GET', url: () => `${ownUser()}/organization-permissions` },
  { method: 'PUT', url: () => `${ownUser()}/organization-permissions`, body: { permissions: [] } },
];

async function fingerprint() {
  const [users, orgs, audit, mail, domains] = await Promise.all([
    t.db
      .selectFrom('users')
      .select(['id', 'status', 'role', 'first_name', 'last_name', 'email', 'organization_id'])
      .orderBy('id')
      .execute(),
    t.db.selectFrom('organizations').select(['id', 'name', 'updated_at']).orderBy('id').execute(),
    t.db.selectFrom('audit_log').select('id').execute(),
    t.db.selectFrom('mail_outbox').select('id').execute(),
    t.db.selectFrom('organization_domains').select('domain_name').execute(),
  ]);
  return JSON.stringify({ users, orgs, audit: audit.length, mail: mail.length, domains });
}

const label = (call: Call) => `${call.method} ${call.url().replace(/[0-9a-f-]{36}/g, '{id}')}`;

describe('administration endpoints', () => {
  it('answer 401 without a token and change nothing', async () => {
    const before = await fingerprint();
    for (const call of CALLS) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url(),
        ...(call.body !== undefined ? { payload: call.body as object } : {}),
      });
      expect(res.statusCode, label(call)).toBe(401);
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answer 403 (or 404 for what the caller cannot know) to a user without administration permissions, and change nothing', async () => {
    const before = await fingerprint();
    for (const call of CALLS) {
      const res = await t.injectAs(plainUser, {
        method: call.method,
        url: call.url(),
        ...(call.body !== undefined ? { payload: call.body as object } : {}),
      });
      expect([403, 404], `${label(call)} answered ${res.statusCode}`).toContain(res.statusCode);
      expect(res.json()).toMatchObject({ success: false, status: res.statusCode });
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answer 400 naming the field to a bad body, even for an administrator, and change nothing', async () => {
    const before = await fingerprint();
    for (const call of CALLS.filter((c) => c.bad)) {
      const res = await t.injectAs(sysAdmin, {
        method: call.method,
        url: call.url(),
        payload: call.bad!.body as object,
      });
      expect(res.statusCode, label(call)).toBe(400);
      const fields = (res.json().errors ?? []).map((e: { field: string }) => e.field);
      expect(fields, label(call)).toContain(call.bad!.field);
    }
    expect(await fingerprint()).toBe(before);
  });
});
