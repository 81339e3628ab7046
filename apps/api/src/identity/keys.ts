import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface IdentityKeys {
  /** Private signing JWKs, newest first; the provider signs with the first. */
  signing: JWK[];
  /** Cookie signing secrets, newest first. */
  cookies: string[];
}

const KEYS_LOCK = 7_261_121;

/**
 * Loads the provider's keys, creating them on first start. They live in the database so that tokens and
 * cookies stay valid across restarts and across instances; an advisory lock makes sure that instances
 * starting together create one set.
 */
export async function loadIdentityKeys(db: Db): Promise<IdentityKeys> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${KEYS_LOCK})`.execute(trx);
    const rows = await trx.selectFrom('identity_keys').selectAll().orderBy('created_at', 'desc').execute();
    let signing = rows.filter((row) => row.kind === 'signing').map((row) => row.material as JWK);
    let cookies = rows.filter((row) => row.kind === 'cookie').map((row) => String(row.material.secret));
    if (signing.length === 0) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const kid = randomBytes(8).toString('hex');
      const jwk: JWK = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid };
      await trx
        .insertInto('identity_keys')
        .values({ kind: 'signing', material: JSON.stringify(jwk) })
        .execute();
      signing = [jwk];
    }
    if (cookies.length === 0) {
      const secret = randomBytes(32).toString('base64url');
      await trx
        .insertInto('identity_keys')
        .values({ kind: 'cookie', material: JSON.stringify({ secret }) })
        .execute();
      cookies = [secret];
    }
    return { signing, cookies };
  });
}

const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'crv', 'x', 'y', 'kid', 'alg', 'use'] as const;

/** The public half of the signing keys, as published in the JWKS. */
export function publicJwks(keys: IdentityKeys): { keys: JWK[] } {
  return {
    keys: keys.signing.map((jwk) => {
      const entries = PUBLIC_MEMBERS.filter((name) => jwk[name] !== undefined).map((name) => [
        name,
        jwk[name],
      ]);
      return Object.fromEntries(entries) as JWK;
    }),
  };
}
