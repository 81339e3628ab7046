import { createHash } from 'node:crypto';
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { createAdapterFactory } from './adapter.ts';
import type { IdentityKeys } from './keys.ts';
import { messagePage, page } from './pages.ts';

export interface ProviderOptions {
  db: Db;
  issuer: string;
  audience: string;
  clientId: string;
  /** The browser-facing origin of the web app: its redirect and post-logout URIs live there. */
  appOrigin: string;
  keys: IdentityKeys;
  /** Trust X-Forwarded-* headers (behind a load balancer). */
  proxy: boolean;
}

const HOUR = 3600;

/** The sign-out page submits its form at once; the script is allowed by its hash (see identityPageCsp). */
const LOGOUT_SCRIPT =
  "addEventListener('DOMContentLoaded',function(){document.getElementById('op.logoutForm').submit()})";

/**
 * The content security policy of the provider's own pages: nothing from elsewhere, inline styles for their
 * look, and no script but the sign-out page's, pinned by its hash.
 */
export function identityPageCsp(): string {
  const hash = createHash('sha256').update(LOGOUT_SCRIPT).digest('base64');
  return [
    "default-src 'self'",
    `script-src 'sha256-${hash}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "object-src 'none'",
  ].join('; ');
}
const DAY = 24 * HOUR;

/** The scope the access tokens carry for the Crossarm API. */
export const API_SCOPE = 'api';

/**
 * The embedded OpenID Connect provider: authorization code with PKCE for the public web client, JWT access
 * tokens for the API audience, refresh tokens, RP-initiated logout, and state kept in the database.
 */
export function createProvider(options: ProviderOptions): Provider {
  const { db, audience } = options;
  const configuration: Configuration = {
    adapter: createAdapterFactory(db),
    clients: [
      {
        client_id: options.clientId,
        client_name: 'Crossarm',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${options.appOrigin}/sign-in`, `${options.appOrigin}/silent-callback.html`],
        post_logout_redirect_uris: [`${options.appOrigin}/`, `${options.appOrigin}/sign-in`],
      },
    ],
    jwks: { keys: options.keys.signing as never },
    cookies: { keys: options.keys.cookies, long: { signed: true }, short: { signed: true } },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    async findAccount(_ctx, id) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'email', 'first_name', 'last_name', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!user || user.status === 'Deleted') return undefined;
      return {
        accountId: user.id,
        claims: () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          name: `${user.first_name} ${user.last_name}`.trim(),
          given_name: user.first_name,
          family_name: user.last_name,
        }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          // First-party client: sign out at once instead of asking again.
          ctx.body = page(
            'Signing out',
            `<h1>Signing out…</h1>${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<noscript><button type="submit" form="op.logoutForm">Sign out</button></noscript>`,
            `<script>${LOGOUT_SCRIPT}</script>`,
          );
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.body = messagePage('Signed out', 'You have been signed out of Crossarm.', {
            href: `${options.appOrigin}/`,
            label: 'Back to Crossarm',
          });
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => audience,
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPE,
            audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: HOUR,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    pkce: { required: () => true },
    ttl: {
      AccessToken: HOUR,
      AuthorizationCode: 60,
      IdToken: HOUR,
      Interaction: HOUR,
      Grant: 14 * DAY,
      Session: 14 * DAY,
      RefreshToken: 14 * DAY,
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in problem', String(out.error_description ?? out.error), {
        href: `${options.appOrigin}/`,
        label: 'Back to Crossarm',
      });
    },
    clientBasedCORS: (_ctx, origin) => origin === options.appOrigin,
    rotateRefreshToken: true,
  };
  const provider = new Provider(options.issuer, configuration);
  provider.proxy = options.proxy;
  return provider;
}
