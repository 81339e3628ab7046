import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/database.ts';
import { buildOrg, buildUser } from '../../test/factories.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';

// A stand-in for an external OpenID provider (Keycloak, Entra ID, Auth0...): it serves discovery metadata
// and a JWKS over real HTTP, and signs tokens the way such providers do (typ JWT, their own audience).
let issuerServer: Server;
let issuer: string;
let database: DatabaseHandle;
let app: Awaited<ReturnType<typeof buildApp>>;
const { privateKey, publicKey } = await generateKeyPair('RS256');

beforeAll(async () => {
  const jwk = { ...(await exportJWK(publicKey)), kid: 'external-1', alg: 'RS256', use: 'sig' };
  issuerServer = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/realms/utility/.well-known/openid-configuration') {
      response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/protocol/openid-connect/certs` }));
    } else if (request.url === '/realms/utility/protocol/openid-connect/certs') {
      response.end(JSON.stringify({ keys: [jwk] }));
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}/realms/utility`;
  database = await openTestDatabase();
  const config = parseConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    OIDC_ISSUER: issuer,
    OIDC_AUDIENCE: 'crossarm-api',
    OIDC_CLIENT_ID: 'crossarm-spa',
  });
  app = await buildApp({ config, db: database.db });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  issuerServer.close();
});

const token = (claims: Record<string, unknown>, options: { audience?: string; issuer?: string } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'external-1', typ: 'JWT' })
    .setIssuer(options.issuer ?? issuer)
    .setAudience(options.audience ?? 'crossarm-api')
    .setSubject(String(claims.sub))
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);

/** `admin/me` with a bearer token. */
const me = (bearer: string) =>
  app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${bearer}` } });

/** The provider subject linked to a user, if any. */
const subjectOf = async (userId: string) =>
  (
    await database.db
      .selectFrom('users')
      .select('identity_subject')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).identity_subject;

describe('an external OpenID provider', () => {
  it('turns the embedded provider off and tells the browser about the external one', async () => {
    expect(
      (await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' })).statusCode,
    ).toBe(404);
    const config = (await app.inject({ method: 'GET', url: '/api/app-config' })).json().data;
    expect(config.oidc).toMatchObject({
      authority: issuer,
      clientId: 'crossarm-spa',
      extraQueryParams: { audience: 'crossarm-api' },
    });
  });

  it('verifies tokens against the discovered keys and links the subject to the user by e-mail once', async () => {
    const org = await buildOrg(database.db);
    const user = await buildUser(database.db, { organizationId: org.id, email: 'kc.user@utility.example' });
    const first = await me(await token({ sub: 'kc-123', email: 'KC.User@utility.example' }));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.user.id).toBe(user.id);
    expect(await subjectOf(user.id)).toBe('kc-123');
    // Later tokens need no e-mail claim: the subject is linked.
    const later = await me(await token({ sub: 'kc-123' }));
    expect(later.json().data.user.id).toBe(user.id);
  });

  it('does not link a subject by an e-mail the provider marks unverified', async () => {
    const org = await buildOrg(database.db);
    const user = await buildUser(database.db, {
      organizationId: org.id,
      email: 'unverified@utility.example',
    });
    const claimed = await token({
      sub: 'kc-claims',
      email: 'unverified@utility.example',
      email_verified: false,
    });
    const res = await me(claimed);
    expect(res.statusCode).toBe(401);
    expect(await subjectOf(user.id)).toBeNull();
    // The same address, verified, links the person.
    const verified = await token({
      sub: 'kc-verified',
      email: 'unverified@utility.example',
      email_verified: true,
    });
    const linked = await me(verified);
    expect(linked.json().data.user.id).toBe(user.id);
  });

  it('refuses another audience, another issuer and unknown people', async () => {
    const wrongAudience = await token({ sub: 'kc-123' }, { audience: 'someone-else' });
    const wrongIssuer = await token({ sub: 'kc-123' }, { issuer: 'http://127.0.0.1:1/realms/other' });
    const stranger = await token({ sub: 'kc-999', email: 'nobody@utility.example' });
    for (const bearer of [wrongAudience, wrongIssuer, stranger]) {
      const res = await me(bearer);
      expect(res.statusCode).toBe(401);
    }
  });
});
