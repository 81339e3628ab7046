import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import type { TokenVerifier, VerifiedToken } from '../identity/token-verifier.ts';
import {
  linkSubjectByEmail,
  loadGrants,
  loadSessionBySubject,
  SESSION_VERSION_SQL,
} from '../modules/session/repo.ts';
import { buildSession, isUsable, type Session } from '../modules/session/session.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without a token. */
    public?: boolean;
    /** Reachable by a signed-in user who is not (yet) allowed to use the system: inactive or without organization. */
    allowUnusable?: boolean;
    /**
     * The route changes nothing and takes a kept session on trust while its handler runs: the handler
     * confirms it inside the statement it runs anyway (see `SessionCheck`). Never on a route that writes.
     */
    confirmsKeptSession?: boolean;
  }
  interface FastifyRequest {
    /** The caller; set by the authentication pre-handler on every non-public route. */
    session: Session;
    /**
     * Set when `session` was taken from memory, on a route with `confirmsKeptSession`: what the handler's
     * statement checks to confirm it. Null when the session was read for this request.
     */
    sessionCheck: SessionCheck | null;
  }
}

/** Sessions kept between requests, by token subject; the least recently read is dropped first. */
const MAX_KEPT_SESSIONS = 1_000;

/**
 * A session taken from memory, unconfirmed. `holds` is true in a statement while nothing the session was
 * read from has changed since (its session version is the one now); a handler puts it in the statement it
 * runs anyway and calls `confirm()` when it held, or `refresh()` when it did not, which reads the session
 * again and refuses the request as signing in would (401, 403). A handler that did neither has the session
 * read again after it ran, before its answer or its error leaves (see `registerAuthentication`), so an
 * answer never rests on a session nobody confirmed.
 */
export class SessionCheck {
  private confirmedSession: Session | null = null;
  private readAgainChanged = false;

  readonly holds: RawBuilder<boolean>;

  constructor(
    private readonly kept: Session,
    private readonly version: string,
    private readonly reread: () => Promise<{ session: Session; version: string | null }>,
  ) {
    this.holds = sql<boolean>`${SESSION_VERSION_SQL} = ${version}::bigint`;
  }

  get confirmed(): boolean {
    return this.confirmedSession !== null;
  }

  /** Whether the session was read again and found other than the kept one. */
  get changed(): boolean {
    return this.readAgainChanged;
  }

  /** The statement that checked `holds` found it true: the kept session is the caller's session now. */
  confirm() {
    this.confirmedSession = this.kept;
  }

  /** Reads the session afresh (it may have changed, or the caller may no longer be let in). */
  async refresh(): Promise<Session> {
    if (!this.confirmedSession) {
      const fresh = await this.reread();
      this.readAgainChanged = fresh.version !== this.version;
      this.confirmedSession = fresh.session;
    }
    return this.confirmedSession;
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

/** The verified claims of a bearer token, or 401. */
async function verifiedToken(
  options: AuthOptions,
  token: string | null,
  log: FastifyBaseLogger,
): Promise<VerifiedToken> {
  if (!token) throw unauthorized('A bearer token is required.');
  try {
    return await options.verifyToken(token);
  } catch (error) {
    log.info({ reason: (error as Error).message }, 'rejected bearer token');
    throw unauthorized('The access token is invalid or expired.');
  }
}

/**
 * The session of a verified token's subject, with the session version it was read at (null for a subject
 * linked to its user by this call), or 401 when the user is not accepted.
 */
async function readSession(
  options: AuthOptions,
  verified: VerifiedToken,
): Promise<{ session: Session; version: string | null }> {
  // The user and their grants in one statement; a first call through an external provider links the
  // subject to the user with that e-mail first.
  const found = await loadSessionBySubject(options.db, verified.subject, options.subjectIsUserId);
  if (found) {
    if (found.user.status === 'Deleted') throw unauthorized('This account is not known to Crossarm.');
    return { session: buildSession(found.user, found.grants), version: found.version };
  }
  const user =
    !options.subjectIsUserId && verified.email
      ? await linkSubjectByEmail(options.db, verified.subject, verified.email)
      : null;
  if (!user || user.status === 'Deleted') throw unauthorized('This account is not known to Crossarm.');
  return { session: buildSession(user, await loadGrants(options.db, user)), version: null };
}

/** Resolves the caller from a bearer token, or throws 401 when the token or its user is not accepted. */
export async function authenticate(
  options: AuthOptions,
  token: string | null,
  log: FastifyBaseLogger,
): Promise<Session> {
  return (await readSession(options, await verifiedToken(options, token, log))).session;
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
  const keptSessions = new Map<string, { session: Session; version: string }>();

  /** The subject's session read afresh and kept (when usable), or 401/403. */
  async function freshSession(verified: VerifiedToken, allowUnusable: boolean) {
    keptSessions.delete(verified.subject);
    const read = await readSession(options, verified);
    const { session, version } = read;
    if (version !== null && isUsable(session)) {
      keptSessions.set(verified.subject, { session, version });
      if (keptSessions.size > MAX_KEPT_SESSIONS) keptSessions.delete(keptSessions.keys().next().value!);
    }
    if (!allowUnusable && !isUsable(session))
      throw forbidden('Your account is not active in an organization.');
    return read;
  }

  async function authenticateRequest(request: FastifyRequest) {
    const verified = await verifiedToken(options, bearerToken(request.headers.authorization), request.log);
    const config = request.routeOptions.config;
    const kept = config.confirmsKeptSession ? keptSessions.get(verified.subject) : undefined;
    if (kept) {
      // Only usable sessions are kept; the handler confirms this one is still the caller's.
      request.session = kept.session;
      request.sessionCheck = new SessionCheck(kept.session, kept.version, async () => {
        const fresh = await freshSession(verified, config.allowUnusable === true);
        request.session = fresh.session;
        return fresh;
      });
      return;
    }
    request.session = (await freshSession(verified, config.allowUnusable === true)).session;
    request.sessionCheck = null;
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
    if (route.config?.confirmsKeptSession) route.handler = confirmingSession(route.handler);
  });

  app.addHook('onReady', async () => {
    const unguarded = apiRoutes.filter((route) => !isGuarded(route, authenticateRequest));
    if (unguarded.length > 0) {
      const names = unguarded.map((route) => `${[route.method].flat().join(',')} ${route.url}`).join(', ');
      throw new Error(`Refusing to start: routes neither authenticated nor public: ${names}`);
    }
  });
}

/**
 * A read-only route's handler, followed by reading the session again when the handler ran on a kept
 * session it did not confirm: its answer, or its error, is sent only once the session is confirmed. When
 * the caller is no longer let in, the request is refused instead; when the session changed (another
 * organization, other permissions), the handler runs again on the session as it is now.
 */
function confirmingSession(handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function (this: FastifyInstance, request, reply) {
    let answer: unknown;
    let failure: { error: unknown } | null = null;
    try {
      answer = await handler.call(this, request, reply);
    } catch (error) {
      failure = { error };
    }
    const check = request.sessionCheck;
    if (check && !check.confirmed) {
      await check.refresh();
      if (check.changed) {
        request.sessionCheck = null;
        return handler.call(this, request, reply);
      }
    }
    if (failure) throw failure.error;
    return answer;
  };
}

function isGuarded(route: RouteOptions, handler: unknown): boolean {
  if (route.config?.public || PUBLIC_API_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return true;
  return [route.onRequest].flat().includes(handler as never);
}
