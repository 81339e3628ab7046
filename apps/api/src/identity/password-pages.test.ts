import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOrg, buildUser } from '../../test/factories.ts';

let t: TestApp;
let orgId: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrg(t.db, { name: 'Lakeside Power' })).id;
  adminId = (await buildUser(t.db, { organizationId: orgId, systemPermissions: ['ManageUsers'] })).id;
});
afterAll(() => t.close());

const signIn = (email: string, password: string) => t.signIn(email, password);

async function linkPathFor(email: string) {
  const mail = await t.db
    .selectFrom('mail_outbox')
    .select('text_body')
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = /http:\/\/localhost:3000(\/oidc\/password\/[A-Za-z0-9_-]+)/.exec(mail.text_body);
  expect(link).not.toBeNull();
  return link![1]!;
}

const form = (password: string, confirm = password) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ password, confirm }).toString(),
});

describe('invitation and password links', () => {
  it('takes an invited user from the e-mail link to a password, a sign-in, and Active', async () => {
    const invite = await t.injectAs(adminId, {
      method: 'POST',
      url: `/api/admin/system/organizations/${orgId}/users`,
      payload: { email: 'newbie@lakeside.example', firstName: 'Nia', lastName: 'Newbie' },
    });
    expect(invite.statusCode).toBe(201);
    const path = await linkPathFor('newbie@lakeside.example');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Welcome to Crossarm');
    expect(page.headers['cache-control']).toBe('no-store');

    const mismatch = await t.app.inject({
      method: 'POST',
      url: path,
      ...form('a good long password', 'another long password'),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The two passwords do not match.');
    const short = await t.app.inject({ method: 'POST', url: path, ...form('short') });
    expect(short.body).toContain('at least 12 characters');

    const done = await t.app.inject({ method: 'POST', url: path, ...form('a good long password') });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Your password is set');
    const reused = await t.app.inject({ method: 'GET', url: path });
    expect(reused.statusCode).toBe(410);

    const result = await signIn('newbie@lakeside.example', 'a good long password');
    expect(result.status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('status')
      .where('email', '=', 'newbie@lakeside.example')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Active');
  });

  it('resets a password through a new link; the old password works until then', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: 'the old password' });
    expect(
      (
        await t.injectAs(adminId, {
          method: 'POST',
          url: `/api/admin/system/users/${user.id}/reset-password`,
        })
      ).statusCode,
    ).toBe(200);
    expect((await signIn(user.email, 'the old password')).status).toBe(200);
    const path = await linkPathFor(user.email);
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('Choose a new password');
    await t.app.inject({ method: 'POST', url: path, ...form('the brand new password') });
    expect((await signIn(user.email, 'the old password')).status).toBe(401);
    expect((await signIn(user.email, 'the brand new password')).status).toBe(200);
  });

  it('refuses expired and unknown links and changes nothing', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: 'unchanged password' });
    await t.injectAs(adminId, { method: 'POST', url: `/api/admin/system/users/${user.id}/reset-password` });
    const path = await linkPathFor(user.email);
    await t.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const expired = await t.app.inject({ method: 'POST', url: path, ...form('a sneaky new password') });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This link has expired or has already been used.');
    expect((await t.app.inject({ method: 'GET', url: '/oidc/password/made-up-token' })).statusCode).toBe(410);
    expect((await signIn(user.email, 'unchanged password')).status).toBe(200);
  });

  it('sets a password once when the same link is sent twice at the same moment', async () => {
    const user = await buildUser(t.db, { organizationId: orgId });
    await t.injectAs(adminId, { method: 'POST', url: `/api/admin/system/users/${user.id}/reset-password` });
    const path = await linkPathFor(user.email);
    const [first, second] = await Promise.all([
      t.app.inject({ method: 'POST', url: path, ...form('first long password') }),
      t.app.inject({ method: 'POST', url: path, ...form('second long password') }),
    ]);
    // One sets the password; the other finds the link used (410) and changes nothing.
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 410]);
    const winner = first.statusCode === 200 ? 'first long password' : 'second long password';
    const loser = first.statusCode === 200 ? 'second long password' : 'first long password';
    expect((await signIn(user.email, winner)).status).toBe(200);
    expect((await signIn(user.email, loser)).status).not.toBe(200);
  });

  it('keeps only a hash of the token', async () => {
    const user = await buildUser(t.db, { organizationId: orgId });
    await t.injectAs(adminId, { method: 'POST', url: `/api/admin/system/users/${user.id}/reset-password` });
    const token = (await linkPathFor(user.email)).split('/').pop()!;
    const rows = await t.db
      .selectFrom('user_tokens')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
  });
});
