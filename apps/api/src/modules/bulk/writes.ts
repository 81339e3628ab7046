import type { NotificationEventType, PermitActivityKind } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor, Trx } from '../../db/database.ts';
import { insertRows } from '../../db/insert-rows.ts';
import type { ServiceContext } from '../../http/context.ts';
import { conflict } from '../../http/errors.ts';
import { notifyOrganizations, type OrganizationNotice, type PermitRow } from '../permits/lifecycle.ts';
import type { ActivityEntry } from '../permits/repo.ts';

// How a bulk action records what it changed, in its transaction and set-wise, in a few statements whatever
// the number of permits: the activity entries of every permit, each permit's last activity time (unless the
// action's own update set it), one event per permit to the pages that have it open, and one bulk event per
// organization listing only the permits that organization sees.

/** How many refusals a 409 names before it counts the rest. */
const NAMED_REFUSALS = 20;

/** Refuses (409) the whole action when any permit refuses it, naming them; nothing has been written. */
export function refuseAny(refusals: string[], what: string) {
  if (refusals.length === 0) return;
  const named = refusals.slice(0, NAMED_REFUSALS).join(', ');
  const more = refusals.length > NAMED_REFUSALS ? ` and ${refusals.length - NAMED_REFUSALS} more` : '';
  throw conflict(`${what}; nothing was changed. Not allowed: ${named}${more}.`);
}

type PermitRef = Pick<PermitRow, 'id' | 'project_id' | 'applicant_organization_id'>;

/**
 * The bulk event of each organization and project: only the permits it sees (the project's pole owners see
 * them all, an applicant its own), never another attacher's, heard by the members who may see that project's
 * permits. One read of the projects' pole owners.
 */
export async function bulkNotices(db: Executor, permits: PermitRef[]): Promise<OrganizationNotice[]> {
  const projectIds = [...new Set(permits.map((permit) => permit.project_id))];
  const owners = new Map<string, string[]>();
  if (projectIds.length > 0) {
    const rows = await db
      .selectFrom('project_organizations')
      .select(['project_id', 'organization_id'])
      .where('role', '=', 'PoleOwner')
      .where(sql<boolean>`project_id = ANY(${projectIds}::uuid[])`)
      .execute();
    for (const row of rows)
      owners.set(row.project_id, [...(owners.get(row.project_id) ?? []), row.organization_id]);
  }
  const seen = new Map<string, { organizationId: string; projectId: string; permitIds: string[] }>();
  for (const permit of permits) {
    const audience = new Set([...(owners.get(permit.project_id) ?? []), permit.applicant_organization_id]);
    for (const organizationId of audience) {
      const key = `${organizationId} ${permit.project_id}`;
      const notice = seen.get(key) ?? { organizationId, projectId: permit.project_id, permitIds: [] };
      notice.permitIds.push(permit.id);
      seen.set(key, notice);
    }
  }
  return [...seen.values()].map(({ organizationId, projectId, permitIds }) => ({
    organizationId,
    projectId,
    payload: { permitIds, count: permitIds.length },
  }));
}

/** Appends activity entries in one INSERT ... SELECT, in the order given, whatever their number. */
export async function insertActivitySet(db: Executor, entries: ActivityEntry[]) {
  await insertRows(
    db,
    'permit_activity',
    {
      permit_id: 'uuid',
      project_id: 'uuid',
      kind: 'text',
      actor_user_id: 'uuid',
      summary: 'text',
      before: 'jsonb',
      after: 'jsonb',
    },
    entries.map((entry) => ({
      permit_id: entry.permitId,
      project_id: entry.projectId,
      kind: entry.kind,
      actor_user_id: entry.actorUserId,
      summary: entry.summary,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  );
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
  /** The action's own update already set the permits' last activity time. */
  activityTimeWritten?: boolean;
}

/** Records a bulk change: activity, last activity times, page events and the bulk event. */
export async function recordBulk(ctx: ServiceContext, trx: Trx, record: BulkRecord) {
  if (record.permits.length === 0) return;
  const ids = record.permits.map((permit) => permit.id);
  await insertActivitySet(trx, record.entries);
  if (!record.activityTimeWritten) {
    const now = new Date();
    await trx
      .updateTable('permits')
      .set({ last_activity_at: now, updated_at: now })
      .where(sql<boolean>`id = ANY(${ids}::uuid[])`)
      .execute();
  }
  await ctx.app.events.recordAll(
    trx,
    record.permits.map((permit) => ({
      type: record.permitKind,
      permitId: permit.id,
      payload: { permitId: permit.id, projectId: permit.project_id },
      connectionId: ctx.connectionId,
    })),
  );
  const notices = (await bulkNotices(trx, record.permits)).map((notice) => ({
    ...notice,
    payload: { ...notice.payload, ...record.detail },
  }));
  await notifyOrganizations(ctx, trx, record.bulkKind, notices);
}
