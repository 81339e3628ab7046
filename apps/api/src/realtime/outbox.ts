import { HubEvent } from '@crossarm/shared';
import type { Db, Executor } from '../db/database.ts';

/** An event others must see, recorded in the same transaction as the write that caused it. */
export interface EventInput {
  type: string;
  /** Delivered to this user's room. */
  userId?: string | null;
  /** Delivered to this organization's room. */
  organizationId?: string | null;
  /** Also delivered to the room of the pages that have this permit open. */
  permitId?: string | null;
  payload?: Record<string, unknown>;
  /** The caller's own hub connection, left out of the broadcast. */
  connectionId?: string | null;
}

export async function recordEvent(db: Executor, event: EventInput) {
  await db
    .insertInto('events')
    .values({
      type: event.type,
      user_id: event.userId ?? null,
      organization_id: event.organizationId ?? null,
      permit_id: event.permitId ?? null,
      payload: JSON.stringify(event.payload ?? {}),
      connection_id: event.connectionId ?? null,
    })
    .execute();
}

/** Tells a user's open sessions to reload (status, permissions or profile changed). */
export function userSessionInvalid(userId: string, connectionId?: string | null): EventInput {
  return { type: HubEvent.UserSessionInvalid, userId, payload: { userId }, connectionId };
}

/** Tells every open session of an organization to reload. */
export function organizationSessionInvalid(organizationId: string, connectionId?: string | null): EventInput {
  return {
    type: HubEvent.OrganizationSessionInvalid,
    organizationId,
    payload: { organizationId },
    connectionId,
  };
}

/** The room of the hub connections that have a permit open. */
export function permitRoom(permitId: string) {
  return `permit:${permitId}`;
}

export interface PublishedEvent {
  type: string;
  rooms: string[];
  payload: Record<string, unknown>;
  connectionId: string | null;
}

export type Emit = (event: PublishedEvent) => void;

const BATCH = 200;

/**
 * Sends committed events to the hub. `flush` is called after a transaction commits and on a timer as a
 * sweep for anything a crashed instance left behind; SKIP LOCKED lets several instances share the work.
 */
export function createPublisher(db: Db, emit: Emit, sweepMs = 2000) {
  let running: Promise<number> | null = null;
  let again = false;

  async function publishBatch(): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('events')
        .selectAll()
        .where('published_at', 'is', null)
        .orderBy('id')
        .limit(BATCH)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        const rooms = [
          row.user_id && `user:${row.user_id}`,
          row.organization_id && `org:${row.organization_id}`,
          row.permit_id && permitRoom(row.permit_id),
        ];
        emit({
          type: row.type,
          rooms: rooms.filter((room): room is string => Boolean(room)),
          payload: row.payload,
          connectionId: row.connection_id,
        });
      }
      if (rows.length > 0) {
        const ids = rows.map((row) => row.id);
        await trx.updateTable('events').set({ published_at: new Date() }).where('id', 'in', ids).execute();
      }
      return rows.length;
    });
  }

  async function drain(): Promise<number> {
    let total = 0;
    do {
      again = false;
      let sent: number;
      do {
        sent = await publishBatch();
        total += sent;
      } while (sent === BATCH);
    } while (again);
    return total;
  }

  /** Publishes everything pending; concurrent calls coalesce into one drain. */
  function flush(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    flush().catch(() => undefined);
  }, sweepMs);
  timer.unref();

  return {
    flush,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
