import type { Server as HttpServer } from 'node:http';
import { HubEvent } from '@crossarm/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { CONNECTION_ID } from '../http/context.ts';
import { AppError } from '../http/errors.ts';
import { isUsable, type Session } from '../modules/session/session.ts';
import { type AuthOptions, authenticate, bearerToken } from '../plugins/auth.ts';
import { type PublishedEvent, permitRoom, projectRoom } from './outbox.ts';

/** Keep-alive, server timeout and message size of the real-time channel. */
export const HUB_SETTINGS = {
  pingInterval: 15_000,
  pingTimeout: 30_000,
  maxHttpBufferSize: 100_000,
} as const;

/** What the hub asks of the permits module about a connection's user. */
export interface HubAccess {
  /** Whether the user may follow a permit's room (the same visibility as reading it). */
  canFollowPermit(session: Session, permitId: string): Promise<boolean>;
  /** The projects whose permits the user may see, whose events they hear in their organization. */
  permitProjects(session: Session): Promise<string[]>;
}

const NO_ACCESS: HubAccess = {
  canFollowPermit: async () => false,
  permitProjects: async () => [],
};

const SESSION_EVENTS = new Set<string>([HubEvent.UserSessionInvalid, HubEvent.OrganizationSessionInvalid]);

/** Ends a connection when the token it was opened with expires; the client reconnects with a fresh one. */
function endAtExpiry(socket: Socket, token: string | null) {
  const payload = token?.split('.')[1];
  if (!payload) return;
  let exp: unknown;
  try {
    exp = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).exp;
  } catch {
    return;
  }
  if (typeof exp !== 'number') return;
  // setTimeout holds at most about 24.8 days.
  const wait = Math.min(Math.max(0, exp * 1000 - Date.now()), 2_147_483_647);
  const timer = setTimeout(() => socket.disconnect(), wait);
  socket.on('disconnect', () => clearTimeout(timer));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Hub {
  io: Server;
  emit(event: PublishedEvent): void;
  close(): Promise<void>;
}

/**
 * The real-time hub at /hub. A connection authenticates with the same bearer token as the API (in the
 * handshake's `auth.token` or an Authorization header) and joins its user's and organization's rooms.
 * With REDIS_URL, rooms span every API instance.
 */
export async function createHub(
  server: HttpServer,
  auth: AuthOptions,
  log: FastifyBaseLogger,
  redisUrl?: string,
  access: HubAccess = NO_ACCESS,
): Promise<Hub> {
  const io = new Server(server, {
    path: '/hub',
    serveClient: false,
    transports: ['websocket', 'polling'],
    ...HUB_SETTINGS,
  });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (redisUrl) {
    // Loaded only when servers share the hub through Redis.
    const [{ createAdapter }, { createClient }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('redis'),
    ]);
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redisClients.push(pub, sub);
  }

  io.use((socket, next) => {
    const handshakeToken =
      typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    const token = handshakeToken ?? bearerToken(socket.handshake.headers.authorization);
    authenticate(auth, token, log)
      .then(async (session) => {
        socket.data.userId = session.user.id;
        socket.data.session = session;
        const rooms = [`user:${session.user.id}`];
        // Someone who may not use the system (Inactive, or without an organization) hears only about
        // themselves, so that being let back in still reloads their page. A member hears about the permits
        // of the projects whose permits they may see; a change of those permissions ends the connection
        // (a session event), and the rooms are decided again when it comes back.
        const organizationId = session.organizationId;
        if (organizationId && isUsable(session)) {
          rooms.push(`org:${organizationId}`);
          const projects = await access.permitProjects(session);
          socket.data.permitProjects = projectsKey(projects);
          for (const projectId of projects) rooms.push(projectRoom(organizationId, projectId));
        }
        socket.join(rooms);
        endAtExpiry(socket, token);
        next();
      })
      .catch((error: unknown) => {
        // A refused token is the caller's; anything else (the database, say) is ours, and is logged.
        if (error instanceof AppError && error.status === 401) return next(new Error('unauthorized'));
        log.warn({ err: error }, 'hub connection could not be set up');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket) => {
    followPermits(socket, access.canFollowPermit, log);
    recheckRooms(socket, access, log);
  });

  return {
    io,
    emit(event) {
      if (event.rooms.length === 0) return;
      const except = [...event.except];
      if (event.connectionId && CONNECTION_ID.test(event.connectionId)) except.push(event.connectionId);
      const target = except.length > 0 ? io.to(event.rooms).except(except) : io.to(event.rooms);
      target.emit(event.type, event.payload);
      // What a user or an organization may do changed: their connections end once they have heard it, and
      // come back (the web app reconnects at once) with rooms decided for the user as they now stand, so a
      // deactivated user, or one moved to another organization, stops hearing what is no longer theirs.
      if (SESSION_EVENTS.has(event.type)) io.in(event.rooms).disconnectSockets();
    },
    /** Ends every connection; the HTTP server itself is closed by Fastify. */
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}

const projectsKey = (projects: readonly string[]) => [...projects].sort().join(',');

/**
 * A session event published while a connection was being set up found no connection to end (it is not one
 * until it has connected). So once connected, the projects are read again; if they moved meanwhile, the
 * connection ends and the client comes back with rooms decided afresh.
 */
export function recheckRooms(socket: Socket, access: HubAccess, log: FastifyBaseLogger) {
  const session = socket.data.session as Session | undefined;
  const joined = socket.data.permitProjects as string | undefined;
  if (!session || joined === undefined) return;
  access
    .permitProjects(session)
    .then((projects) => {
      if (projectsKey(projects) !== joined) socket.disconnect();
    })
    .catch((error: unknown) => log.warn({ err: error }, 'hub rooms could not be checked again'));
}

type Ack = (reply: { ok: boolean }) => void;

/** The id of a subscribe message `{ permitId }`, or null when the message is not one. */
function permitIdOf(message: unknown): string | null {
  if (typeof message !== 'object' || message === null || !('permitId' in message)) return null;
  const { permitId } = message;
  return typeof permitId === 'string' && UUID.test(permitId) ? permitId : null;
}

/**
 * A permit page joins its permit's room with `subscribe { permitId }` and leaves with `unsubscribe`. The
 * check runs on every subscribe, so a user who lost access (or never had it) is refused.
 */
function followPermits(socket: Socket, canSeePermit: HubAccess['canFollowPermit'], log: FastifyBaseLogger) {
  const reply = (ack: unknown, ok: boolean) => {
    if (typeof ack === 'function') (ack as Ack)({ ok });
  };
  socket.on('subscribe', (message: unknown, ack: unknown) => {
    const permitId = permitIdOf(message);
    const session = socket.data.session as Session | undefined;
    if (!permitId || !session) return reply(ack, false);
    canSeePermit(session, permitId)
      .then(async (allowed) => {
        if (allowed) await socket.join(permitRoom(permitId));
        reply(ack, allowed);
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'permit room check failed');
        reply(ack, false);
      });
  });
  socket.on('unsubscribe', (message: unknown, ack: unknown) => {
    const permitId = permitIdOf(message);
    if (permitId) socket.leave(permitRoom(permitId));
    reply(ack, Boolean(permitId));
  });
}
