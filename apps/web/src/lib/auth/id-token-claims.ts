export interface IdTokenClaimsToCheck {
  iss?: unknown;
  aud?: unknown;
  exp?: unknown;
}

export interface IdTokenExpectations {
  issuer: string;
  clientId: string;
  nowSeconds: number;
  leewaySeconds: number;
}

/**
 * The claim checks oidc-client-ts leaves to the application (it checks the nonce itself):
 * issuer, audience and expiry with leeway for clock skew. Returns the problem, or null when valid.
 */
export function checkIdTokenClaims(
  claims: IdTokenClaimsToCheck,
  expected: IdTokenExpectations,
): string | null {
  if (claims.iss !== expected.issuer) return 'The identity token was issued by an unexpected issuer.';
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(expected.clientId)) return 'The identity token was issued for another application.';
  if (typeof claims.exp !== 'number') return 'The identity token has no expiry.';
  if (claims.exp + expected.leewaySeconds < expected.nowSeconds) return 'The identity token has expired.';
  return null;
}
