import { z } from 'zod';
import { LIBRARY_NAME_MAX } from './library.ts';
import { ProjectRole } from './projects.ts';

// A workflow template is what a permit runs through: ordered stages, each holding ordered tasks with
// properties to fill in, default assignees and optional timers, plus the application form an applicant
// fills in. The schemas here check the shape only: a draft may be incomplete (no stages yet, a timer
// without its days, a dependency on a task not added yet). Whether a template can run is decided when it
// is published, by validateTemplateForPublish.

/** A version is edited freely as a Draft; once Published it never changes again. */
export const WorkflowTemplateStatus = z.enum(['Draft', 'Published']);
export type WorkflowTemplateStatus = z.infer<typeof WorkflowTemplateStatus>;

/**
 * A group of versions: Active (its latest published version is offered for new permits), Inactive (not
 * offered), or Archived (hidden from choices, kept for the permits and history that use it).
 */
export const WorkflowTemplateGroupStatus = z.enum(['Active', 'Inactive', 'Archived']);
export type WorkflowTemplateGroupStatus = z.infer<typeof WorkflowTemplateGroupStatus>;

/** How a timer counts: every day, or Monday to Friday only. */
export const TimerDayKind = z.enum(['Calendar', 'Business']);
export type TimerDayKind = z.infer<typeof TimerDayKind>;

/**
 * What starts a timer. Task events name a task by its key; on a task's own timer, TaskReadyToBegin and
 * TaskStarted without a key mean that task.
 */
export const TimerStartEvent = z.enum([
  /** The permit is created (the application is received). */
  'PermitCreated',
  /** The stage the timer belongs to (or the stage of the timer's task) starts. */
  'StageStarted',
  /** A task's dependencies are all done, so work on it can begin. */
  'TaskReadyToBegin',
  /** Someone starts working on a task. */
  'TaskStarted',
  /** Another task is completed; always names that task. */
  'TaskCompleted',
]);
export type TimerStartEvent = z.infer<typeof TimerStartEvent>;

/** What stops a timer. On a task's own timer, TaskCompleted without a key means that task. */
export const TimerStopEvent = z.enum([
  /** A task is completed. */
  'TaskCompleted',
  /** The stage the timer belongs to (or the stage of the timer's task) completes. */
  'StageCompleted',
  /** The whole permit completes. */
  'PermitCompleted',
]);
export type TimerStopEvent = z.infer<typeof TimerStopEvent>;

/** Who is told when a timer runs out. */
export const TimerBreachRecipient = z.enum([
  /** The people assigned to the task (or to the stage's tasks, for a stage timer). */
  'Assignees',
  /** The person who applied for the permit. */
  'Applicant',
  /** The pole owner's people on the project. */
  'PoleOwner',
]);
export type TimerBreachRecipient = z.infer<typeof TimerBreachRecipient>;

export const TIMER_MIN_DAYS = 1;
/** Ten years: longer is a typing mistake, not a deadline. */
export const TIMER_MAX_DAYS = 3650;
export const MAX_TEMPLATE_STAGES = 50;
export const MAX_STAGE_TASKS = 100;
export const MAX_TASK_PROPERTIES = 200;
export const MAX_APPLICATION_FORM_PROPERTIES = 500;
export const MAX_TASK_DEPENDENCIES = 100;
export const MAX_DEFAULT_ASSIGNEES = 50;

/** A stable identity the designer gives each stage and task; unique within the template. */
export const TemplateKey = z.uuid('Must be a UUID');

/** Names shown on permits: copied from the library entry, and may be renamed. */
export const TemplateItemName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(LIBRARY_NAME_MAX, `At most ${LIBRARY_NAME_MAX} characters`);

/** An array of at most `max` items. */
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max, `At most ${max}`);

/** An array whose items may not repeat. */
function distinct<T extends z.ZodType<string>>(item: T, max: number) {
  return list(item, max).refine((items) => new Set(items).size === items.length, 'An item is listed twice');
}

const durationDays = z
  .number()
  .int('Whole days')
  .min(TIMER_MIN_DAYS, `At least ${TIMER_MIN_DAYS}`)
  .max(TIMER_MAX_DAYS, `At most ${TIMER_MAX_DAYS}`);

/** What happens when the time runs out: the task or stage is flagged as late, and who is told. */
export const TimerBreach = z.strictObject({
  /** Mark the permit's task or stage as overdue. */
  flag: z.boolean(),
  /** Who is notified; may be empty. */
  notify: distinct(TimerBreachRecipient, TimerBreachRecipient.options.length),
});
export type TimerBreach = z.infer<typeof TimerBreach>;

