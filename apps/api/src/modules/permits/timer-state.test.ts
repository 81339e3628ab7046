import { DAY_MS, type TimerEvent, type WorkflowDefinition } from '@crossarm/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { buildPermit, buildPublishedTemplate } from '../../../test/factories.ts';
import { instantiate } from './engine.ts';
import { buildPermitScene, KEY, type PermitScene, sceneProject } from './test-scene.ts';
import { applyTimerEvents, creationEvents, timerRowsOf } from './timer-state.ts';
import { startBreachSweep, sweepBreaches } from './timer-state-sweep.ts';

let t: TestApp;
let s: PermitScene;
let projectId: string;
let templateId: string;
let definition: WorkflowDefinition;

const at = (iso: string) => new Date(iso);
// A Friday: the review's 10 business days run out two weeks later, on Friday 2026-01-16 at 09:00.
const FRIDAY_9 = at('2026-01-02T09:00:00Z');
const REVIEW_DUE = at('2026-01-16T09:00:00Z');

const reviewDone: TimerEvent[] = [
  { kind: 'TaskCompleted', stageKey: KEY.intake, taskKey: KEY.review },
  { kind: 'StageCompleted', stageKey: KEY.intake },
  { kind: 'StageStarted', stageKey: KEY.survey },
  { kind: 'TaskReadyToBegin', stageKey: KEY.survey, taskKey: KEY.walk },
];

beforeAll(async () => {
  t = await createTestApp();
  s = await buildPermitScene(t);
  projectId = (await sceneProject(t, s, 'TMR')).id;
  const sample = sampleDefinition(s.entries);
  const [intake, survey] = sample.stages;
  const review = intake!.tasks[0]!;
  // The review's clock tells everyone; the survey stage's clock keeps running while on hold.
  definition = {
    ...sample,
    stages: [
      {
        ...intake!,
        tasks: [
          {
            ...review,
            timer: {
              ...review.timer!,
              onBreach: { flag: true, notify: ['Assignees', 'Applicant', 'PoleOwner'] },
            },
          },
        ],
      },
      { ...survey!, timer: { ...survey!.timer!, pausesOnHold: false } },
    ],
  };
  templateId = (await buildPublishedTemplate(t.db, projectId, definition)).templateId;
});

afterAll(() => t.close());

/** A permit applied for at `now`, its creation applied to its clocks. */
async function newPermit(now = FRIDAY_9) {
  const { id } = await buildPermit(t.db, {
    projectId,
    templateId,
    applicantOrganizationId: s.attacherOrg,
    createdBy: s.attacherMember,
    now,
  });
  await apply(id, creationEvents(instantiate(definition, now)), now);
  return id;
}

async function apply(permitId: string, events: TimerEvent[], now: Date) {
  const permit = await t.db
    .selectFrom('permits')
    .select(['id', 'project_id', 'status'])
    .where('id', '=', permitId)
    .executeTakeFirstOrThrow();
  return t.db.transaction().execute((trx) => applyTimerEvents(trx, permit, definition, events, now));
}

const rowsOf = (permitId: string) => timerRowsOf(t.db, permitId);

describe('creationEvents', () => {
  it('is the permit created, its first stage started and its ready tasks', () => {
    expect(creationEvents(instantiate(definition, FRIDAY_9))).toEqual([
      { kind: 'PermitCreated' },
      { kind: 'StageStarted', stageKey: KEY.intake },
      { kind: 'TaskReadyToBegin', stageKey: KEY.intake, taskKey: KEY.review },
    ]);
  });
});

