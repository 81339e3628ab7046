import { definitionTimers, type PermitTimer, type PlacedTimer } from '@crossarm/shared';
import type { ServiceContext } from '../../http/context.ts';
import { requirePermit } from './permit-access.ts';
import { readRow, type TimerRow, timerRowsOf } from './timer-state.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A timer as the permit shows it: the stored clock when it started, the template's settings otherwise. */
function viewOf(placed: PlacedTimer, row: TimerRow | undefined, now: Date): PermitTimer {
  const { timer } = placed;
  const settings = row
    ? {
        durationDays: row.duration_days,
        dayKind: row.day_kind,
        pausesOnHold: row.pauses_on_hold,
        onBreach: row.on_breach,
      }
    : {
        durationDays: timer.durationDays,
        dayKind: timer.dayKind,
        pausesOnHold: timer.pausesOnHold,
        onBreach: timer.onBreach,
      };
  const reading = row
    ? readRow(row, now)
    : {
        elapsedTimeMs: 0,
        elapsedOnTimerDays: 0,
        remainingDays: timer.durationDays,
        dueAt: null,
        breached: false,
      };
  return {
    ownerKind: placed.ownerKind,
    ownerKey: placed.ownerKey,
    stageKey: placed.stageKey,
    name: placed.name,
    ...settings,
    startedAt: iso(row?.started_at ?? null),
    stoppedAt: iso(row?.stopped_at ?? null),
    holds: row?.holds ?? [],
    ...reading,
    dueAt: iso(reading.dueAt),
    breachedAt: iso(row?.breached_at ?? null),
    flagged: row?.flagged ?? false,
  };
}

/** The timers of a permit's version, each read now: started or not, time left, breached. */
export async function listPermitTimers(ctx: ServiceContext, permitId: string): Promise<PermitTimer[]> {
  const { permit } = await requirePermit(ctx, ctx.db, permitId);
  const template = await ctx.db
    .selectFrom('workflow_templates')
    .select('definition')
    .where('id', '=', permit.template_id)
    .executeTakeFirstOrThrow();
  const rows = await timerRowsOf(ctx.db, permit.id);
  const now = new Date();
  return definitionTimers(template.definition).map((placed) =>
    viewOf(placed, rows.get(placed.ownerKey), now),
  );
}
