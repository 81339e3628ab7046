import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Trx } from '../db/database.ts';
import type { Session } from '../modules/session/session.ts';

/** What a service needs from the request: the database, the caller, and the app's side channels. */
export interface ServiceContext {
  db: Db;
  session: Session;
  /** The caller's hub connection, left out of the events this request causes. */
  connectionId: string | null;
  app: FastifyInstance;
}

/**
 * What a hub connection's id looks like (socket.io's are 20 characters of base64url). Anything else, such as
 * a room name (`org:<id>`), is ignored: left out of an event's delivery, it would silence a whole room.
 */
export const CONNECTION_ID = /^[\w-]{1,64}$/;

export function contextOf(request: FastifyRequest): ServiceContext {
  const header = request.headers['x-connection-id'];
  return {
    db: request.server.db,
    session: request.session,
    connectionId: typeof header === 'string' && CONNECTION_ID.test(header) ? header : null,
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
