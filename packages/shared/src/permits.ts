import { z } from 'zod';
import { MAX_PAGE_SIZE } from './paging.ts';
import { TemplateKey } from './workflow.ts';

// A permit is an attacher's application on a project, running through one published version of a workflow
// template: its stages and tasks are copied from that version when it is created, and it may later be
// moved to another version of the same template.

/** Where a permit stands as a whole; restriction is a separate flag beside it. */
export const PermitStatus = z.enum(['Active', 'OnHold', 'CancelRequested', 'Cancelled', 'Completed']);
export type PermitStatus = z.infer<typeof PermitStatus>;

/** Finished permits: they take no more work and no migration, and do not count as open. */
export const CLOSED_PERMIT_STATUSES = ['Cancelled', 'Completed'] as const satisfies readonly PermitStatus[];

/** Stages run in order: one at a time is Active. */
export const StageStatus = z.enum(['NotStarted', 'Active', 'Completed']);
export type StageStatus = z.infer<typeof StageStatus>;

/** A task becomes ReadyToBegin when its stage is active and the tasks it depends on are completed. */
export const TaskStatus = z.enum(['NotStarted', 'ReadyToBegin', 'InProgress', 'Completed']);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** What a permit's activity log records; every change to a permit writes one entry. */
export const PermitActivityKind = z.enum([
  'PermitCreated',
  'PermitCancelRequested',
  'PermitCancelApproved',
  'PermitCancelRejected',
  'PermitUncancelled',
  'PermitCompleted',
  'PermitUncompleted',
  'PermitMapUpdated',
  'PermitMigrated',
  'StageStarted',
  'StageCompleted',
  'StageUncompleted',
  'TaskStarted',
  'TaskReadyToBegin',
  'TaskChanged',
  'TaskAssigned',
  'TaskUnassigned',
  'TaskCompleted',
  'TaskUncompleted',
  'PropertyChanged',
  'CommentAdded',
  'FileUploaded',
  'FileDeleted',
  'PermitRestricted',
  'PermitRestrictionRemoved',
  'PermitAddOnHold',
  'PermitRemoveOnHold',
]);
export type PermitActivityKind = z.infer<typeof PermitActivityKind>;

/** `GET joint-use/project/{id}/workflow-templates/{templateId}/permits`. */
export const TemplatePermitsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});

const Named = z.object({ key: z.string(), name: z.string() });

/** A permit as the list of a template version's permits shows it. */
export const TemplatePermit = z.object({
  id: z.uuid(),
  /** Readable and unique in the project, e.g. "NEC-JU-000123". */
  permitNumber: z.string(),
  applicant: z.object({ id: z.uuid(), name: z.string() }),
  status: PermitStatus,
  /** The stage the permit is in; null once every stage is done. */
  activeStage: Named.nullable(),
  createdAt: z.string(),
});
export type TemplatePermit = z.infer<typeof TemplatePermit>;

export const MAX_MIGRATION_PERMIT_IDS = 10_000;
/** How many permits a migration result lists one by one; the counts always cover all of them. */
export const MIGRATION_PERMIT_LIST_LIMIT = 1_000;

/** Source key → target key, or null to drop it. */
const KeyMapping = z.record(TemplateKey, TemplateKey.nullable());

/** `POST joint-use/project/{id}/workflow-templates/{templateId}/permits/migrate`. */
export const PermitMigrationInput = z.object({
  /** A published version of the same template group. */
  targetTemplateId: z.uuid(),
  /** The permits to move; all of the version's permits when left out. */
  permitIds: z
    .array(z.uuid())
    .min(1, 'Choose at least one permit')
    .max(MAX_MIGRATION_PERMIT_IDS, `At most ${MAX_MIGRATION_PERMIT_IDS}`)
    .refine((ids) => new Set(ids).size === ids.length, 'A permit is listed twice')
    .optional(),
  /** Work out and show what would happen, writing nothing. */
  preview: z.boolean(),
  /** Overrides of the default mapping, which pairs stages and tasks by their library entry. */
  mapping: z.object({ stages: KeyMapping.optional(), tasks: KeyMapping.optional() }).optional(),
});
export type PermitMigrationInput = z.input<typeof PermitMigrationInput>;

/** One source stage or task and where it goes; a null target means it is dropped. */
export const MappedItem = z.object({
  sourceKey: z.string(),
  sourceName: z.string(),
  targetKey: z.string().nullable(),
  targetName: z.string().nullable(),
});
export type MappedItem = z.infer<typeof MappedItem>;

/** A property value a permit loses: its property is nowhere on the target version. */
export const DroppedValue = z.object({
  /** The task it was filled on; null for the application form. */
  taskKey: z.string().nullable(),
  propertyEntryId: z.uuid(),
  propertyName: z.string(),
  value: z.unknown(),
});
export type DroppedValue = z.infer<typeof DroppedValue>;

/** A person assigned to a task that has no counterpart on the target version. */
export const DroppedAssignment = z.object({
  taskKey: z.string(),
  taskName: z.string(),
  userId: z.uuid(),
  userName: z.string(),
});
export type DroppedAssignment = z.infer<typeof DroppedAssignment>;

export const MigratedPermit = z.object({
  permitId: z.uuid(),
  permitNumber: z.string(),
  /** The stage the permit is in on the target version; null when every stage is done. */
  activeStage: Named.nullable(),
  droppedValues: z.array(DroppedValue),
  droppedAssignments: z.array(DroppedAssignment),
});
export type MigratedPermit = z.infer<typeof MigratedPermit>;

export const SkippedPermit = z.object({
  permitId: z.uuid(),
  permitNumber: z.string(),
  reason: z.string(),
});
export type SkippedPermit = z.infer<typeof SkippedPermit>;

/** What a migration did, or would do when previewed. */
export const PermitMigrationResult = z.object({
  preview: z.boolean(),
  sourceTemplateId: z.uuid(),
  targetTemplateId: z.uuid(),
  mapping: z.object({ stages: z.array(MappedItem), tasks: z.array(MappedItem) }),
  /** Target stages and tasks no source stage or task maps to: permits start them afresh. */
  newStages: z.array(Named),
  newTasks: z.array(Named.extend({ stageKey: z.string() })),
  /** In the order they were applied for, at most MIGRATION_PERMIT_LIST_LIMIT of them. */
  permits: z.array(MigratedPermit),
  /** Permits left on the source version, with why. */
  skipped: z.array(SkippedPermit),
  counts: z.object({
    /** Permits moved (or that would be). */
    migrated: z.number().int(),
    skipped: z.number().int(),
    droppedValues: z.number().int(),
  }),
});
export type PermitMigrationResult = z.infer<typeof PermitMigrationResult>;

/** `GET projects/{id}/summary`: the figures of a project's overview, counting the caller's permits. */
export const ProjectSummary = z.object({
  totalPermits: z.number().int(),
  /** Every status, zero when none. */
  permitCountsByStatus: z.record(PermitStatus, z.number().int()),
  poles: z.number().int(),
  spans: z.number().int(),
  /** Open permits by the stage they are in, in the templates' stage order. */
  activeStageDistribution: z.array(z.object({ stageName: z.string(), count: z.number().int() })),
});
export type ProjectSummary = z.infer<typeof ProjectSummary>;