describe('applyTimerEvents', () => {
  it('starts the clocks whose start event happened, with the settings copied and the due date projected', async () => {
    const permitId = await newPermit();
    const rows = await rowsOf(permitId);
    expect([...rows.keys()]).toEqual([KEY.review]);
    expect(rows.get(KEY.review)).toMatchObject({
      project_id: projectId,
      owner_kind: 'Task',
      stage_key: KEY.intake,
      duration_days: 10,
      day_kind: 'Business',
      pauses_on_hold: true,
      time_zone: 'UTC',
      started_at: FRIDAY_9,
      stopped_at: null,
      holds: [],
      due_at: REVIEW_DUE,
      breached_at: null,
      flagged: false,
    });
  });

  it("stops a task's clock when it completes and starts the next stage's clock", async () => {
    const permitId = await newPermit();
    const done = at('2026-01-07T12:00:00Z');
    const changed = await apply(permitId, reviewDone, done);
    expect(changed.map((row) => row.owner_key)).toEqual([KEY.review, KEY.survey]);
    const rows = await rowsOf(permitId);
    expect(rows.get(KEY.review)).toMatchObject({ stopped_at: done, due_at: null });
    expect(rows.get(KEY.survey)).toMatchObject({
      owner_kind: 'Stage',
      stage_key: KEY.survey,
      started_at: done,
      due_at: new Date(done.getTime() + 45 * DAY_MS),
    });
  });

  it('starts a clock once and stops only a running one', async () => {
    const permitId = await newPermit();
    const later = at('2026-01-05T09:00:00Z');
    expect(await apply(permitId, [{ kind: 'PermitCreated' }], later)).toEqual([]);
    expect(await apply(permitId, [{ kind: 'StageCompleted', stageKey: KEY.survey }], later)).toEqual([]);
    await apply(permitId, reviewDone, later);
    expect(await apply(permitId, [{ kind: 'TaskCompleted', taskKey: KEY.review }], later)).toEqual([]);
    expect((await rowsOf(permitId)).get(KEY.review)?.stopped_at).toEqual(later);
  });

  it('undoing a completion drops the clock it started and runs the clock it stopped again', async () => {
    const permitId = await newPermit();
    await apply(permitId, reviewDone, at('2026-01-07T12:00:00Z'));
    const undone: TimerEvent[] = [
      { kind: 'StageUncompleted', stageKey: KEY.intake },
      { kind: 'TaskUncompleted', stageKey: KEY.intake, taskKey: KEY.review },
    ];
    const changed = await apply(permitId, undone, at('2026-01-08T12:00:00Z'));
    expect(changed.map((row) => row.owner_key)).toEqual([KEY.review]);
    const rows = await rowsOf(permitId);
    expect([...rows.keys()]).toEqual([KEY.review]);
    // The day it stood stopped counts: it is due when it always was.
    expect(rows.get(KEY.review)).toMatchObject({
      started_at: FRIDAY_9,
      stopped_at: null,
      due_at: REVIEW_DUE,
    });
  });

  it('pauses clocks that pause on hold, keeps the others running, and resumes them later', async () => {
    const permitId = await newPermit();
    const started = at('2026-01-05T09:00:00Z');
    // The survey clock starts on Monday; the permit goes on hold Tuesday for two days (both business days).
    const surveyOnly: TimerEvent[] = [{ kind: 'TaskCompleted', taskKey: KEY.review }];
    await apply(permitId, surveyOnly, started);
    const holdFrom = at('2026-01-06T09:00:00Z');
    const holdTo = at('2026-01-08T09:00:00Z');
    await apply(permitId, [{ kind: 'PermitAddOnHold' }, { kind: 'PermitAddOnHold' }], holdFrom);
    let rows = await rowsOf(permitId);
    expect(rows.get(KEY.review)).toMatchObject({ stopped_at: started, holds: [] });
    expect(rows.get(KEY.survey)).toMatchObject({
      holds: [{ from: holdFrom.toISOString(), to: null }],
      due_at: new Date(started.getTime() + 45 * DAY_MS),
    });
    await apply(permitId, [{ kind: 'PermitRemoveOnHold' }], holdTo);
    rows = await rowsOf(permitId);
    expect(rows.get(KEY.survey)?.holds).toEqual([{ from: holdFrom.toISOString(), to: holdTo.toISOString() }]);
  });

  it('moves the due date of a paused clock by the business time the hold covered', async () => {
    const permitId = await newPermit();
    const holdFrom = at('2026-01-06T09:00:00Z');
    await apply(permitId, [{ kind: 'PermitAddOnHold' }], holdFrom);
    expect((await rowsOf(permitId)).get(KEY.review)).toMatchObject({
      holds: [{ from: holdFrom.toISOString(), to: null }],
      due_at: null,
    });
    // Two days ran before the hold; it ends on a Saturday, so counting resumes Monday 00:00 with 8 left.
    await apply(permitId, [{ kind: 'PermitRemoveOnHold' }], at('2026-01-10T09:00:00Z'));
    expect((await rowsOf(permitId)).get(KEY.review)?.due_at).toEqual(at('2026-01-22T00:00:00Z'));
  });

  it('starts a clock paused when the permit is on hold', async () => {
    const permitId = await newPermit();
    await t.db.updateTable('permits').set({ status: 'OnHold' }).where('id', '=', permitId).execute();
    const now = at('2026-01-05T09:00:00Z');
    await apply(permitId, [{ kind: 'TaskCompleted', taskKey: KEY.review }], now);
    expect((await rowsOf(permitId)).get(KEY.survey)).toMatchObject({
      holds: [{ from: now.toISOString(), to: null }],
      // The survey clock does not pause on hold, so it still runs out 45 days on.
      due_at: new Date(now.getTime() + 45 * DAY_MS),
    });
  });
});

