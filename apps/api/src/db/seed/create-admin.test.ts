import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createAdmin } from './create-admin.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('create-admin', () => {
  it('creates an Active system administrator who can sign in and holds every system permission', async () => {
    const result = await createAdmin(t.db, {
      email: 'Root@Utility.example',
      organizationName: 'Crossarm Operations',
    });
    expect(result.created).toBe(true);
    expect(result.generatedPassword).toHaveLength(16);
    const signIn = await t.signIn('root@utility.example', result.generatedPassword!);
    expect(signIn.status).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${signIn.tokens!.access_token}` },
    });
    expect(me.json().data.systemPermissions).toHaveLength(9);
    expect(me.json().data.organization.name).toBe('Crossarm Operations');
  });

  it('promotes an existing user instead of creating a second one', async () => {
    await createAdmin(t.db, {
      email: 'ops@utility.example',
      password: 'first-password-123',
      organizationName: 'Ops',
    });
    const again = await createAdmin(t.db, {
      email: 'ops@utility.example',
      password: 'second-password-123',
      organizationName: 'Ops',
    });
    expect(again.created).toBe(false);
    const users = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'ops@utility.example')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('rejects a bad e-mail or a short password and writes nothing', async () => {
    await expect(createAdmin(t.db, { email: 'not-an-email', organizationName: 'X' })).rejects.toThrow(
      'not an e-mail',
    );
    await expect(
      createAdmin(t.db, { email: 'a@b.example', password: 'short', organizationName: 'X' }),
    ).rejects.toThrow('12 characters');
    const orgs = await t.db.selectFrom('organizations').select('id').where('name', '=', 'X').execute();
    expect(orgs).toEqual([]);
  });
});
