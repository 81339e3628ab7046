import type { AppConfig } from '@crossarm/shared';
import {
  InMemoryWebStorage,
  type OidcMetadata,
  type UserManagerSettings,
  WebStorageStateStore,
} from 'oidc-client-ts';

export type OidcConfig = AppConfig['oidc'];

/** The three URIs registered for this client with the identity provider. */
export function redirectUris(origin: string) {
  return {
    redirect_uri: `${origin}/sign-in`,
    silent_redirect_uri: `${origin}/silent-callback.html`,
    post_logout_redirect_uri: `${origin}/`,
  };
}

/** Loads the provider's discovery document once, so its issuer and token endpoint are known up front. */
export async function fetchOidcMetadata(
  authority: string,
  timeoutMs: number,
): Promise<Partial<OidcMetadata>> {
  const url = `${authority.replace(/\/+$/, '')}/.well-known/openid-configuration`;
  const response = await fetch(url, {
    signal: AbortSignal.timeout(timeoutMs),
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`The sign-in service is unavailable (${response.status}).`);
  return (await response.json()) as Partial<OidcMetadata>;
}

export function buildUserManagerSettings(
  config: OidcConfig,
  metadata: Partial<OidcMetadata>,
): UserManagerSettings {
  return {
    authority: config.authority,
    metadata,
    client_id: config.clientId,
    scope: config.scope,
    extraQueryParams: config.extraQueryParams,
    ...redirectUris(window.location.origin),
    response_type: 'code',
    // Profile and e-mail come from the ID token; the access token only carries the API scope.
    loadUserInfo: false,
    // Tokens are kept in memory only; the sign-in transaction survives the redirect in sessionStorage.
    userStore: new WebStorageStateStore({ store: new InMemoryWebStorage() }),
    stateStore: new WebStorageStateStore({ prefix: 'crossarm.oidc.', store: window.sessionStorage }),
    automaticSilentRenew: true,
    silentRequestTimeoutInSeconds: 10,
    accessTokenExpiringNotificationTimeInSeconds: 60,
    monitorSession: false,
    revokeTokensOnSignout: false,
  };
}
