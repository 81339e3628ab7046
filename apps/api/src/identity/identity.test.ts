import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildOrg, buildUser } from '../../test/factories.ts';
import { buildApp } from '../app.ts';

const PASSWORD = 'correct horse battery staple';
let t: TestApp;
let orgId: string;

beforeAll(async () => {
  t = await createTestApp();
  orgId = (await buildOrg(t.db)).id;
});
afterAll(() => t.close());

const signIn = (email: string, password: string) => t.signIn(email, password);

describe('the embedded OpenID provider', () => {
  it('publishes discovery metadata and a JWKS without private key material', async () => {
    const discovery = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(200);
    const metadata = discovery.json();
    expect(metadata.issuer).toBe('http://localhost:3000/oidc');
    expect(metadata.code_challenge_methods_supported).toContain('S256');
    const jwks = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    const [key] = jwks.json().keys;
    expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(key.d).toBeUndefined();
  });

  it('shows our sign-in page with email and password fields and a Sign in button', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: PASSWORD });
    const result = await signIn(user.email, 'wrong password');
    expect(result.status).toBe(401);
    expect(result.body).toContain('name="email"');
    expect(result.body).toContain('name="password"');
    expect(result.body).toContain('>Sign in</button>');
    expect(result.body).toContain('Crossarm');
  });

  it('signs in with the code flow and PKCE and issues JWT access tokens the API accepts', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: PASSWORD, firstName: 'Ada' });
    const result = await signIn(user.email.toUpperCase(), PASSWORD);
    expect(result.status).toBe(200);
    const tokens = result.tokens!;
    expect(decodeProtectedHeader(tokens.access_token).typ).toBe('at+jwt');
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      sub: user.id,
      aud: 'urn:crossarm:api',
      iss: 'http://localhost:3000/oidc',
    });
    expect(decodeJwt(tokens.id_token)).toMatchObject({
      sub: user.id,
      email: user.email,
      given_name: 'Ada',
      nonce: 'nonce-1',
    });
    expect(tokens.refresh_token).toBeTruthy();

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.user.id).toBe(user.id);
    const row = await t.db
      .selectFrom('users')
      .select('last_sign_in_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_sign_in_at).toBeInstanceOf(Date);

    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: t.config.identity.clientId,
        refresh_token: tokens.refresh_token!,
      }).toString(),
    });
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().access_token).sub).toBe(user.id);
  });

  it('does not say whether the e-mail or the password was wrong', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: PASSWORD });
    const wrongPassword = await signIn(user.email, 'nope');
    const wrongEmail = await signIn('nobody@example.test', PASSWORD);
    const message = 'The e-mail address or password is incorrect.';
    expect(wrongPassword.body).toContain(message);
    expect(wrongEmail.body).toContain(message);
    expect(wrongPassword.tokens).toBeUndefined();
  });

  it('refuses sign-in after repeated failures, even with the right password, without locking others out', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: PASSWORD });
    for (let attempt = 0; attempt < t.config.login.maxFailures; attempt++) {
      expect((await signIn(user.email, `guess-${attempt}`)).status).toBe(401);
    }
    const blocked = await signIn(user.email, PASSWORD);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toContain('Too many failed sign-in attempts');
    await t.db.deleteFrom('login_failures').execute();
    const other = await buildUser(t.db, { organizationId: orgId, password: PASSWORD });
    expect((await signIn(other.email, PASSWORD)).status).toBe(200);
  });

  it('refuses deleted users and turns an invited user Active on first sign-in', async () => {
    const deleted = await buildUser(t.db, { organizationId: orgId, password: PASSWORD, status: 'Deleted' });
    expect((await signIn(deleted.email, PASSWORD)).status).toBe(401);
    const invited = await buildUser(t.db, { organizationId: orgId, password: PASSWORD, status: 'Invited' });
    expect((await signIn(invited.email, PASSWORD)).status).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', invited.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('Active');
  });

  it('stores hashed passwords, never the password itself', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: PASSWORD });
    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('signs out through RP-initiated logout and returns to the app origin', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: PASSWORD });
    const { tokens, jar } = await signIn(user.email, PASSWORD);
    const query = new URLSearchParams({
      id_token_hint: tokens!.id_token,
      post_logout_redirect_uri: `${t.config.publicUrl}/`,
      client_id: t.config.identity.clientId,
    });
    const page = await t.app.inject({
      method: 'GET',
      url: `/oidc/session/end?${query}`,
      headers: { cookie: jar.header() },
    });
    expect(page.statusCode).toBe(200);
    jar.store(page.headers['set-cookie']);
    const action = /action="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    expect(page.body).toContain('name="logout" value="yes"');
    // The page submits itself: its inline script must be allowed by the policy, by hash.
    const script = /<script>(.*?)<\/script>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(script).digest('base64');
    expect(page.headers['content-security-policy']).toContain(`script-src 'sha256-${hash}'`);
    const done = await t.app.inject({
      method: 'POST',
      url: action.replace(t.config.publicUrl, ''),
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${t.config.publicUrl}/`);
    const sessions = await t.db
      .selectFrom('identity_payloads')
      .select('id')
      .where('model', '=', 'Session')
      .execute();
    jar.store(done.headers['set-cookie']);
    expect(sessions.filter((session) => jar.header().includes(session.id))).toEqual([]);
  });

  it('keeps signing keys and sessions in the database, so a restarted server accepts earlier tokens', async () => {
    const user = await buildUser(t.db, { organizationId: orgId, password: PASSWORD });
    const { tokens } = await signIn(user.email, PASSWORD);
    const restarted = await buildApp({ config: t.config, db: t.db });
    try {
      const me = await restarted.inject({
        method: 'GET',
        url: '/api/admin/me',
        headers: { authorization: `Bearer ${tokens!.access_token}` },
      });
      expect(me.statusCode).toBe(200);
      const refreshed = await restarted.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'refresh_token',
          client_id: t.config.identity.clientId,
          refresh_token: tokens!.refresh_token!,
        }).toString(),
      });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await restarted.close();
    }
  });
});
