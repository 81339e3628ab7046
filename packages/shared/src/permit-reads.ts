import { z } from 'zod';
import { BoundingBox, PoleFeatureCollection, SpanFeatureCollection } from './geodata.ts';
import { FieldType } from './library.ts';
import { MAX_PAGE_SIZE } from './paging.ts';
import { CancelRequestStatus } from './permit-lifecycle.ts';
import { PermitActivityKind, PermitStatus, StageStatus, TaskStatus } from './permits.ts';
import { ProjectPermission } from './projects.ts';

// What a permit's pages read: its header, the tracker of its stages, one stage with its tasks and values,
// its activity log and the poles it applies for.

const Person = z.object({ id: z.uuid(), name: z.string() });
const Named = z.object({ key: z.string(), name: z.string() });

/** A task of the active stage someone can work on now. */
export const NextTask = z.object({
  key: z.string(),
  name: z.string(),
  status: TaskStatus,
  /** Who the task is assigned to; empty while nobody is. */
  assignees: z.array(Person),
});
export type NextTask = z.infer<typeof NextTask>;

/** `GET joint-use/permit/{id}/header`: what the top of a permit's page shows. */
export const PermitHeader = z.object({
  id: z.uuid(),
  permitNumber: z.string(),
  project: z.object({ id: z.uuid(), name: z.string(), code: z.string() }),
  applicant: z.object({ id: z.uuid(), name: z.string() }),
  location: z.string().nullable(),
  status: PermitStatus,
  restricted: z.boolean(),
  restrictedReason: z.string().nullable(),
  onHoldReason: z.string().nullable(),
  /** The poles it applies for: those placed on its map, else the number the applicant gave. */
  poles: z.number().int().nullable(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
  completedAt: z.string().nullable(),
  /** Null once every stage is done. */
  activeStage: Named.nullable(),
  /** Tasks of the active stage that are ready to begin or in progress. */
  nextTasks: z.array(NextTask),
  /** The cancellation waiting for the pole owner, or the approved one of a cancelled permit (it can be undone). */
  cancelRequest: z
    .object({ id: z.uuid(), status: CancelRequestStatus, reason: z.string().nullable() })
    .nullable(),
  /** Whether the caller is on the pole owner's side of the permit. */
  isPoleOwner: z.boolean(),
  /** The caller's permissions on the permit's project. */
  permissions: z.array(ProjectPermission),
});
export type PermitHeader = z.infer<typeof PermitHeader>;

/** `GET joint-use/permit/{id}/tracker-header`: the header plus how far the permit has come. */
export const PermitTrackerHeader = PermitHeader.extend({
  template: z.object({ id: z.uuid(), name: z.string(), version: z.number().int() }),
  stageCount: z.number().int(),
  completedStageCount: z.number().int(),
});
export type PermitTrackerHeader = z.infer<typeof PermitTrackerHeader>;

/** Where one stage of a permit stands. */
const StageFacts = z.object({
  key: z.string(),
  name: z.string(),
  position: z.number().int(),
  status: StageStatus,
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});

/** One stage of `GET joint-use/permit/{id}/tracker-stage-headers`, in workflow order. */
export const TrackerStageHeader = StageFacts.extend({
  /** Milliseconds from its start to its completion, or to now while it runs; null before it starts. */
  elapsedMs: z.number().int().nullable(),
  /** The first task of the stage being worked on or ready, or null. */
  activeTask: Named.extend({ status: TaskStatus }).nullable(),
  taskCount: z.number().int(),
  completedTaskCount: z.number().int(),
});
export type TrackerStageHeader = z.infer<typeof TrackerStageHeader>;

/** A property of a task with what was filled in. */
export const StagePropertyValue = z.object({
  libraryEntryId: z.uuid(),
  name: z.string(),
  fieldType: FieldType.nullable(),
  renderOptions: z.record(z.string(), z.unknown()).nullable(),
  required: z.boolean(),
  /** Null while nothing is filled in. */
  value: z.unknown(),
  updatedAt: z.string().nullable(),
});
export type StagePropertyValue = z.infer<typeof StagePropertyValue>;

export const PermitStageTask = z.object({
  key: z.string(),
  name: z.string(),
  position: z.number().int(),
  required: z.boolean(),
  status: TaskStatus,
  readyAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: Person.nullable(),
  /** Keys of the tasks of the same stage that must be completed first. */
  dependsOn: z.array(z.string()),
  assignees: z.array(Person),
  properties: z.array(StagePropertyValue),
});
export type PermitStageTask = z.infer<typeof PermitStageTask>;

/** `GET joint-use/permit/{id}/stage/{stageId}`: one stage with its tasks and their values. */
export const PermitStage = StageFacts.extend({
  tasks: z.array(PermitStageTask),
});
export type PermitStage = z.infer<typeof PermitStage>;

/** `GET joint-use/permit/{id}/activity-filters`: what the activity log can be narrowed by. */
export const ActivityFilterOptions = z.object({
  kinds: z.array(PermitActivityKind),
  users: z.array(Person),
  /** The first and last entry's times; null without entries. */
  from: z.string().nullable(),
  to: z.string().nullable(),
});
export type ActivityFilterOptions = z.infer<typeof ActivityFilterOptions>;

export const MAX_ACTIVITY_FILTER_ITEMS = 100;

/** The body of `POST joint-use/permit/{id}/activity` and its exports; every filter is optional. */
export const ActivityFilters = z
  .object({
    kinds: z.array(PermitActivityKind).max(MAX_ACTIVITY_FILTER_ITEMS).optional(),
    userIds: z.array(z.uuid()).max(MAX_ACTIVITY_FILTER_ITEMS).optional(),
    /** Entries at or after this time. */
    from: z.iso.datetime({ offset: true }).optional(),
    /** Entries at or before this time. */
    to: z.iso.datetime({ offset: true }).optional(),
  })
  .refine((body) => !body.from || !body.to || Date.parse(body.from) <= Date.parse(body.to), {
    message: 'Must not be after "to"',
    path: ['from'],
  });
export type ActivityFilters = z.infer<typeof ActivityFilters>;

/** The query of `POST joint-use/permit/{id}/activity`. */
export const ActivityPageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
});
export type ActivityPageQuery = z.infer<typeof ActivityPageQuery>;

