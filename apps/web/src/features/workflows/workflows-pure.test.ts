import { FEDERAL_TIMER_PRESETS, type TimerPreset, type WorkflowDefinition } from '@crossarm/shared';
import { describe, expect, it } from 'vitest';
import {
  contextWith,
  ENTRY,
  id,
  KEY,
  sampleDefinition,
  timer,
} from '../../../../../packages/shared/src/workflow-fixtures.ts';
import { type DefinitionAction, definitionReducer, findTask, moveItem } from './definition-reducer';
import {
  anchorOf,
  definitionPath,
  indexIssues,
  issuesOfApiErrors,
  issuesUnder,
  locateIssue,
  placeOf,
  publishIssues,
  shapeIssues,
} from './template-issues';
import {
  applyPreset,
  newTimer,
  presetTimerOf,
  taskChoice,
  timerSummary,
  withStart,
  withStop,
} from './timer-form';

const apply = (definition: WorkflowDefinition, ...actions: DefinitionAction[]) =>
  actions.reduce(definitionReducer, definition);

const empty = (): WorkflowDefinition => ({ stages: [], applicationForm: [] });
const names = (definition: WorkflowDefinition) =>
  definition.stages.map((stage) => [stage.name, ...stage.tasks.map((task) => task.name)]);

describe('the definition reducer: stages', () => {
  it('adds stages from the library at the end, named after the entry', () => {
    const next = apply(
      empty(),
      { type: 'addStage', key: id(1), entry: { id: ENTRY.intake, name: 'Intake' } },
      { type: 'addStage', key: id(2), entry: { id: ENTRY.survey, name: 'Survey' } },
    );
    expect(next.stages).toEqual([
      { key: id(1), libraryEntryId: ENTRY.intake, name: 'Intake', tasks: [] },
      { key: id(2), libraryEntryId: ENTRY.survey, name: 'Survey', tasks: [] },
    ]);
  });

  it('renames and reorders stages, leaving the rest as it was', () => {
    const start = sampleDefinition();
    const next = apply(
      start,
      { type: 'renameStage', stageKey: KEY.survey, name: 'Field Survey' },
      { type: 'moveStage', from: 1, to: 0 },
    );
    expect(names(next)).toEqual([
      ['Field Survey', 'Field Walk', 'Design', 'Approve'],
      ['Intake', 'Completeness Review'],
    ]);
    expect(next.applicationForm).toBe(start.applicationForm);
    expect(start.stages[1]?.name).toBe('Survey');
  });

  it('removes a stage and forgets its tasks wherever they were named', () => {
    const start = apply(sampleDefinition(), {
      type: 'setTimer',
      owner: { taskKey: KEY.approve },
      timer: timer({ stopsOn: { event: 'TaskCompleted', taskKey: KEY.review } }),
    });
    const next = apply(start, { type: 'removeStage', stageKey: KEY.intake });
    expect(names(next)).toEqual([['Survey', 'Field Walk', 'Design', 'Approve']]);
    // The survey's stage timer started when the review completed: it now asks for a task again.
    expect(next.stages[0]?.timer?.startsOn).toEqual({ event: 'TaskCompleted' });
    expect(findTask(next, KEY.approve)?.task.timer?.stopsOn).toEqual({ event: 'TaskCompleted' });
  });
});

