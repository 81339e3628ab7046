import { describe, expect, it } from 'vitest';
import { FEDERAL_TIMER_PRESETS } from './timer-presets.ts';
import type { Timer, WorkflowDefinition } from './workflow.ts';
import { contextWith, ENTRY, id, KEY, sampleDefinition, stage, task, timer } from './workflow-fixtures.ts';
import { type PublishContext, validateTemplateForPublish } from './workflow-validation.ts';

const validate = (definition: WorkflowDefinition, context: PublishContext = contextWith()) =>
  validateTemplateForPublish(definition, context);

/** The sample with one change made to a copy of it. */
function changed(change: (definition: WorkflowDefinition) => void): WorkflowDefinition {
  const definition = sampleDefinition();
  change(definition);
  return definition;
}

const survey = (definition: WorkflowDefinition) => definition.stages[1]!;
const design = (definition: WorkflowDefinition) => survey(definition).tasks[1]!;
const approve = (definition: WorkflowDefinition) => survey(definition).tasks[2]!;

describe('validateTemplateForPublish: structure and keys', () => {
  it('passes a complete template', () => {
    expect(validate(sampleDefinition())).toEqual([]);
  });

  it('needs a stage, and a task in each stage', () => {
    expect(validate({ stages: [], applicationForm: [] })).toEqual([
      { path: 'stages', message: 'Add at least one stage' },
    ]);
    const empty = changed((d) =>
      d.stages.push(stage(id(3), 'Closeout', [], { libraryEntryId: ENTRY.survey })),
    );
    expect(validate(empty)).toEqual([
      { path: 'stages.2.tasks', message: "Add at least one task to 'Closeout'" },
    ]);
  });

  it('refuses a key used twice, by stages and tasks alike', () => {
    const definition = changed((d) => {
      d.stages[0]!.key = KEY.approve;
      d.stages[0]!.tasks.push(task(KEY.review, 'Second Review', { libraryEntryId: ENTRY.walk }));
    });
    expect(validate(definition)).toEqual([
      { path: 'stages.0.tasks.1.key', message: "'Completeness Review' already has this key" },
      { path: 'stages.1.tasks.2.key', message: "'Intake' already has this key" },
    ]);
  });
});

describe('validateTemplateForPublish: dependencies', () => {
  it('refuses a dependency on an unknown task or on a task of another stage', () => {
    const definition = changed((d) => {
      design(d).dependsOn = [KEY.walk, id(999), KEY.review];
    });
    expect(validate(definition)).toEqual([
      { path: 'stages.1.tasks.1.dependsOn.1', message: `No task has the key ${id(999)}` },
      {
        path: 'stages.1.tasks.1.dependsOn.2',
        message:
          "'Completeness Review' is in the stage 'Intake'; a task can only wait on tasks of its own stage",
      },
    ]);
  });

  it('names the tasks of a dependency circle once, and the required properties it strands', () => {
    const definition = changed((d) => {
      survey(d).tasks[0]!.dependsOn = [KEY.approve];
    });
    expect(validate(definition)).toEqual([
      {
        path: 'stages.1.tasks.0.dependsOn',
        message: 'These tasks wait on each other in a circle: Field Walk → Approve → Design → Field Walk',
      },
      {
        path: 'stages.1.tasks.1.properties.0',
        message:
          "'Attachment Height' is required but can never be filled: 'Design' never becomes ready: its dependencies wait in a circle",
      },
    ]);
  });

  it('reports a task that waits on itself, and leaves tasks downstream of a circle to the property check', () => {
    const definition = changed((d) => {
      survey(d).tasks[0]!.dependsOn = [KEY.walk];
    });
    expect(validate(definition)).toEqual([
      { path: 'stages.1.tasks.0.dependsOn', message: "'Field Walk' waits on itself" },
      {
        path: 'stages.1.tasks.1.properties.0',
        message:
          "'Attachment Height' is required but can never be filled: 'Design' never becomes ready: its dependencies wait in a circle",
      },
    ]);
  });

  it('strands the required properties of later stages when a required task of a stage can never be ready', () => {
    const definition = changed((d) => {
      d.stages[0]!.tasks.push(
        task(id(12), 'Check A', { dependsOn: [id(13)], libraryEntryId: ENTRY.walk }),
        task(id(13), 'Check B', { dependsOn: [id(12)], libraryEntryId: ENTRY.design }),
      );
    });
    const issues = validate(definition);
    expect(issues.map((issue) => issue.path)).toEqual([
      'stages.0.tasks.1.dependsOn',
      'stages.1.tasks.1.properties.0',
    ]);
    expect(issues[1]!.message).toBe(
      "'Attachment Height' is required but can never be filled: the stage 'Survey' never starts, because 'Check A' in 'Intake' never becomes ready",
    );
  });

  it('lets optional tasks in a circle leave later stages reachable, and optional properties alone', () => {
    const definition = changed((d) => {
      d.stages[0]!.tasks.push(
        task(id(12), 'Check A', {
          required: false,
          dependsOn: [id(13)],
          properties: [{ libraryEntryId: ENTRY.photos, required: false }],
        }),
        task(id(13), 'Check B', { required: false, dependsOn: [id(12)] }),
      );
    });
    expect(validate(definition).map((issue) => issue.path)).toEqual(['stages.0.tasks.1.dependsOn']);
  });

  it('accepts a required property on the application form whatever the tasks do', () => {
    const definition = changed((d) => {
      d.applicationForm.push({ libraryEntryId: ENTRY.height, required: true });
    });
    expect(validate(definition)).toEqual([]);
  });
});

