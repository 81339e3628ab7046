import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Db } from '../db/database.ts';
import { attemptLogin, type LoginLimits } from './login.ts';
import { loginPage, messagePage } from './pages.ts';
import { registerPasswordPages } from './password-pages.ts';
import { API_SCOPE, identityPageCsp } from './provider.ts';

export interface IdentityRouteOptions {
  db: Db;
  provider: Provider;
  clientId: string;
  audience: string;
  appOrigin: string;
  limits: LoginLimits;
}

/**
 * Mounts the embedded provider at /oidc: our own sign-in pages for its interactions, and the provider's
 * endpoints (discovery, authorize, token, JWKS, logout) handed the raw request untouched.
 */
export async function registerIdentityRoutes(app: FastifyInstance, options: IdentityRouteOptions) {
  await app.register(async (scope) => registerInteractions(scope, options));
  await app.register(async (scope) => registerPasswordPages(scope, options));
  await app.register(async (scope) => mountProvider(scope, options.provider));
}

async function registerInteractions(app: FastifyInstance, options: IdentityRouteOptions) {
  const { provider } = options;
  await app.register(formbody);

  const expired = (reply: FastifyReply) =>
    reply
      .status(400)
      .type('text/html')
      .send(
        messagePage('Sign-in expired', 'This sign-in page has expired. Start again from Crossarm.', {
          href: `${options.appOrigin}/`,
          label: 'Back to Crossarm',
        }),
      );

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
    if (!details || details.uid !== request.params.uid) return expired(reply);
    if (
      details.prompt.name === 'consent' &&
      details.session &&
      details.params.client_id === options.clientId
    ) {
      const scope = String(details.params.scope ?? 'openid');
      const grantId = await grantFor(
        provider,
        {
          accountId: details.session.accountId,
          clientId: options.clientId,
          existingGrantId: details.grantId,
        },
        scope,
        options.audience,
      );
      return finish(provider, request, reply, { consent: { grantId } });
    }
    reply.header('cache-control', 'no-store');
    return reply.type('text/html').send(loginPage({ action: `/oidc/interaction/${details.uid}/login` }));
  });

  app.post<{ Params: { uid: string }; Body: { email?: string; password?: string } }>(
    '/oidc/interaction/:uid/login',
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw).catch(() => null);
      if (!details || details.uid !== request.params.uid || details.prompt.name !== 'login')
        return expired(reply);
      const email = String(request.body?.email ?? '').trim();
      const password = String(request.body?.password ?? '');
      const action = `/oidc/interaction/${details.uid}/login`;
      if (!email || !password) {
        return reply
          .status(400)
          .type('text/html')
          .send(loginPage({ action, email, error: 'Enter your e-mail address and password.' }));
      }
      const outcome = await attemptLogin(options.db, { email, password, ip: request.ip }, options.limits);
      if (!outcome.ok) {
        reply.header('cache-control', 'no-store');
        return reply
          .status(outcome.reason === 'throttled' ? 429 : 401)
          .type('text/html')
          .send(loginPage({ action, email, error: outcome.message }));
      }
      const result: Record<string, unknown> = { login: { accountId: outcome.userId } };
      if (details.params.client_id === options.clientId) {
        const scope = String(details.params.scope ?? 'openid');
        result.consent = {
          grantId: await grantFor(
            provider,
            { accountId: outcome.userId, clientId: options.clientId, existingGrantId: details.grantId },
            scope,
            options.audience,
          ),
        };
      }
      return finish(provider, request, reply, result);
    },
  );
}

/**
 * Crossarm's own web client is first-party: the grant (the OpenID scopes asked for and the API audience) is
 * made here instead of asking the user to consent.
 */
async function grantFor(
  provider: Provider,
  owner: { accountId: string; clientId: string; existingGrantId: string | undefined },
  scope: string,
  audience: string,
) {
  const { accountId, clientId, existingGrantId } = owner;
  const grant =
    (existingGrantId ? await provider.Grant.find(existingGrantId) : undefined) ??
    new provider.Grant({ accountId, clientId });
  grant.addOIDCScope(scope);
  grant.addResourceScope(audience, API_SCOPE);
  return grant.save();
}

async function finish(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  result: Record<string, unknown>,
) {
  const target = await provider.interactionResult(request.raw, reply.raw, result, {
    mergeWithLastSubmission: true,
  });
  return reply.header('cache-control', 'no-store').redirect(target, 303);
}

async function mountProvider(app: FastifyInstance, provider: Provider) {
  // The provider reads its own request bodies: Fastify must leave the stream alone here.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const callback = provider.callback();
  const csp = identityPageCsp();
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    reply.raw.setHeader('content-security-policy', csp);
    const raw = request.raw as typeof request.raw & { originalUrl?: string };
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').replace(/^\/oidc/, '') || '/';
    await callback(raw, reply.raw);
  };
  app.all('/oidc', handler);
  app.all('/oidc/*', handler);
}
