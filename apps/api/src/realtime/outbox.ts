import { HubEvent } from '@crossarm/shared';
import type { Db, Executor } from '../db/database.ts';
import { insertRows } from '../db/insert-rows.ts';

/** An event others must see, recorded in the same transaction as the write that caused it. */
export interface EventInput {
  type: string;
  /** Delivered to this user's room. */
  userId?: string | null;
  /** Delivered to this organization's room. */
  organizationId?: string | null;
  /**
   * With `organizationId`: delivered only to the organization's members who may see this project's permits
   * (an event about a permit names its project, so that nobody hears of permits they could not open).
   */
  projectId?: string | null;
  /** Also delivered to the room of the pages that have this permit open. */
  permitId?: string | null;
  /** Kept from the pages that have this permit open: they hear the same change through another event. */
  exceptPermitId?: string | null;
  payload?: Record<string, unknown>;
  /** The caller's own hub connection, left out of the broadcast. */
  connectionId?: string | null;
}

export async function recordEvent(db: Executor, event: EventInput) {
  await recordEvents(db, [event]);
}

/** Records many events in one statement, in the order given, whatever their number. */
export async function recordEvents(db: Executor, events: EventInput[]) {
  const rows = events.map((event) => ({
    type: event.type,
    user_id: event.userId ?? null,
    organization_id: event.organizationId ?? null,
    permit_id: event.permitId ?? null,
    project_id: event.projectId ?? null,
    except_permit_id: event.exceptPermitId ?? null,
    payload: event.payload ?? {},
    connection_id: event.connectionId ?? null,
  }));
  await insertRows(
    db,
    'events',
    {
      type: 'text',
      user_id: 'uuid',
      organization_id: 'uuid',
      permit_id: 'uuid',
      project_id: 'uuid',
      except_permit_id: 'uuid',
      payload: 'jsonb',
      connection_id: 'text',
    },
    rows,
  );
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

/** The room of an organization's members who may see a project's permits. */
export function projectRoom(organizationId: string, projectId: string) {
  return `org:${organizationId}:project:${projectId}`;
}

/** The rooms an event row is delivered to. */
function roomsOf(row: {
  user_id: string | null;
  organization_id: string | null;
  project_id: string | null;
  permit_id: string | null;
}) {
  const rooms: string[] = [];
  if (row.user_id) rooms.push(`user:${row.user_id}`);
  if (row.organization_id) {
    rooms.push(
      row.project_id ? projectRoom(row.organization_id, row.project_id) : `org:${row.organization_id}`,
    );
  }
  if (row.permit_id) rooms.push(permitRoom(row.permit_id));
  return rooms;
}

export interface PublishedEvent {
  type: string;
  rooms: string[];
  /** Rooms left out even where a connection is also in one of `rooms`. */
  except: string[];
  payload: Record<string, unknown>;
  connectionId: string | null;
}

export type Emit = (event: PublishedEvent) => void;

const BATCH = 1000;

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
        emit({
          type: row.type,
          rooms: roomsOf(row),
          except: row.except_permit_id ? [permitRoom(row.except_permit_id)] : [],
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
