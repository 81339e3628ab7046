import { randomUUID } from 'node:crypto';
import {
  definitionTimers,
  type PermitActivityKind,
  type PermitStatus,
  type TimerEvent,
  type TimerHold,
  timerEventMatches,
  type WorkflowDefinition,
} from '@crossarm/shared';
import {
  completeTask,
  instantiate,
  type Progress,
  type ProgressChange,
  startTask,
} from '../../modules/permits/engine.ts';
import { PROGRESS_SUMMARIES } from '../../modules/permits/tasks.ts';
import {
  creationEvents,
  nextDueAt,
  readRow,
  startedRow,
  type TimerRow,
} from '../../modules/permits/timer-state.ts';

// One demo permit's history, told in order through the permit engine, so that its stages, tasks, clocks and
// activity agree as if people had worked it: each step happens at its own moment in the past, writes the
// activity entries the real action writes, and moves the clocks the way the running system moves them.

export interface ActivityRow {
  permit_id: string;
  project_id: string;
  kind: PermitActivityKind;
  actor_user_id: string | null;
  created_at: Date;
  summary: string;
  before: string | null;
  after: string | null;
}

export interface StoryPermit {
  id: string;
  projectId: string;
  permitNumber: string;
  templateId: string;
  templateVersion: number;
  definition: WorkflowDefinition;
}

const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);

/** A permit's story as it is told: its state so far and everything it wrote. */
export class PermitStory {
  progress: Progress;
  status: PermitStatus = 'Active';
  onHoldReason: string | null = null;
  completedAt: Date | null = null;
  lastActivityAt: Date;
  readonly activity: ActivityRow[] = [];
  private readonly clockEvents: { at: Date; event: TimerEvent }[] = [];
  /** The moment of the last entry, so that entries of one step keep their order. */
  private cursor: Date;

  constructor(
    readonly permit: StoryPermit,
    readonly createdAt: Date,
    createdBy: string,
  ) {
    this.progress = instantiate(permit.definition, createdAt);
    this.cursor = new Date(createdAt.getTime() - 1);
    this.lastActivityAt = createdAt;
    const active = this.progress.stages.find((stage) => stage.stageKey === this.progress.activeStageKey);
    this.log(createdAt, createdBy, 'PermitCreated', `Permit ${permit.permitNumber} was created`, null, {
      status: 'Active',
      templateId: permit.templateId,
      version: permit.templateVersion,
      activeStage: active ? { key: active.stageKey, name: active.name } : null,
    });
    for (const event of creationEvents(this.progress)) this.clockEvents.push({ at: createdAt, event });
  }

  /** Appends an activity entry at `at`, a millisecond after the previous one when they would tie. */
  log(
    at: Date,
    actor: string | null,
    kind: PermitActivityKind,
    summary: string,
    before?: Record<string, unknown> | null,
    after?: Record<string, unknown> | null,
  ) {
    const time = at.getTime() > this.cursor.getTime() ? at : new Date(this.cursor.getTime() + 1);
    this.cursor = time;
    if (time > this.lastActivityAt) this.lastActivityAt = time;
    this.activity.push({
      permit_id: this.permit.id,
      project_id: this.permit.projectId,
      kind,
      actor_user_id: actor,
      created_at: time,
      summary,
      before: json(before),
      after: json(after),
    });
    return time;
  }

  /** The task of the Active stage that is next to be worked (ready or in progress), if any. */
  currentTask() {
    return this.progress.tasks.find((task) => task.status === 'ReadyToBegin' || task.status === 'InProgress');
  }

  activeStageName() {
    return (
      this.progress.stages.find((stage) => stage.stageKey === this.progress.activeStageKey)?.name ?? null
    );
  }

  private applyChanges(at: Date, actor: string, changes: ProgressChange[]) {
    for (const change of changes) {
      this.log(
        at,
        actor,
        change.kind,
        PROGRESS_SUMMARIES[change.kind](change.name, change.to),
        { status: change.from },
        { status: change.to },
      );
      this.clockEvents.push({
        at,
        event: { kind: change.kind, stageKey: change.stageKey, taskKey: change.taskKey },
      });
    }
  }

  /** Starts a task, as the first save of its values does; the values' entries come first. */
  startTask(
    at: Date,
    actor: string,
    taskKey: string,
    values: { id: string; name: string; value: unknown }[],
  ) {
    for (const value of values) {
      const facts = { propertyEntryId: value.id, taskKey };
      this.log(
        at,
        actor,
        'PropertyChanged',
        `${value.name} was changed`,
        { ...facts, value: null },
        {
          ...facts,
          value: value.value,
        },
      );
    }
    const step = startTask(this.progress, taskKey, at);
    this.progress = step.progress;
    this.applyChanges(at, actor, step.changes);
  }

  /** Completes a task; returns what it changed (the tasks that became ready, the stage that started). */
  completeTask(at: Date, actor: string, taskKey: string) {
    const step = completeTask(this.permit.definition, this.progress, taskKey, { userId: actor, now: at });
    this.progress = step.progress;
    this.applyChanges(at, actor, step.changes);
    return step.changes;
  }

  private lifecycle(
    at: Date,
    actor: string,
    kind: PermitActivityKind,
    summary: string,
    to: { status: PermitStatus; onHoldReason?: string | null },
  ) {
    const facts = () => ({
      status: this.status,
      restricted: false,
      restrictedReason: null,
      onHoldReason: this.onHoldReason,
    });
    const before = facts();
    this.status = to.status;
    if (to.onHoldReason !== undefined) this.onHoldReason = to.onHoldReason;
    this.log(at, actor, kind, summary, before, facts());
  }