describe('the definition reducer: tasks', () => {
  it('adds a required task with nothing on it yet', () => {
    const next = apply(sampleDefinition(), {
      type: 'addTask',
      stageKey: KEY.intake,
      key: id(50),
      entry: { id: ENTRY.walk, name: 'Field Walk' },
    });
    expect(findTask(next, id(50))).toEqual({
      stage: expect.objectContaining({ key: KEY.intake }),
      task: {
        key: id(50),
        libraryEntryId: ENTRY.walk,
        name: 'Field Walk',
        required: true,
        dependsOn: [],
        properties: [],
        defaultAssignees: [],
      },
    });
  });

  it('changes, reorders and removes tasks; a removed task leaves no dependency behind', () => {
    const next = apply(
      sampleDefinition(),
      { type: 'changeTask', taskKey: KEY.walk, change: { name: 'Walk the line', required: false } },
      { type: 'moveTask', stageKey: KEY.survey, from: 2, to: 0 },
      { type: 'removeTask', taskKey: KEY.design },
    );
    expect(names(next)[1]).toEqual(['Survey', 'Approve', 'Walk the line']);
    expect(findTask(next, KEY.walk)?.task.required).toBe(false);
    expect(findTask(next, KEY.approve)?.task.dependsOn).toEqual([]);
  });

  it('sets and removes timers on tasks and stages', () => {
    const withTimers = apply(
      sampleDefinition(),
      { type: 'setTimer', owner: { taskKey: KEY.walk }, timer: newTimer('task', 7) },
      { type: 'setTimer', owner: { stageKey: KEY.survey }, timer: null },
    );
    expect(findTask(withTimers, KEY.walk)?.task.timer?.durationDays).toBe(7);
    expect(withTimers.stages[1]?.timer).toBeUndefined();
    expect(JSON.parse(JSON.stringify(withTimers.stages[1]))).not.toHaveProperty('timer');
  });

  it('adds, requires and removes properties on a task and on the application form', () => {
    const next = apply(
      sampleDefinition(),
      { type: 'addProperty', list: { taskKey: KEY.walk }, libraryEntryId: ENTRY.height },
      { type: 'setPropertyRequired', list: { taskKey: KEY.walk }, index: 1, required: true },
      { type: 'removeProperty', list: { taskKey: KEY.walk }, index: 0 },
      { type: 'addProperty', list: 'applicationForm', libraryEntryId: ENTRY.photos },
      { type: 'removeProperty', list: 'applicationForm', index: 0 },
    );
    expect(findTask(next, KEY.walk)?.task.properties).toEqual([
      { libraryEntryId: ENTRY.height, required: true },
    ]);
    expect(next.applicationForm).toEqual([{ libraryEntryId: ENTRY.photos, required: false }]);
  });

  it('moves items only within the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});

describe('template problems', () => {
  it('reads the server fields of a save and of a publish as paths into the definition', () => {
    expect(definitionPath('body.definition.stages.0.tasks.1.timer.durationDays')).toBe(
      'stages.0.tasks.1.timer.durationDays',
    );
    expect(definitionPath('definition.stages')).toBe('stages');
    expect(definitionPath('body.definition')).toBe('');
    expect(
      issuesOfApiErrors([
        { field: 'definition.stages.1.tasks', message: 'Add a task' },
        { field: 'body.name', message: 'Required' },
      ]),
    ).toEqual([{ path: 'stages.1.tasks', message: 'Add a task' }]);
  });

  it('puts each problem on its stage, task, the form or the template', () => {
    const definition = sampleDefinition();
    const locate = (path: string) => locateIssue(definition, { path, message: 'x' });
    expect(locate('stages.1.tasks.2.timer.durationDays')).toMatchObject({
      target: { kind: 'task', stageKey: KEY.survey, taskKey: KEY.approve },
      field: 'timer.durationDays',
    });
    expect(locate('stages.1.tasks')).toMatchObject({
      target: { kind: 'stage', stageKey: KEY.survey },
      field: 'tasks',
    });
    expect(locate('applicationForm.0')).toMatchObject({ target: { kind: 'applicationForm' }, field: '0' });
    expect(locate('stages')).toMatchObject({ target: { kind: 'template' }, field: 'stages' });
    // A path past the end (the server answered about an older definition) falls back to the template.
    expect(locate('stages.9.name').target).toEqual({ kind: 'template' });
  });

  it('finds the shape problems a save refuses, by path', () => {
    const definition = apply(
      sampleDefinition(),
      { type: 'renameStage', stageKey: KEY.intake, name: '  ' },
      { type: 'setTimer', owner: { taskKey: KEY.walk }, timer: newTimer('task', 0) },
    );
    expect(shapeIssues(definition)).toEqual([
      { path: 'stages.0.name', message: 'Required' },
      { path: 'stages.1.tasks.0.timer.durationDays', message: 'At least 1' },
    ]);
  });

  it('checks for publishing with the shared rules, each problem once', () => {
    const definition = apply(sampleDefinition(), {
      type: 'addStage',
      key: id(3),
      entry: { id: ENTRY.intake, name: 'Closeout' },
    });
    expect(publishIssues(sampleDefinition(), contextWith())).toEqual([]);
    const index = indexIssues(definition, publishIssues(definition, contextWith()));
    expect(index.stage(id(3))).toEqual([
      expect.objectContaining({ field: 'tasks', message: "Add at least one task to 'Closeout'" }),
    ]);
    expect(index.task(KEY.walk)).toEqual([]);
    expect(anchorOf(index.all[0]!.target)).toBe(`workflow-stage-${id(3)}`);
    expect(placeOf(definition, index.all[0]!.target)).toBe('Closeout');
  });

  it('indexes problems by element and picks those under a field', () => {
    const definition = sampleDefinition();
    const index = indexIssues(definition, [
      { path: 'stages.1.tasks.0.timer.durationDays', message: 'Enter the number of days' },
      { path: 'stages.1.tasks.0.dependsOn.0', message: 'No such task' },
      { path: 'stages', message: 'Add at least one stage' },
      { path: 'applicationForm.0', message: 'Archived' },
    ]);
    const walk = index.task(KEY.walk);
    expect(issuesUnder(walk, 'timer').map((issue) => issue.message)).toEqual(['Enter the number of days']);
    expect(issuesUnder(walk, 'dependsOn')).toHaveLength(1);
    expect(issuesUnder(walk, 'timer.duration')).toEqual([]);
    expect(index.template).toHaveLength(1);
    expect(index.applicationForm).toHaveLength(1);
    expect(placeOf(definition, walk[0]!.target)).toBe('Survey › Field Walk');
  });
});

describe('the timer editor', () => {
  const federal = FEDERAL_TIMER_PRESETS.find((candidate) => candidate.id === 'federal-survey')!;
  const preset: TimerPreset = { ...federal, source: 'Federal', createdAt: null };

  it('knows which events name a task, and where naming none means the task itself', () => {
    expect(taskChoice('task', 'startsOn', 'TaskStarted')).toBe('optional');
    expect(taskChoice('stage', 'startsOn', 'TaskStarted')).toBe('required');
    expect(taskChoice('task', 'startsOn', 'TaskCompleted')).toBe('required');
    expect(taskChoice('task', 'stopsOn', 'TaskCompleted')).toBe('optional');
    expect(taskChoice('task', 'stopsOn', 'StageCompleted')).toBe('none');
  });

  it('copies a preset, remembering it and keeping a named task where the event still names one', () => {
    const current = timer({ startsOn: { event: 'TaskStarted', taskKey: KEY.walk } });
    expect(applyPreset('task', preset, current)).toEqual({
      ...preset.timer,
      startsOn: { event: 'TaskReadyToBegin', taskKey: KEY.walk },
      presetId: 'federal-survey',
    });
    expect(applyPreset('stage', preset, undefined).startsOn).toEqual({ event: 'TaskReadyToBegin' });
  });

  it('drops the task when an event that names none is chosen', () => {
    const current = timer({ startsOn: { event: 'TaskCompleted', taskKey: KEY.walk } });
    expect(withStart('task', current, 'PermitCreated').startsOn).toEqual({ event: 'PermitCreated' });
    expect(withStart('task', current, 'TaskStarted').startsOn).toEqual({
      event: 'TaskStarted',
      taskKey: KEY.walk,
    });
    expect(withStop('stage', newTimer('stage', 5), 'PermitCompleted').stopsOn).toEqual({
      event: 'PermitCompleted',
    });
  });

  it('saves a preset without task references, only once the days are set', () => {
    const current = timer({ stopsOn: { event: 'TaskCompleted', taskKey: KEY.walk }, presetId: 'x' });
    expect(presetTimerOf(current)).toEqual({ ...timer(), stopsOn: { event: 'TaskCompleted' } });
    expect(presetTimerOf(newTimer('task', null))).toBeNull();
    expect(timerSummary(newTimer('stage', 1))).toBe('1 calendar day');
    expect(timerSummary(timer())).toBe('10 business days');
  });
});
