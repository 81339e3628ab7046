import type { CancelRequest } from '@crossarm/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PermitCancelRequestsTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';

type CancelRequestRow = Selectable<PermitCancelRequestsTable>;

/** A cancel request of the permit; one of another permit is 404, as if it did not exist. */
export async function findCancelRequest(db: Executor, permitId: string, cancelId: string) {
  const row = await db
    .selectFrom('permit_cancel_requests')
    .selectAll()
    .where('id', '=', cancelId)
    .where('permit_id', '=', permitId)
    .executeTakeFirst();
  if (!row) throw notFound('The cancel request');
  return row;
}

/** The permit's pending request, if it has one. */
export async function findPendingRequest(db: Executor, permitId: string) {
  return db
    .selectFrom('permit_cancel_requests')
    .selectAll()
    .where('permit_id', '=', permitId)
    .where('status', '=', 'Pending')
    .executeTakeFirst();
}

export async function insertCancelRequest(db: Executor, row: Insertable<PermitCancelRequestsTable>) {
  return db.insertInto('permit_cancel_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateCancelRequest(
  db: Executor,
  id: string,
  changes: Updateable<PermitCancelRequestsTable>,
) {
  return db
    .updateTable('permit_cancel_requests')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function toCancelRequest(row: CancelRequestRow): CancelRequest {
  return {
    id: row.id,
    permitId: row.permit_id,
    reason: row.reason,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at.toISOString(),
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionReason: row.decision_reason,
    undoneBy: row.undone_by,
    undoneAt: row.undone_at?.toISOString() ?? null,
    previousStatus: row.previous_status,
  };
}

export type { CancelRequestRow };