describe('sweepBreaches', () => {
  const eventsOf = (permitId: string) =>
    t.db
      .selectFrom('events')
      .select(['type', 'user_id', 'organization_id', 'payload'])
      .where(sql<string>`payload->>'permitId'`, '=', permitId)
      .execute();

  it('records a breach once, at the moment the clock ran out, and tells everyone the timer names', async () => {
    const permitId = await newPermit();
    await t.db
      .insertInto('permit_task_assignments')
      .values({ permit_id: permitId, task_key: KEY.review, user_id: s.ownerMember })
      .execute();
    expect(await sweepBreaches(t.db, new Date(REVIEW_DUE.getTime() - 1))).toBe(0);
    expect(await sweepBreaches(t.db, REVIEW_DUE)).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(permitId)).get(KEY.review)).toMatchObject({
      breached_at: REVIEW_DUE,
      flagged: true,
    });
    const activity = await t.db
      .selectFrom('permit_activity')
      .select(['kind', 'summary', 'actor_user_id'])
      .where('permit_id', '=', permitId)
      .where('kind', '=', 'TaskChanged')
      .execute();
    expect(activity).toEqual([
      {
        kind: 'TaskChanged',
        summary: "The 10-day timer on the task 'Completeness Review' ran out",
        actor_user_id: null,
      },
    ]);
    const events = await eventsOf(permitId);
    expect(events.every((event) => event.type === 'TaskChanged')).toBe(true);
    expect(new Set(events.flatMap((event) => event.organization_id ?? []))).toEqual(
      new Set([s.ownerOrg, s.attacherOrg]),
    );
    expect(new Set(events.flatMap((event) => event.user_id ?? []))).toEqual(
      new Set([s.ownerMember, s.ownerManager, s.attacherMember]),
    );
    expect(events[0]?.payload).toMatchObject({
      reason: 'TimerBreached',
      taskKey: KEY.review,
      ownerKind: 'Task',
    });

    await sweepBreaches(t.db, at('2026-02-01T00:00:00Z'));
    expect(await eventsOf(permitId)).toHaveLength(events.length);
  });

  it('does not record a breach on a closed permit, nor on a clock a hold has since moved', async () => {
    const closed = await newPermit(at('2025-06-02T09:00:00Z'));
    await t.db.updateTable('permits').set({ status: 'Cancelled' }).where('id', '=', closed).execute();
    const held = await newPermit(at('2025-06-02T09:00:00Z'));
    // A stale due date: the clock was paused for a week since, which the stored due date does not know.
    await t.db
      .updateTable('permit_timers')
      .set({ holds: JSON.stringify([{ from: '2025-06-03T09:00:00.000Z', to: '2025-06-10T09:00:00.000Z' }]) })
      .where('permit_id', '=', held)
      .execute();
    expect(await sweepBreaches(t.db, at('2025-06-16T09:00:00Z'))).toBe(0);
    expect((await rowsOf(closed)).get(KEY.review)?.breached_at).toBeNull();
    // Five business days ran before and after the hold; the other five run out a week later.
    expect((await rowsOf(held)).get(KEY.review)).toMatchObject({
      breached_at: null,
      due_at: at('2025-06-23T09:00:00Z'),
    });
  });

  it('records the breach of a clock that stopped after it ran out', async () => {
    const permitId = await newPermit(at('2025-03-03T09:00:00Z'));
    const late = at('2025-03-20T09:00:00Z');
    await apply(permitId, reviewDone, late);
    expect((await rowsOf(permitId)).get(KEY.review)?.due_at).toEqual(at('2025-03-17T09:00:00Z'));
    await sweepBreaches(t.db, at('2025-03-21T09:00:00Z'));
    expect((await rowsOf(permitId)).get(KEY.review)?.breached_at).toEqual(at('2025-03-17T09:00:00Z'));
  });

  it('runs on its own every interval until stopped', async () => {
    const permitId = await newPermit(at('2024-01-01T09:00:00Z'));
    const stop = startBreachSweep(t.app, 20);
    try {
      await expect
        .poll(async () => (await rowsOf(permitId)).get(KEY.review)?.breached_at, { timeout: 5000 })
        .toEqual(at('2024-01-15T09:00:00Z'));
    } finally {
      await stop();
    }
  });
});
