import { describe, expect, it } from 'vitest';
import { definitionTimers, type PlacedTimer, timerEventMatches } from './timer-state.ts';
import { ENTRY, id, KEY, sampleDefinition, stage, task, timer } from './workflow-fixtures.ts';

const [review, survey] = definitionTimers(sampleDefinition()) as [PlacedTimer, PlacedTimer];

describe('definitionTimers', () => {
  it("lists each stage's timer before its tasks' timers, with where they sit", () => {
    expect(definitionTimers(sampleDefinition()).map(({ timer: _, ...where }) => where)).toEqual([
      {
        ownerKind: 'Task',
        ownerKey: KEY.review,
        stageKey: KEY.intake,
        taskKey: KEY.review,
        libraryEntryId: ENTRY.review,
        name: 'Completeness Review',
      },
      {
        ownerKind: 'Stage',
        ownerKey: KEY.survey,
        stageKey: KEY.survey,
        taskKey: null,
        libraryEntryId: ENTRY.survey,
        name: 'Survey',
      },
    ]);
  });

  it('leaves out a draft timer without its days', () => {
    const draft = {
      stages: [stage(id(1), 'S', [task(id(11), 'T', { timer: timer({ durationDays: null }) })])],
      applicationForm: [],
    };
    expect(definitionTimers(draft)).toEqual([]);
  });
});

describe('timerEventMatches', () => {
  it('starts on the permit being created and stops on its own task completing', () => {
    expect(timerEventMatches(review, 'startsOn', { kind: 'PermitCreated' })).toBe(true);
    expect(timerEventMatches(review, 'stopsOn', { kind: 'TaskCompleted', taskKey: KEY.review })).toBe(true);
    expect(timerEventMatches(review, 'stopsOn', { kind: 'TaskCompleted', taskKey: KEY.walk })).toBe(false);
    expect(timerEventMatches(review, 'stopsOn', { kind: 'TaskCompleted' })).toBe(false);
  });

  it('starts on the named task completing and stops on its own stage completing', () => {
    expect(timerEventMatches(survey, 'startsOn', { kind: 'TaskCompleted', taskKey: KEY.review })).toBe(true);
    expect(timerEventMatches(survey, 'startsOn', { kind: 'PermitCreated' })).toBe(false);
    expect(timerEventMatches(survey, 'stopsOn', { kind: 'StageCompleted', stageKey: KEY.survey })).toBe(true);
    expect(timerEventMatches(survey, 'stopsOn', { kind: 'StageCompleted', stageKey: KEY.intake })).toBe(
      false,
    );
  });

  it('matches a task event without a key in the template to the timer’s own task, and PermitCompleted always', () => {
    const own = {
      ...review,
      timer: {
        ...review.timer,
        startsOn: { event: 'TaskStarted' as const },
        stopsOn: { event: 'PermitCompleted' as const },
      },
    };
    expect(timerEventMatches(own, 'startsOn', { kind: 'TaskStarted', taskKey: KEY.review })).toBe(true);
    expect(timerEventMatches(own, 'startsOn', { kind: 'TaskStarted', taskKey: KEY.walk })).toBe(false);
    expect(timerEventMatches(own, 'startsOn', { kind: 'TaskReadyToBegin', taskKey: KEY.review })).toBe(false);
    expect(timerEventMatches(own, 'stopsOn', { kind: 'PermitCompleted' })).toBe(true);
  });
});
