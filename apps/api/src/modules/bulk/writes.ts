import type { NotificationEventType, PermitActivityKind } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { notifyOrganizations, type PermitRow } from '../permits/lifecycle.ts';
import { bulkPayloads } from '../permits/lifecycle-hold.ts';
import { type ActivityEntry, insertActivity } from '../permits/repo.ts';

// How a bulk action records what it changed, in its transaction and set-wise: the activity entries of every
// permit in as few statements as the parameter limit allows, each permit's last activity time in one
// statement, one event per permit to the pages that have it open, and one bulk event per organization
// listing only the permits that organization sees.

/** Rows per insert of events (six columns each), under the driver's parameter limit. */
const EVENT_CHUNK = 2000;

/** How many refusals a 409 names before it counts the rest. */
const NAMED_REFUSALS = 20;

/** Refuses (409) the whole action when any permit refuses it, naming them; nothing has been written. */
export function refuseAny(refusals: string[], what: string) {
  if (refusals.length === 0) return;
  const named = refusals.slice(0, NAMED_REFUSALS).join(', ');
  const more = refusals.length > NAMED_REFUSALS ? ` and ${refusals.length - NAMED_REFUSALS} more` : '';
  throw conflict(`${what}; nothing was changed. Not allowed: ${named}${more}.`);
}

export interface BulkRecord {
  entries: ActivityEntry[];
  /** The permits changed, for the last activity time, their pages and the bulk event. */
  permits: PermitRow[];
  /** The event the pages of each permit hear. */
  permitKind: PermitActivityKind;
  /** The event each organization hears once, listing its permits. */
  bulkKind: NotificationEventType;
  /** Added to every bulk event's payload. */
  detail?: Record<string, unknown>;
}

/** Records a bulk change: activity, last activity times, page events and the bulk event. */
export async function recordBulk(ctx: ServiceContext, trx: Trx, record: BulkRecord) {
  if (record.permits.length === 0) return;
  const ids = record.permits.map((permit) => permit.id);
  await insertActivity(trx, record.entries);
  const now = new Date();
  await trx
    .updateTable('permits')
    .set({ last_activity_at: now, updated_at: now })
    .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
    .execute();
  for (let start = 0; start < record.permits.length; start += EVENT_CHUNK) {
    const chunk = record.permits.slice(start, start + EVENT_CHUNK);
    await trx
      .insertInto('events')
      .values(
        chunk.map((permit) => ({
          type: record.permitKind,
          user_id: null,
          organization_id: null,
          permit_id: permit.id,
          payload: JSON.stringify({ permitId: permit.id, projectId: permit.project_id }),
          connection_id: ctx.connectionId ?? null,
        })),
      )
      .execute();
  }
  const payloads = await bulkPayloads(trx, record.permits);
  const withDetail = new Map(
    [...payloads].map(([organizationId, payload]) => [organizationId, { ...payload, ...record.detail }]),
  );
  await notifyOrganizations(ctx, trx, record.bulkKind, withDetail);
}
