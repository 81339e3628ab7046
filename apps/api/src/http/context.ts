import { isTimeZone } from '@crossarm/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Trx } from '../db/database.ts';
import type { Session } from '../modules/session/session.ts';
import type { SessionCheck } from '../plugins/auth.ts';
import { badRequest } from './errors.ts';

/** What a service needs from the request: the database, the caller, and the app's side channels. */
export interface ServiceContext {
  db: Db;
  session: Session;
  /**
   * Set when `session` was kept from an earlier request and is not yet confirmed (only on read-only routes
   * that confirm it in their own statement; see `SessionCheck`).
   */
  sessionCheck?: SessionCheck | null;
  /** The caller's hub connection, left out of the events this request causes. */
  connectionId: string | null;
  /** The caller's IANA time zone (`X-Timezone`, UTC when not sent): the calendar days of its filters and files. */
  timeZone: string;
  app: FastifyInstance;
}

/**
 * What a hub connection's id looks like (socket.io's are 20 characters of base64url). Anything else, such as
 * a room name (`org:<id>`), is ignored: left out of an event's delivery, it would silence a whole room.
 */
export const CONNECTION_ID = /^[\w-]{1,64}$/;

/** The caller's time zone from `X-Timezone`: UTC when not sent, 400 when it names no zone. */
export function timeZoneOf(request: FastifyRequest): string {
  const header = request.headers['x-timezone'];
  if (header === undefined || header === '') return 'UTC';
  if (typeof header === 'string' && isTimeZone(header)) return header;
  throw badRequest('The X-Timezone header names no known time zone.', [
    { field: 'headers.x-timezone', message: 'An IANA time zone, such as America/Chicago' },
  ]);
}

export function contextOf(request: FastifyRequest): ServiceContext {
  const header = request.headers['x-connection-id'];
  return {
    db: request.server.db,
    session: request.session,
    sessionCheck: request.sessionCheck ?? null,
    connectionId: typeof header === 'string' && CONNECTION_ID.test(header) ? header : null,
    timeZone: timeZoneOf(request),
    app: request.server,
  };
}

/**
 * Runs a write in one transaction; after it commits, publishes the events and sends the mail it recorded.
 * A failure anywhere inside rolls back everything, including the events and the mail.
 */
export async function transact<T>(ctx: ServiceContext, work: (trx: Trx) => Promise<T>): Promise<T> {
  const result = await ctx.db.transaction().execute(work);
  await Promise.all([ctx.app.events.flush(), ctx.app.mailer.flush()]).catch((error: unknown) => {
    // Committed work stays committed; the periodic sweeps deliver what this flush could not.
    ctx.app.log.warn({ err: error }, 'delivering events or mail after commit failed');
  });
  return result;
}
