import { describe, expect, it } from 'vitest';
import { KEY, sampleDefinition } from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { completeTask, instantiate, type Progress, ProgressRefusal, uncompleteTask } from './engine.ts';

const NOW = new Date('2026-05-04T12:00:00Z');
const LATER = new Date('2026-05-05T12:00:00Z');
const definition = sampleDefinition();
const by = { userId: 'u1', now: NOW };

const statuses = (progress: Progress) => Object.fromEntries(progress.tasks.map((t) => [t.taskKey, t.status]));
const kinds = (changes: { kind: string; name: string }[]) => changes.map((c) => `${c.kind} ${c.name}`);

/** The sample permit with Completeness Review and Field Walk completed. */
function walked() {
  const reviewed = completeTask(definition, instantiate(definition, NOW), KEY.review, by).progress;
  return completeTask(definition, reviewed, KEY.walk, by).progress;
}

describe('completing a task', () => {
  it('finishes the stage and starts the next, whose ready tasks can begin', () => {
    const step = completeTask(definition, instantiate(definition, NOW), KEY.review, {
      userId: 'u1',
      now: LATER,
    });
    expect(kinds(step.changes)).toEqual([
      'TaskCompleted Completeness Review',
      'StageCompleted Intake',
      'StageStarted Survey',
      'TaskReadyToBegin Field Walk',
    ]);
    expect(step.progress.activeStageKey).toBe(KEY.survey);
    expect(step.progress.tasks[0]).toMatchObject({ completedAt: LATER, completedBy: 'u1' });
  });

  it('makes dependents ready once all they depend on is done', () => {
    const step = completeTask(definition, walked(), KEY.design, by);
    expect(kinds(step.changes)).toEqual(['TaskCompleted Design', 'TaskReadyToBegin Approve']);
  });

  it('leaves no active stage after the last one but does not speak for the permit', () => {
    const designed = completeTask(definition, walked(), KEY.design, by).progress;
    const step = completeTask(definition, designed, KEY.approve, by);
    expect(step.progress.activeStageKey).toBeNull();
    expect(kinds(step.changes)).toEqual(['TaskCompleted Approve', 'StageCompleted Survey']);
  });

  it('refuses a task not ready or already completed', () => {
    const fresh = instantiate(definition, NOW);
    expect(() => completeTask(definition, fresh, KEY.walk, by)).toThrow(ProgressRefusal);
    const done = completeTask(definition, fresh, KEY.review, by).progress;
    expect(() => completeTask(definition, done, KEY.review, by)).toThrow(/already completed/);
  });
});

describe('uncompleting a task', () => {
  it('reverses exactly what completing did', () => {
    const before = walked();
    const after = uncompleteTask(
      definition,
      completeTask(definition, before, KEY.design, by).progress,
      KEY.design,
      LATER,
    );
    expect(statuses(after.progress)).toEqual(statuses(before));
    expect(kinds(after.changes)).toEqual(['TaskUncompleted Design', 'TaskChanged Approve']);
  });

  it('reopens a finished stage and puts the untouched next stage back to not started', () => {
    const reviewed = completeTask(definition, instantiate(definition, NOW), KEY.review, by).progress;
    const step = uncompleteTask(definition, reviewed, KEY.review, LATER);
    expect(step.progress.activeStageKey).toBe(KEY.intake);
    expect(statuses(step.progress)[KEY.review]).toBe('ReadyToBegin');
    expect(step.progress.stages.map((s) => [s.status, s.completedAt, s.startedAt])).toEqual([
      ['Active', null, NOW],
      ['NotStarted', null, null],
    ]);
    expect(kinds(step.changes)).toEqual([
      'TaskUncompleted Completeness Review',
      'StageUncompleted Intake',
      'StageUncompleted Survey',
      'TaskChanged Field Walk',
    ]);
  });

  it('returns a task that had been started to in progress', () => {
    const fresh = instantiate(definition, NOW);
    const started: Progress = {
      ...fresh,
      tasks: fresh.tasks.map((t) =>
        t.taskKey === KEY.review ? { ...t, status: 'InProgress', startedAt: NOW } : t,
      ),
    };
    const done = completeTask(definition, started, KEY.review, by).progress;
    expect(statuses(uncompleteTask(definition, done, KEY.review, LATER).progress)[KEY.review]).toBe(
      'InProgress',
    );
  });

  it('refuses when work done in the later stage depends on the stage staying finished', () => {
    expect(() => uncompleteTask(definition, walked(), KEY.review, LATER)).toThrow(/later stage: Field Walk/);
  });

  it('refuses when a completed task depends on it, and when it is not completed', () => {
    const designed = completeTask(definition, walked(), KEY.design, by).progress;
    expect(() => uncompleteTask(definition, designed, KEY.walk, LATER)).toThrow(
      /Design depends on Field Walk/,
    );
    expect(() => uncompleteTask(definition, designed, KEY.approve, LATER)).toThrow(/not completed/);
  });
});