  putOnHold(at: Date, actor: string, reason: string) {
    const number = this.permit.permitNumber;
    this.lifecycle(at, actor, 'PermitAddOnHold', `Permit ${number} was put on hold: ${reason}`, {
      status: 'OnHold',
      onHoldReason: reason,
    });
    this.clockEvents.push({ at, event: { kind: 'PermitAddOnHold' } });
  }

  takeOffHold(at: Date, actor: string, reason: string) {
    const number = this.permit.permitNumber;
    this.lifecycle(at, actor, 'PermitRemoveOnHold', `Permit ${number} was taken off hold: ${reason}`, {
      status: 'Active',
      onHoldReason: null,
    });
    this.clockEvents.push({ at, event: { kind: 'PermitRemoveOnHold' } });
  }

  requestCancel(at: Date, actor: string, reason: string) {
    const number = this.permit.permitNumber;
    this.lifecycle(at, actor, 'PermitCancelRequested', `Permit ${number} cancellation requested: ${reason}`, {
      status: 'CancelRequested',
    });
  }

  decideCancel(at: Date, actor: string, verdict: { approved: boolean; reason?: string; direct?: boolean }) {
    const number = this.permit.permitNumber;
    if (verdict.direct) {
      const why = verdict.reason ? `: ${verdict.reason}` : '';
      this.lifecycle(
        at,
        actor,
        'PermitCancelApproved',
        `Permit ${number} was cancelled by the pole owner${why}`,
        {
          status: 'Cancelled',
        },
      );
    } else if (verdict.approved) {
      this.lifecycle(
        at,
        actor,
        'PermitCancelApproved',
        `Permit ${number} was cancelled: the request was approved`,
        {
          status: 'Cancelled',
        },
      );
    } else {
      this.lifecycle(
        at,
        actor,
        'PermitCancelRejected',
        `Permit ${number} cancellation rejected: ${verdict.reason}`,
        {
          status: 'Active',
        },
      );
    }
  }

  complete(at: Date, actor: string) {
    this.lifecycle(at, actor, 'PermitCompleted', `Permit ${this.permit.permitNumber} was completed`, {
      status: 'Completed',
    });
    this.completedAt = at;
    this.clockEvents.push({ at, event: { kind: 'PermitCompleted' } });
  }

  /**
   * The permit's clocks as the running system would hold them at `now`: started, stopped and paused by the
   * story's events in order, and a breach recorded (flag and activity entry, at the moment it ran out) for
   * every clock that ran out while the permit was open.
   */
  clocks(now: Date, closedAt: Date | null): TimerRow[] {
    const rows: TimerRow[] = [];
    const events = [...this.clockEvents].sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const placed of definitionTimers(this.permit.definition)) {
      let row: TimerRow | null = null;
      let onHold = false;
      for (const { at, event } of events) {
        const iso = at.toISOString();
        if (event.kind === 'PermitAddOnHold') onHold = true;
        if (event.kind === 'PermitRemoveOnHold') onHold = false;
        if (!row) {
          if (!timerEventMatches(placed, 'startsOn', event)) continue;
          row = startedRow(
            { id: this.permit.id, project_id: this.permit.projectId, status: onHold ? 'OnHold' : 'Active' },
            placed,
            at,
          );
          continue;
        }
        if (row.stopped_at) continue;
        const closeHolds = (holds: TimerHold[]) =>
          holds.map((hold) => (hold.to === null ? { ...hold, to: iso } : hold));
        const open = row.holds.some((hold) => hold.to === null);
        if (timerEventMatches(placed, 'stopsOn', event))
          row = { ...row, stopped_at: at, holds: closeHolds(row.holds) };
        else if (event.kind === 'PermitAddOnHold' && !open)
          row = { ...row, holds: [...row.holds, { from: iso, to: null }] };
        else if (event.kind === 'PermitRemoveOnHold' && open) row = { ...row, holds: closeHolds(row.holds) };
      }
      if (!row) continue;
      const reading = readRow(row, now);
      const ranOut = reading.breached && reading.dueAt && (!closedAt || reading.dueAt < closedAt);
      if (ranOut && reading.dueAt) {
        row = { ...row, breached_at: reading.dueAt, flagged: row.on_breach.flag, due_at: reading.dueAt };
        this.recordBreach(row, placed.ownerKind === 'Task' ? 'task' : 'stage', placed.name, reading.dueAt);
      } else {
        row = { ...row, due_at: nextDueAt(row, now) };
      }
      rows.push(row);
    }
    return rows;
  }

  private recordBreach(row: TimerRow, what: 'task' | 'stage', name: string, at: Date) {
    const timer = {
      reason: 'TimerBreached',
      ownerKind: row.owner_kind,
      stageKey: row.stage_key,
      taskKey: row.owner_kind === 'Task' ? row.owner_key : null,
      name,
      breachedAt: at.toISOString(),
    };
    const summary = `The ${row.duration_days}-day timer on the ${what} '${name}' ran out`;
    this.activity.push({
      permit_id: this.permit.id,
      project_id: this.permit.projectId,
      kind: 'TaskChanged',
      actor_user_id: null,
      created_at: at,
      summary,
      before: null,
      after: JSON.stringify({ timer }),
    });
    if (at > this.lastActivityAt) this.lastActivityAt = at;
  }
}

/** A new id for a row the story writes. */
export const newId = () => randomUUID();