/** The timer's settings without task references: what a preset holds. */
const timerFields = {
  dayKind: TimerDayKind,
  /** Whether the clock stops while the permit is on hold. */
  pausesOnHold: z.boolean(),
  onBreach: TimerBreach,
};

/** A deadline on a stage or task: how many days, how they are counted, and the events that start and stop it. */
export const Timer = z.strictObject({
  /** The allowed time; null while the designer has not entered it yet. */
  durationDays: durationDays.nullable(),
  ...timerFields,
  startsOn: z.strictObject({ event: TimerStartEvent, taskKey: TemplateKey.optional() }),
  stopsOn: z.strictObject({ event: TimerStopEvent, taskKey: TemplateKey.optional() }),
  /** The preset the timer was made from (a federal preset's id or an organization preset's id), if any. */
  presetId: z.string().trim().min(1).max(100).optional(),
});
export type Timer = z.infer<typeof Timer>;

/** A ready-made timer: no task references (those belong to one template), always with its days. */
export const PresetTimer = z.strictObject({
  durationDays,
  ...timerFields,
  startsOn: z.strictObject({ event: TimerStartEvent }),
  stopsOn: z.strictObject({ event: TimerStopEvent }),
});
export type PresetTimer = z.infer<typeof PresetTimer>;

/** Who a task is assigned to when a permit reaches it: a person, or everyone of an organization role. */
export const DefaultAssignee = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('User'), userId: z.uuid() }),
  z.strictObject({ kind: z.literal('OrganizationRole'), role: ProjectRole }),
]);
export type DefaultAssignee = z.infer<typeof DefaultAssignee>;

/** A property entry placed on a task or on the application form. */
export const TemplateProperty = z.strictObject({
  /** A property library entry. */
  libraryEntryId: z.uuid(),
  /** Must be filled before the task (or the application) can be completed. */
  required: z.boolean(),
});
export type TemplateProperty = z.infer<typeof TemplateProperty>;

export const TemplateTask = z.strictObject({
  key: TemplateKey,
  /** A task library entry. */
  libraryEntryId: z.uuid(),
  name: TemplateItemName,
  /** The stage completes when its required tasks are done; optional tasks do not hold it up. */
  required: z.boolean(),
  /** Keys of tasks of the same stage that must be completed before this one is ready to begin. */
  dependsOn: distinct(TemplateKey, MAX_TASK_DEPENDENCIES).default([]),
  properties: list(TemplateProperty, MAX_TASK_PROPERTIES).default([]),
  defaultAssignees: list(DefaultAssignee, MAX_DEFAULT_ASSIGNEES).default([]),
  timer: Timer.optional(),
});
export type TemplateTask = z.infer<typeof TemplateTask>;

export const TemplateStage = z.strictObject({
  key: TemplateKey,
  /** A stage library entry. */
  libraryEntryId: z.uuid(),
  name: TemplateItemName,
  timer: Timer.optional(),
  /** In the order they are shown; dependencies, not the order, decide when each is ready. */
  tasks: list(TemplateTask, MAX_STAGE_TASKS).default([]),
});
export type TemplateStage = z.infer<typeof TemplateStage>;

/** A template's content: the stages a permit runs through in order, and the applicant's form. */
export const WorkflowDefinition = z.strictObject({
  stages: list(TemplateStage, MAX_TEMPLATE_STAGES).default([]),
  /** The properties an applicant fills in when applying. */
  applicationForm: list(TemplateProperty, MAX_APPLICATION_FORM_PROPERTIES).default([]),
});
export type WorkflowDefinition = z.infer<typeof WorkflowDefinition>;
export type WorkflowDefinitionInput = z.input<typeof WorkflowDefinition>;

/** The definition of a new, empty draft. */
export const emptyDefinition = (): WorkflowDefinition => ({ stages: [], applicationForm: [] });

/** How many stages and tasks a definition has, for lists. */
export function definitionCounts(definition: WorkflowDefinition) {
  return {
    stageCount: definition.stages.length,
    taskCount: definition.stages.reduce((sum, stage) => sum + stage.tasks.length, 0),
  };
}

/** The people named as default assignees anywhere in a definition, each once. */
export function defaultAssigneeUserIds(definition: WorkflowDefinition): string[] {
  const ids = definition.stages.flatMap((stage) =>
    stage.tasks.flatMap((task) =>
      task.defaultAssignees.flatMap((assignee) => (assignee.kind === 'User' ? [assignee.userId] : [])),
    ),
  );
  return [...new Set(ids)];
}
