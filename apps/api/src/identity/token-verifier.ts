import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import type { IdentityConfig } from '../config.ts';
import { type IdentityKeys, publicJwks } from './keys.ts';

/** The claims the API uses from a verified access token. */
export interface VerifiedToken {
  subject: string;
  /** The e-mail claim, unless the provider marks it unverified. */
  email: string | null;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

const CLOCK_TOLERANCE_SECONDS = 60;

/** How long a verified token is taken on trust again without checking its signature, at most. */
export const VERIFIED_TOKEN_TRUST_MS = 5 * 60_000;
/** Verified tokens kept at once; the oldest is dropped first. */
const MAX_VERIFIED_TOKENS = 2_000;

/**
 * Verifies bearer tokens: signature against the issuer's JWKS, issuer, audience, expiry with 60 s leeway,
 * and only the configured algorithms. The embedded provider's keys are read locally; an external
 * provider's JWKS is discovered from its metadata and cached by jose.
 *
 * A browser sends the same token with every call until it renews it, and checking an RS256 signature costs
 * about a millisecond, so a token once verified is taken again as it is (the same string, so the same
 * claims) until it expires, for five minutes at most. Who the subject is, and whether they may still sign
 * in, is read from the database on every request all the same (on a few read-only routes, by checking in
 * the route's own statement that nothing it was read from has changed; see `SessionCheck`).
 */
export function createTokenVerifier(
  identity: IdentityConfig,
  algorithms: string[],
  embeddedKeys: IdentityKeys | null,
): TokenVerifier {
  let keySet: JWTVerifyGetKey | null = embeddedKeys ? createLocalJWKSet(publicJwks(embeddedKeys)) : null;
  const acceptedTypes = identity.mode === 'external' ? identity.acceptedTypes : ['at+jwt'];
  const verified = new Map<string, { token: VerifiedToken; until: number }>();

  return async (token) => {
    const kept = verified.get(token);
    if (kept && Date.now() < kept.until) return kept.token;
    verified.delete(token);
    const fresh = await verify(token);
    const expiresAt = (Number(fresh.claims.exp) + CLOCK_TOLERANCE_SECONDS) * 1000;
    verified.set(token, { token: fresh, until: Math.min(expiresAt, Date.now() + VERIFIED_TOKEN_TRUST_MS) });
    if (verified.size > MAX_VERIFIED_TOKENS) verified.delete(verified.keys().next().value!);
    return fresh;
  };

  async function verify(token: string): Promise<VerifiedToken> {
    keySet ??= await discoverRemoteKeySet(identity.issuer);
    const { payload, protectedHeader } = await jwtVerify(token, keySet, {
      issuer: identity.issuer,
      audience: identity.audience,
      algorithms,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp'],
    });
    if (!acceptedTypes.some((typ) => typ.toLowerCase() === (protectedHeader.typ ?? 'JWT').toLowerCase())) {
      throw new Error(`token type ${protectedHeader.typ ?? '(none)'} is not accepted`);
    }
    // An address the provider says it has not verified (`email_verified: false`, as providers that let
    // anyone sign up send it) is not taken: anyone could claim a colleague's address there. Providers that
    // leave the claim out of access tokens vouch for the address by sending it.
    const email =
      typeof payload.email === 'string' && payload.email_verified !== false
        ? payload.email.toLowerCase()
        : null;
    return { subject: String(payload.sub), email, claims: payload };
  }
}

async function discoverRemoteKeySet(issuer: string): Promise<JWTVerifyGetKey> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`issuer metadata answered ${response.status}`);
  const metadata = (await response.json()) as { jwks_uri?: string };
  if (!metadata.jwks_uri) throw new Error('issuer metadata has no jwks_uri');
  return createRemoteJWKSet(new URL(metadata.jwks_uri));
}