/** One entry of a permit's activity log. */
export const ActivityEntry = z.object({
  id: z.string(),
  kind: PermitActivityKind,
  summary: z.string(),
  /** Null for changes made by the system or by a removed user. */
  actor: Person.nullable(),
  createdAt: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

/** Most poles one permit applies for. */
export const MAX_PERMIT_POLES = 5_000;

/** `PUT joint-use/permit/{id}/map`: the project poles (by external id) the permit applies for. */
export const PermitMapInput = z.object({
  poleIds: z
    .array(z.string().trim().min(1).max(200))
    .max(MAX_PERMIT_POLES, `At most ${MAX_PERMIT_POLES}`)
    .refine((ids) => new Set(ids).size === ids.length, 'A pole is listed twice'),
});
export type PermitMapInput = z.infer<typeof PermitMapInput>;

/** `GET joint-use/permit/{id}/map`: the permit's poles and the spans joining two of them, as GeoJSON. */
export const PermitMap = z.object({ poles: PoleFeatureCollection, spans: SpanFeatureCollection });
export type PermitMap = z.infer<typeof PermitMap>;

/** `GET joint-use/permit/{id}/map/metadata`. */
export const PermitMapMetadata = z.object({
  /** Covers the permit's poles and spans; null while it has none. */
  bbox: BoundingBox.nullable(),
  poleCount: z.number().int(),
  spanCount: z.number().int(),
  /** Poles the permit names that the project's map no longer has. */
  missingPoleIds: z.array(z.string()),
});
export type PermitMapMetadata = z.infer<typeof PermitMapMetadata>;
