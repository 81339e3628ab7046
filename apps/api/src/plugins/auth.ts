import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/database.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { TokenVerifier } from '../identity/token-verifier.ts';
import { linkSubjectByEmail, loadGrants, loadSessionBySubject } from '../modules/session/repo.ts';
import { buildSession, isUsable, type Session } from '../modules/session/session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** Reachable by a signed-in user who is not (yet) allowed to use the system: inactive or without organization. */
    allowUnusable?: boolean;
  }
  interface FastifyRequest {
    /** The caller; set by the authentication pre-handler on every non-public route. */
    session: Session;
  }
}

/** API routes that are documentation, served to anyone. */
const PUBLIC_API_PREFIXES = ['/api/docs'];

export interface AuthOptions {
  db: Db;
  verifyToken: TokenVerifier;
  /** True with the embedded provider, whose token subject is the user id. */
  subjectIsUserId: boolean;
}

/** The token of an `Authorization: Bearer` header. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves the caller from a bearer token, or throws 401 when the token or its user is not accepted. */
export async function authenticate(
  options: AuthOptions,
  token: string | null,
  log: FastifyBaseLogger,
): Promise<Session> {
  if (!token) throw unauthorized('A bearer token is required.');
  let verified: Awaited<ReturnType<TokenVerifier>>;
  try {
    verified = await options.verifyToken(token);
  } catch (error) {
    log.info({ reason: (error as Error).message }, 'rejected bearer token');
    throw unauthorized('The access token is invalid or expired.');
  }
  // The user and their grants in one statement; a first call through an external provider links the
  // subject to the user with that e-mail first.
  const found = await loadSessionBySubject(options.db, verified.subject, options.subjectIsUserId);
  if (found) {
    if (found.user.status === 'Deleted') throw unauthorized('This account is not known to Crossarm.');
    return buildSession(found.user, found.grants);
  }
  const user =
    !options.subjectIsUserId && verified.email
      ? await linkSubjectByEmail(options.db, verified.subject, verified.email)
      : null;
  if (!user || user.status === 'Deleted') throw unauthorized('This account is not known to Crossarm.');
  return buildSession(user, await loadGrants(options.db, user));
}

/**
 * Every API route is authenticated unless it is marked `config: { public: true }`. The hook attaches the
 * authentication as the route's first `onRequest` hook as routes are declared, so that a request without a
 * valid token is refused before its body is read or checked (reading a large body costs time that only a
 * signed-in caller may spend); the ready check then refuses to start if an API route somehow ended up with
 * neither (for instance, registered where the hook does not reach).
 */
export function registerAuthentication(app: FastifyInstance, options: AuthOptions) {
  const apiRoutes: RouteOptions[] = [];
  async function authenticateRequest(request: FastifyRequest) {
    const session = await authenticate(options, bearerToken(request.headers.authorization), request.log);
    if (!request.routeOptions.config.allowUnusable && !isUsable(session)) {
      throw forbidden('Your account is not active in an organization.');
    }
    request.session = session;
  }

  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    if (!url.startsWith('/api/') && url !== '/api') return;
    apiRoutes.push(route);
    if (route.config?.public || PUBLIC_API_PREFIXES.some((prefix) => url.startsWith(prefix))) {
      // Listed in the OpenAPI document without the bearer requirement.
      route.schema = { ...route.schema, security: [] } as typeof route.schema;
      return;
    }
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [authenticateRequest, ...existing] as typeof route.onRequest;
  });

  app.addHook('onReady', async () => {
    const unguarded = apiRoutes.filter((route) => !isGuarded(route, authenticateRequest));
    if (unguarded.length > 0) {
      const names = unguarded.map((route) => `${[route.method].flat().join(',')} ${route.url}`).join(', ');
      throw new Error(`Refusing to start: routes neither authenticated nor public: ${names}`);
    }
  });
}

function isGuarded(route: RouteOptions, handler: unknown): boolean {
  if (route.config?.public || PUBLIC_API_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return true;
  return [route.onRequest].flat().includes(handler as never);
}