describe('validateTemplateForPublish: library entries and properties', () => {
  it('refuses entries that are missing, archived, of another kind or of another application', () => {
    const context = contextWith((entries) =>
      entries
        .filter((entry) => entry.id !== ENTRY.photos)
        .map((entry) => {
          if (entry.id === ENTRY.survey) return { ...entry, status: 'Archived' as const };
          if (entry.id === ENTRY.height) return { ...entry, application: 'Geospatial' as const };
          return entry;
        }),
    );
    const definition = changed((d) => {
      approve(d).libraryEntryId = ENTRY.intake;
      d.applicationForm.push({ libraryEntryId: ENTRY.design, required: false });
    });
    expect(validate(definition, context)).toEqual([
      { path: 'stages.1.libraryEntryId', message: "'Survey' is archived in the library" },
      {
        path: 'stages.1.tasks.0.properties.0.libraryEntryId',
        message: 'This library entry no longer exists',
      },
      {
        path: 'stages.1.tasks.1.properties.0.libraryEntryId',
        message: "'Attachment Height' belongs to another application's library",
      },
      { path: 'stages.1.tasks.2.libraryEntryId', message: "'Intake' is a stage entry, not a task entry" },
      { path: 'applicationForm.1.libraryEntryId', message: "'Design' is a task entry, not a property entry" },
    ]);
  });

  it('refuses a property listed twice on one task or on the application form, not across them', () => {
    const definition = changed((d) => {
      design(d).properties.push({ libraryEntryId: ENTRY.height, required: false });
      design(d).properties.push({ libraryEntryId: ENTRY.poleCount, required: false });
      d.applicationForm.push({ libraryEntryId: ENTRY.poleCount, required: false });
    });
    expect(validate(definition)).toEqual([
      { path: 'stages.1.tasks.1.properties.1', message: "'Attachment Height' is already on this task" },
      { path: 'applicationForm.1', message: "'Pole Count' is already on the application form" },
    ]);
  });
});

describe('validateTemplateForPublish: default assignees', () => {
  it('refuses an assignee listed twice and a person outside the project when people are checked', () => {
    const member = id(501);
    const outsider = id(502);
    const definition = changed((d) => {
      design(d).defaultAssignees = [
        { kind: 'User', userId: member },
        { kind: 'User', userId: outsider },
        { kind: 'OrganizationRole', role: 'AttacherOrg' },
        { kind: 'OrganizationRole', role: 'AttacherOrg' },
      ];
    });
    expect(validate(definition, contextWith(undefined, new Set([member])))).toEqual([
      {
        path: 'stages.1.tasks.1.defaultAssignees.1.userId',
        message: 'This person is not in an organization taking part in the project',
      },
      { path: 'stages.1.tasks.1.defaultAssignees.3', message: 'Listed twice' },
    ]);
    expect(validate(definition).map((issue) => issue.path)).toEqual(['stages.1.tasks.1.defaultAssignees.3']);
  });
});

