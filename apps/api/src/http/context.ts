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

export function contextOf(request: FastifyRequest): ServiceContext {
  const header = request.headers['x-connection-id'];
  return {
    db: request.server.db,
    session: request.session,
    connectionId: typeof header === 'string' && header.length <= 100 ? header : null,
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
