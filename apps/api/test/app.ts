import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { importJWK, type JWTPayload, SignJWT } from 'jose';
import { buildApp } from '../src/app.ts';
import { type Config, parseConfig } from '../src/config.ts';
import type { Db } from '../src/db/database.ts';
import { type IdentityKeys, loadIdentityKeys } from '../src/identity/keys.ts';
import { openTestDatabase } from './database.ts';
import { type SignInResult, signInThroughProvider } from './oidc-client.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  keys: IdentityKeys;
  /** A real access token for the user, signed with the embedded provider's key. */
  tokenFor(userId: string, overrides?: TokenOverrides): Promise<string>;
  /** Signs in through the embedded provider's real pages, as the web app does. */
  signIn(email: string, password: string): Promise<SignInResult>;
  /** `app.inject` with the user's bearer token. */
  injectAs(userId: string, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TokenOverrides {
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  typ?: string;
  claims?: JWTPayload;
}

/** The whole server on a fresh database, as `npm start` builds it, with logging off. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  // Each app keeps its files in a directory of its own: test files run side by side and count what they keep.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'crossarm-test-data-'));
  const config = parseConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    DATA_DIR: dataDir,
    WEB_DIST: '/nonexistent/web-dist',
    ...env,
  });
  const keys = await loadIdentityKeys(database.db);
  const app = await buildApp({ config, db: database.db, identityKeys: keys });
  await app.ready();
  const signingKey = keys.signing[0]!;
  const privateKey = await importJWK(signingKey, 'RS256');

  async function tokenFor(userId: string, overrides: TokenOverrides = {}) {
    return new SignJWT({ scope: 'api', client_id: config.identity.clientId, ...overrides.claims })
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: overrides.typ ?? 'at+jwt' })
      .setIssuer(overrides.issuer ?? config.identity.issuer)
      .setAudience(overrides.audience ?? config.identity.audience)
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(overrides.expiresIn ?? '1h')
      .sign(privateKey);
  }

  return {
    app,
    db: database.db,
    config,
    keys,
    tokenFor,
    signIn: (email, password) =>
      signInThroughProvider(app, {
        origin: config.publicUrl,
        clientId: config.identity.clientId,
        audience: config.identity.audience,
        email,
        password,
      }),
    async injectAs(userId, options) {
      const token = await tokenFor(userId);
      return app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } });
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
