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
  email: string | null;
  claims: JWTPayload;
}

export type TokenVerifier = (token: string) => Promise<VerifiedToken>;

const CLOCK_TOLERANCE_SECONDS = 60;

/**
 * Verifies bearer tokens: signature against the issuer's JWKS, issuer, audience, expiry with 60 s leeway,
 * and only the configured algorithms. The embedded provider's keys are read locally; an external
 * provider's JWKS is discovered from its metadata and cached by jose.
 */
export function createTokenVerifier(
  identity: IdentityConfig,
  algorithms: string[],
  embeddedKeys: IdentityKeys | null,
): TokenVerifier {
  let keySet: JWTVerifyGetKey | null = embeddedKeys ? createLocalJWKSet(publicJwks(embeddedKeys)) : null;
  const acceptedTypes = identity.mode === 'external' ? identity.acceptedTypes : ['at+jwt'];

  return async (token) => {
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
    const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
    return { subject: String(payload.sub), email, claims: payload };
  };
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
