import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { type AuthOptions, authenticate, bearerToken } from '../plugins/auth.ts';
import type { PublishedEvent } from './outbox.ts';

/** Keep-alive, server timeout and message size of the real-time channel. */
export const HUB_SETTINGS = {
  pingInterval: 15_000,
  pingTimeout: 30_000,
  maxHttpBufferSize: 100_000,
} as const;

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
): Promise<Hub> {
  const io = new Server(server, {
    path: '/hub',
    serveClient: false,
    transports: ['websocket', 'polling'],
    ...HUB_SETTINGS,
  });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (redisUrl) {
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
      .then((session) => {
        socket.data.userId = session.user.id;
        socket.join(`user:${session.user.id}`);
        if (session.organizationId) socket.join(`org:${session.organizationId}`);
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });

  return {
    io,
    emit(event) {
      if (event.rooms.length === 0) return;
      const target = event.connectionId ? io.to(event.rooms).except(event.connectionId) : io.to(event.rooms);
      target.emit(event.type, event.payload);
    },
    /** Ends every connection; the HTTP server itself is closed by Fastify. */
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    },
  };
}
