import { WorkflowDefinition } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  id,
  KEY,
  sampleDefinition,
  stage,
  task,
} from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { type Carried, type CarriedTask, instantiate, settle } from './engine.ts';

const NOW = new Date('2026-05-04T12:00:00Z');
const EARLIER = new Date('2026-04-01T09:00:00Z');

const statuses = (progress: { tasks: { taskKey: string; status: string }[] }) =>
  Object.fromEntries(progress.tasks.map((t) => [t.taskKey, t.status]));

const completed = (completedBy: string | null = null): CarriedTask => ({
  status: 'Completed',
  readyAt: EARLIER,
  startedAt: EARLIER,
  completedAt: EARLIER,
  completedBy,
});

const carrying = (tasks: Record<string, CarriedTask>, stages: Carried['stages'] = new Map()): Carried => ({
  stages,
  tasks: new Map(Object.entries(tasks)),
});

describe('a new permit', () => {
  it('starts its first stage, with the tasks that wait on nothing ready to begin', () => {
    const progress = instantiate(sampleDefinition(), NOW);
    expect(progress.activeStageKey).toBe(KEY.intake);
    expect(progress.stages).toEqual([
      expect.objectContaining({ stageKey: KEY.intake, position: 0, status: 'Active', startedAt: NOW }),
      expect.objectContaining({ stageKey: KEY.survey, position: 1, status: 'NotStarted', startedAt: null }),
    ]);
    expect(statuses(progress)).toEqual({
      [KEY.review]: 'ReadyToBegin',
      [KEY.walk]: 'NotStarted',
      [KEY.design]: 'NotStarted',
      [KEY.approve]: 'NotStarted',
    });
    const review = progress.tasks.find((t) => t.taskKey === KEY.review)!;
    expect(review).toMatchObject({ readyAt: NOW, startedAt: null, completedAt: null, position: 0 });
    expect(progress.tasks.map((t) => [t.name, t.stageKey, t.position, t.required])).toEqual([
      ['Completeness Review', KEY.intake, 0, true],
      ['Field Walk', KEY.survey, 0, true],
      ['Design', KEY.survey, 1, true],
      ['Approve', KEY.survey, 2, true],
    ]);
  });
});

describe('settling a permit', () => {
  it('moves to the next stage once the required tasks are done, keeping recorded dates', () => {
    const progress = settle(
      sampleDefinition(),
      carrying(
        { [KEY.review]: completed('someone') },
        new Map([[KEY.intake, { startedAt: EARLIER, completedAt: null }]]),
      ),
      NOW,
    );
    expect(progress.activeStageKey).toBe(KEY.survey);
    expect(progress.stages.map((s) => [s.status, s.startedAt, s.completedAt])).toEqual([
      ['Completed', EARLIER, NOW],
      ['Active', NOW, null],
    ]);
    expect(statuses(progress)).toMatchObject({ [KEY.walk]: 'ReadyToBegin', [KEY.design]: 'NotStarted' });
    expect(progress.tasks[0]).toMatchObject({ completedAt: EARLIER, completedBy: 'someone' });
  });

  it('makes a task ready when what it depends on is completed, and keeps work in progress', () => {
    const inProgress: CarriedTask = { ...completed(), status: 'InProgress', completedAt: null };
    const progress = settle(
      sampleDefinition(),
      carrying({ [KEY.review]: completed(), [KEY.walk]: completed(), [KEY.design]: inProgress }),
      NOW,
    );
    expect(statuses(progress)).toMatchObject({ [KEY.design]: 'InProgress', [KEY.approve]: 'NotStarted' });
    expect(progress.tasks.find((t) => t.taskKey === KEY.design)).toMatchObject({ startedAt: EARLIER });
  });

  it('has no active stage once every stage is finished', () => {
    const done = Object.fromEntries(Object.values(KEY).map((key) => [key, completed()]));
    const progress = settle(sampleDefinition(), carrying(done), NOW);
    expect(progress.activeStageKey).toBeNull();
    expect(progress.stages.map((s) => s.status)).toEqual(['Completed', 'Completed']);
  });

  it('goes back to an earlier stage that is unfinished again; later stages wait, their tasks unready', () => {
    const progress = settle(
      sampleDefinition(),
      carrying({
        [KEY.walk]: completed(),
        [KEY.design]: { ...completed(), status: 'ReadyToBegin', startedAt: null, completedAt: null },
      }),
      NOW,
    );
    expect(progress.activeStageKey).toBe(KEY.intake);
    expect(statuses(progress)).toEqual({
      [KEY.review]: 'ReadyToBegin',
      [KEY.walk]: 'Completed',
      [KEY.design]: 'NotStarted',
      [KEY.approve]: 'NotStarted',
    });
    expect(progress.stages[1]).toMatchObject({ status: 'NotStarted', startedAt: null });
  });

  it('lets optional tasks not hold a stage up, but a stage of only optional tasks waits for all of them', () => {
    const definition = WorkflowDefinition.parse({
      stages: [
        stage(id(1), 'First', [task(id(11), 'Must'), task(id(12), 'May', { required: false })]),
        stage(id(2), 'Second', [
          task(id(21), 'Optional A', { required: false }),
          task(id(22), 'Optional B', { required: false }),
        ]),
        stage(id(3), 'Third', [task(id(31), 'Last')]),
      ],
    });
    const first = settle(definition, carrying({ [id(11)]: completed() }), NOW);
    expect(first.activeStageKey).toBe(id(2));
    // The optional task of the finished stage stays as it was left.
    expect(statuses(first)[id(12)]).toBe('NotStarted');
    const second = settle(definition, carrying({ [id(11)]: completed(), [id(21)]: completed() }), NOW);
    expect(second.activeStageKey).toBe(id(2));
    const third = settle(
      definition,
      carrying({ [id(11)]: completed(), [id(21)]: completed(), [id(22)]: completed() }),
      NOW,
    );
    expect(third.activeStageKey).toBe(id(3));
  });
});
