import { CLOSED_PERMIT_STATUSES, type TimerBreachRecipient } from '@crossarm/shared';
import type { Db, Trx } from '../../db/database.ts';
import { recordEvent } from '../../realtime/outbox.ts';
import { recordPermitChange, type SystemActor } from './events.ts';
import { startPeriodic } from './periodic.ts';
import { nextDueAt, readRow, type TimerRow } from './timer-state.ts';

// Clocks run out between requests, so a periodic sweep records breaches: it looks only at clocks due by now
// and not yet recorded, re-reads each under its permit's lock, and records the breach once (breached_at
// set in the same transaction), so running it twice, or on two instances at once, records nothing twice.

/** How many clocks one sweep looks at; the next sweep takes the rest. */
const SWEEP_BATCH = 500;

/** The people a breach is addressed to, by the recipients the timer names. */
async function recipientsOf(
  trx: Trx,
  row: TimerRow,
  permit: { project_id: string; created_by: string | null },
  notify: readonly TimerBreachRecipient[],
): Promise<string[]> {
  const people = new Set<string>();
  if (notify.includes('Assignees')) {
    const assigned = await trx
      .selectFrom('permit_task_assignments as a')
      .innerJoin('permit_tasks as t', (join) =>
        join.onRef('t.permit_id', '=', 'a.permit_id').onRef('t.task_key', '=', 'a.task_key'),
      )
      .select('a.user_id')
      .where('a.permit_id', '=', row.permit_id)
      .$if(row.owner_kind === 'Task', (query) => query.where('a.task_key', '=', row.owner_key))
      .$if(row.owner_kind === 'Stage', (query) => query.where('t.stage_key', '=', row.owner_key))
      .execute();
    for (const { user_id } of assigned) people.add(user_id);
  }
  if (notify.includes('Applicant') && permit.created_by) people.add(permit.created_by);
  if (notify.includes('PoleOwner')) {
    const owners = await trx
      .selectFrom('project_organizations as po')
      .innerJoin('user_organizations as uo', 'uo.organization_id', 'po.organization_id')
      .innerJoin('users as u', 'u.id', 'uo.user_id')
      .select('uo.user_id')
      .where('po.project_id', '=', permit.project_id)
      .where('po.role', '=', 'PoleOwner')
      .where('u.status', 'not in', ['Inactive', 'Deleted'])
      .execute();
    for (const { user_id } of owners) people.add(user_id);
  }
  return [...people];
}

/** The name of the stage or task whose clock ran out. */
async function ownerName(trx: Trx, row: TimerRow) {
  const found =
    row.owner_kind === 'Task'
      ? await trx
          .selectFrom('permit_tasks')
          .select('name')
          .where('permit_id', '=', row.permit_id)
          .where('task_key', '=', row.owner_key)
          .executeTakeFirst()
      : await trx
          .selectFrom('permit_stages')
          .select('name')
          .where('permit_id', '=', row.permit_id)
          .where('stage_key', '=', row.owner_key)
          .executeTakeFirst();
  return found?.name ?? (row.owner_kind === 'Task' ? 'a task' : 'a stage');
}

/**
 * Records one breach: the flag, then the change as the system's (its activity entry and the events to the
 * permit's organizations), and a personal event to each recipient the timer names.
 */
async function recordBreach(trx: Trx, system: SystemActor, row: TimerRow, breachedAt: Date) {
  const permit = await trx
    .selectFrom('permits')
    .select(['id', 'project_id', 'applicant_organization_id', 'created_by', 'permit_number'])
    .where('id', '=', row.permit_id)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('permit_timers')
    .set({ breached_at: breachedAt, flagged: row.on_breach.flag, due_at: breachedAt })
    .where('permit_id', '=', row.permit_id)
    .where('owner_key', '=', row.owner_key)
    .execute();
  const name = await ownerName(trx, row);
  const detail = {
    reason: 'TimerBreached',
    ownerKind: row.owner_kind,
    stageKey: row.stage_key,
    taskKey: row.owner_kind === 'Task' ? row.owner_key : null,
    name,
    breachedAt: breachedAt.toISOString(),
  };
  const what = row.owner_kind === 'Task' ? 'task' : 'stage';
  await recordPermitChange(system, trx, permit, {
    kind: 'TaskChanged',
    summary: `The ${row.duration_days}-day timer on the ${what} '${name}' ran out`,
    after: { timer: detail },
    detail: { permitNumber: permit.permit_number, ...detail },
  });
  const payload = {
    permitId: permit.id,
    projectId: permit.project_id,
    permitNumber: permit.permit_number,
    ...detail,
    notification: true,
  };
  for (const userId of await recipientsOf(trx, row, permit, row.on_breach.notify)) {
    await recordEvent(trx, { type: 'TaskChanged', userId, payload });
  }
}

/** Looks at one clock due by now, under its permit's lock; true when it recorded a breach. */
async function sweepOne(
  db: Db,
  system: SystemActor,
  key: { permit_id: string; owner_key: string },
  now: Date,
) {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('permits').select('id').where('id', '=', key.permit_id).forUpdate().execute();
    const row = await trx
      .selectFrom('permit_timers')
      .selectAll()
      .where('permit_id', '=', key.permit_id)
      .where('owner_key', '=', key.owner_key)
      .where('breached_at', 'is', null)
      .executeTakeFirst();
    if (!row) return false;
    const reading = readRow(row, now);
    if (!reading.breached || !reading.dueAt) {
      // Not out after all (a hold since moved it): look again when it is.
      await trx
        .updateTable('permit_timers')
        .set({ due_at: nextDueAt(row, now) })
        .where('permit_id', '=', row.permit_id)
        .where('owner_key', '=', row.owner_key)
        .execute();
      return false;
    }
    await recordBreach(trx, system, row, reading.dueAt);
    return true;
  });
}

/**
 * Records the breaches of every clock that ran out by `now` on an open permit: flags it when its timer
 * asks to, writes a TaskChanged activity entry and tells the permit's organizations and the timer's
 * recipients. Idempotent. Returns how many breaches it recorded.
 */
export async function sweepBreaches(db: Db, now: Date = new Date(), publicUrl = ''): Promise<number> {
  const system: SystemActor = { system: true, publicUrl };
  const due = await db
    .selectFrom('permit_timers as pt')
    .innerJoin('permits as p', 'p.id', 'pt.permit_id')
    .select(['pt.permit_id', 'pt.owner_key'])
    .where('pt.breached_at', 'is', null)
    .where('pt.due_at', '<=', now)
    .where('p.status', 'not in', CLOSED_PERMIT_STATUSES)
    .orderBy('pt.due_at')
    .limit(SWEEP_BATCH)
    .execute();
  let recorded = 0;
  for (const key of due) if (await sweepOne(db, system, key, now)) recorded += 1;
  return recorded;
}

/** What the periodic sweep needs of the app. */
export interface SweepHost {
  db: Db;
  config: { publicUrl: string };
  events: { flush(): Promise<unknown> };
  log: { warn(details: object, message: string): void };
}

/**
 * Sweeps every `everyMs` (a minute by default) and publishes what it recorded; one sweep at a time.
 * Returns the function that stops it.
 */
export function startBreachSweep(host: SweepHost, everyMs = 60_000): () => Promise<void> {
  return startPeriodic(
    host.log,
    'sweeping timer breaches failed',
    async () => {
      if ((await sweepBreaches(host.db, new Date(), host.config.publicUrl)) > 0) await host.events.flush();
    },
    everyMs,
  );
}
