import { describe, expect, it } from 'vitest';
import { FEDERAL_TIMER_PRESETS, TimerPresetInput } from './timer-presets.ts';
import { PresetTimer, WorkflowDefinition } from './workflow.ts';
import { CloneWorkflowTemplateGroupsInput, ProjectWorkflowTemplatesQuery } from './workflow-api.ts';
import { ENTRY, id, sampleDefinition, timer } from './workflow-fixtures.ts';

/** The issues of a failed parse as `path: message` lines. */
function issues(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('WorkflowDefinition (shape only)', () => {
  it('accepts an empty draft and fills in empty lists', () => {
    expect(WorkflowDefinition.parse({})).toEqual({ stages: [], applicationForm: [] });
    const stage = WorkflowDefinition.parse({
      stages: [
        {
          key: id(1),
          libraryEntryId: ENTRY.intake,
          name: ' Intake ',
          tasks: [{ key: id(2), libraryEntryId: ENTRY.review, name: 'Review', required: true }],
        },
      ],
    }).stages[0]!;
    expect(stage.name).toBe('Intake');
    expect(stage.tasks[0]).toEqual({
      key: id(2),
      libraryEntryId: ENTRY.review,
      name: 'Review',
      required: true,
      dependsOn: [],
      properties: [],
      defaultAssignees: [],
    });
  });

  it('accepts an incomplete draft: a timer without days or its task, a dependency not added yet', () => {
    const draft = sampleDefinition();
    draft.stages[1]!.tasks[1]!.timer = timer({ durationDays: null, startsOn: { event: 'TaskCompleted' } });
    draft.stages[1]!.tasks[1]!.dependsOn.push(id(999));
    expect(WorkflowDefinition.safeParse(draft).success).toBe(true);
  });

  it('locates what is malformed and refuses fields it does not know', () => {
    const draft = sampleDefinition() as unknown as Record<string, unknown> & {
      stages: Record<string, unknown>[];
    };
    draft.stages[0]!.name = '   ';
    draft.stages[0]!.colour = 'red';
    (draft.stages[1]!.tasks as Record<string, unknown>[])[1]!.dependsOn = [id(21), id(21)];
    (draft.stages[1]!.tasks as Record<string, unknown>[])[0]!.timer = timer({
      durationDays: 0,
      onBreach: { flag: true, notify: ['Applicant', 'Applicant'] },
    });
    expect(issues(WorkflowDefinition.safeParse(draft))).toEqual([
      'stages.0.name: Required',
      'stages.0: Unrecognized key: "colour"',
      'stages.1.tasks.0.timer.durationDays: At least 1',
      'stages.1.tasks.0.timer.onBreach.notify: An item is listed twice',
      'stages.1.tasks.1.dependsOn: An item is listed twice',
    ]);
  });

  it('knows the two kinds of default assignee', () => {
    const draft = sampleDefinition() as unknown as { stages: { tasks: Record<string, unknown>[] }[] };
    draft.stages[0]!.tasks[0]!.defaultAssignees = [
      { kind: 'OrganizationRole', role: 'Inspector' },
      { kind: 'Team' },
    ];
    expect(issues(WorkflowDefinition.safeParse(draft))).toEqual([
      'stages.0.tasks.0.defaultAssignees.0.role: Invalid option: expected one of "PoleOwner"|"AttacherOrg"',
      "stages.0.tasks.0.defaultAssignees.1.kind: Invalid discriminator value. Expected 'User' | 'OrganizationRole'",
    ]);
  });
});

describe('timer presets', () => {
  it('ships the federal deadlines as valid presets with unique ids', () => {
    expect(
      FEDERAL_TIMER_PRESETS.map((preset) => [preset.id, preset.timer.durationDays, preset.timer.dayKind]),
    ).toEqual([
      ['federal-completeness-review', 10, 'Business'],
      ['federal-survey', 45, 'Calendar'],
      ['federal-survey-larger-order', 60, 'Calendar'],
      ['federal-estimate', 14, 'Calendar'],
      ['federal-make-ready-communications', 30, 'Calendar'],
      ['federal-make-ready-above-communications', 90, 'Calendar'],
      ['federal-make-ready-above-communications-extension', 15, 'Calendar'],
    ]);
    for (const preset of FEDERAL_TIMER_PRESETS) {
      expect(PresetTimer.safeParse(preset.timer).success, preset.id).toBe(true);
      expect(preset.description).toMatch(/^47 CFR 1\.1411/);
    }
  });

  it('keeps task references out of a saved preset and needs its days', () => {
    const result = TimerPresetInput.safeParse({
      name: 'State survey',
      timer: { ...timer({ durationDays: null }), startsOn: { event: 'TaskCompleted', taskKey: id(1) } },
    });
    expect(issues(result)).toEqual([
      'timer.durationDays: Invalid input: expected number, received null',
      'timer.startsOn: Unrecognized key: "taskKey"',
    ]);
  });
});

describe('request schemas', () => {
  it('reads the archived flag as text and refuses a group listed twice in a clone', () => {
    expect(ProjectWorkflowTemplatesQuery.parse({ includeArchived: 'false' }).includeArchived).toBe(false);
    expect(ProjectWorkflowTemplatesQuery.parse({ includeArchived: 'true' }).includeArchived).toBe(true);
    expect(ProjectWorkflowTemplatesQuery.parse({}).includeArchived).toBe(false);
    expect(
      issues(
        CloneWorkflowTemplateGroupsInput.safeParse({ sourceProjectId: id(1), groupIds: [id(2), id(2)] }),
      ),
    ).toEqual(['groupIds: A template is listed twice']);
  });
});