describe('validateTemplateForPublish: timers', () => {
  const withDesignTimer = (fields: Partial<Timer>) =>
    validate(
      changed((d) => {
        design(d).timer = timer(fields);
      }),
    );

  it('needs the days, within range', () => {
    expect(withDesignTimer({ durationDays: null })).toEqual([
      { path: 'stages.1.tasks.1.timer.durationDays', message: 'Enter the number of days' },
    ]);
    for (const durationDays of [0, 3651, 2.5]) {
      expect(withDesignTimer({ durationDays })).toEqual([
        { path: 'stages.1.tasks.1.timer.durationDays', message: 'Between 1 and 3650 whole days' },
      ]);
    }
  });

  it("reads task events without a key as the timer's own task, except a TaskCompleted start", () => {
    expect(
      withDesignTimer({ startsOn: { event: 'TaskStarted' }, stopsOn: { event: 'TaskCompleted' } }),
    ).toEqual([]);
    expect(withDesignTimer({ startsOn: { event: 'TaskCompleted' } })).toEqual([
      {
        path: 'stages.1.tasks.1.timer.startsOn.taskKey',
        message: 'Choose the task whose completion starts the timer',
      },
    ]);
    expect(withDesignTimer({ startsOn: { event: 'TaskCompleted', taskKey: KEY.design } })).toEqual([
      {
        path: 'stages.1.tasks.1.timer.startsOn.taskKey',
        message: "A task's timer cannot start when that same task completes",
      },
    ]);
  });

  it('needs a key on task events of a stage timer, a known one, and none on other events', () => {
    const stageTimer = (fields: Partial<Timer>) =>
      validate(
        changed((d) => {
          survey(d).timer = timer(fields);
        }),
      );
    expect(stageTimer({ startsOn: { event: 'TaskStarted' }, stopsOn: { event: 'StageCompleted' } })).toEqual([
      { path: 'stages.1.timer.startsOn.taskKey', message: 'Choose the task this event is about' },
    ]);
    expect(
      stageTimer({
        startsOn: { event: 'StageStarted' },
        stopsOn: { event: 'TaskCompleted', taskKey: id(999) },
      }),
    ).toEqual([{ path: 'stages.1.timer.stopsOn.taskKey', message: `No task has the key ${id(999)}` }]);
    expect(
      stageTimer({
        startsOn: { event: 'PermitCreated', taskKey: KEY.walk },
        stopsOn: { event: 'PermitCompleted', taskKey: KEY.walk },
      }),
    ).toEqual([
      { path: 'stages.1.timer.startsOn.taskKey', message: 'This event does not name a task' },
      { path: 'stages.1.timer.stopsOn.taskKey', message: 'This event does not name a task' },
    ]);
  });

  it('refuses a timer that stops before it starts: same task, an earlier task, an earlier stage', () => {
    expect(
      withDesignTimer({
        startsOn: { event: 'TaskCompleted', taskKey: KEY.walk },
        stopsOn: { event: 'TaskCompleted', taskKey: KEY.walk },
      }),
    ).toEqual([
      {
        path: 'stages.1.tasks.1.timer.stopsOn',
        message: "The timer would stop the moment it starts ('Field Walk' completes)",
      },
    ]);
    expect(
      withDesignTimer({
        startsOn: { event: 'TaskReadyToBegin' },
        stopsOn: { event: 'TaskCompleted', taskKey: KEY.walk },
      }),
    ).toEqual([
      {
        path: 'stages.1.tasks.1.timer.stopsOn',
        message:
          "The timer would stop before it starts: 'Field Walk' completes before 'Design' is ready to begin",
      },
    ]);
    expect(
      withDesignTimer({
        startsOn: { event: 'TaskStarted' },
        stopsOn: { event: 'TaskCompleted', taskKey: KEY.review },
      }),
    ).toEqual([
      {
        path: 'stages.1.tasks.1.timer.stopsOn',
        message:
          "The timer would stop before it starts: 'Completeness Review' completes before 'Design' starts",
      },
    ]);
    const stageTimer = validate(
      changed((d) => {
        d.stages[0]!.timer = timer({
          startsOn: { event: 'TaskStarted', taskKey: KEY.walk },
          stopsOn: { event: 'StageCompleted' },
        });
      }),
    );
    expect(stageTimer).toEqual([
      {
        path: 'stages.0.timer.stopsOn',
        message:
          "The timer would stop before it starts: the stage 'Intake' completes before 'Field Walk' starts",
      },
    ]);
  });

  it('accepts a timer running from an earlier stage to a later task, and from a stage start to the permit end', () => {
    expect(
      withDesignTimer({
        startsOn: { event: 'TaskCompleted', taskKey: KEY.review },
        stopsOn: { event: 'TaskCompleted', taskKey: KEY.approve },
      }),
    ).toEqual([]);
    expect(
      withDesignTimer({ startsOn: { event: 'StageStarted' }, stopsOn: { event: 'PermitCompleted' } }),
    ).toEqual([]);
  });

  it('accepts every federal preset applied to a task', () => {
    for (const preset of FEDERAL_TIMER_PRESETS) {
      expect(withDesignTimer({ ...preset.timer, presetId: preset.id }), preset.id).toEqual([]);
    }
  });
});
