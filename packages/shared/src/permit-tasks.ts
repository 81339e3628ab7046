import { z } from 'zod';
import { StagePropertyValue } from './permit-reads.ts';
import { PermitActivityKind, StageStatus, TaskStatus } from './permits.ts';

// Working a permit's tasks: filling in their properties, completing and uncompleting them, and who is
// assigned to them; and the permit's application form values.

export const MAX_SAVED_VALUES = 500;
export const MAX_TASK_ASSIGNEES = 100;

/** One property's new value; null (or an empty text or list) clears it. */
export const PropertyValueInput = z.object({
  /** A property library entry placed on the task (or on the application form). */
  propertyEntryId: z.uuid(),
  value: z.unknown(),
});
export type PropertyValueInput = z.infer<typeof PropertyValueInput>;

/** `PUT joint-use/permit/{id}/stage/{stageId}/task/{taskId}` and `PUT joint-use/permit/{id}/properties`. */
export const PropertyValuesInput = z.object({
  /** Only the properties listed change; the others keep their values. */
  values: z
    .array(PropertyValueInput)
    .max(MAX_SAVED_VALUES, `At most ${MAX_SAVED_VALUES}`)
    .refine(
      (values) => new Set(values.map((v) => v.propertyEntryId)).size === values.length,
      'A property is listed twice',
    ),
});
export type PropertyValuesInput = z.infer<typeof PropertyValuesInput>;

/** `PUT joint-use/permit/{id}/stage/{stageId}/task/{taskId}/user-assignments`: the exact set of assignees. */
export const TaskAssignmentsInput = z.object({
  userIds: z
    .array(z.uuid())
    .max(MAX_TASK_ASSIGNEES, `At most ${MAX_TASK_ASSIGNEES}`)
    .refine((ids) => new Set(ids).size === ids.length, 'A person is listed twice'),
});
export type TaskAssignmentsInput = z.infer<typeof TaskAssignmentsInput>;

export const TaskAssignee = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type TaskAssignee = z.infer<typeof TaskAssignee>;

/** A task's assignees after a change. */
export const TaskAssignments = z.object({ taskKey: z.string(), assignees: z.array(TaskAssignee) });
export type TaskAssignments = z.infer<typeof TaskAssignments>;

/** What one save or task action changed, in the order it was recorded. */
export const ProgressChangeEntry = z.object({
  kind: PermitActivityKind,
  stageKey: z.string(),
  /** Null for a stage's change. */
  taskKey: z.string().nullable(),
  name: z.string(),
  from: z.string(),
  to: z.string(),
});
export type ProgressChangeEntry = z.infer<typeof ProgressChangeEntry>;

/** Where a permit's stages and tasks stand after completing or uncompleting a task. */
export const PermitProgress = z.object({
  /** Null once every stage is done; the permit itself is completed separately. */
  activeStageKey: z.string().nullable(),
  stages: z.array(z.object({ key: z.string(), name: z.string(), status: StageStatus })),
  tasks: z.array(
    z.object({
      stageKey: z.string(),
      key: z.string(),
      name: z.string(),
      required: z.boolean(),
      status: TaskStatus,
    }),
  ),
  changes: z.array(ProgressChangeEntry),
});
export type PermitProgress = z.infer<typeof PermitProgress>;

/** `GET joint-use/permit/{id}/properties`: the application form with its values. */
export const PermitProperties = z.object({
  /** Whether the caller may change them now. */
  editable: z.boolean(),
  properties: z.array(StagePropertyValue),
});
export type PermitProperties = z.infer<typeof PermitProperties>;

/** A task's properties with their values after a save. */
export const TaskProperties = z.object({ taskKey: z.string(), properties: z.array(StagePropertyValue) });
export type TaskProperties = z.infer<typeof TaskProperties>;
