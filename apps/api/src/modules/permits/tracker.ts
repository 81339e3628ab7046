import type {
  PermitStage,
  PermitStageTask,
  StagePropertyValue,
  TemplateStage,
  TrackerStageHeader,
} from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { notFound } from '../../http/errors.ts';
import { requirePermit } from './permit-access.ts';
import { assigneesOf, isoOf, personOf, stagesOf, type TaskRow, tasksOf } from './tracker-repo.ts';

// Tasks an active stage is working on come before those merely ready, so the tracker names the work that
// has actually begun.
const ACTIVE_TASK_ORDER = ['InProgress', 'ReadyToBegin'] as const;

function elapsedMs(startedAt: Date | null, completedAt: Date | null, now: Date): number | null {
  if (!startedAt) return null;
  return Math.max(0, (completedAt ?? now).getTime() - startedAt.getTime());
}

function activeTaskOf(tasks: TaskRow[]): TrackerStageHeader['activeTask'] {
  for (const status of ACTIVE_TASK_ORDER) {
    const task = tasks.find((candidate) => candidate.status === status);
    if (task) return { key: task.task_key, name: task.name, status: task.status };
  }
  return null;
}

/** The stages of a permit in order: status, dates, time spent so far and the task being worked on. */
export async function getTrackerStageHeaders(
  ctx: ServiceContext,
  permitId: string,
): Promise<TrackerStageHeader[]> {
  await requirePermit(ctx, ctx.db, permitId);
  const [stages, tasks] = await Promise.all([stagesOf(ctx.db, permitId), tasksOf(ctx.db, permitId)]);
  const now = new Date();
  return stages.map((stage) => {
    const own = tasks.filter((task) => task.stage_key === stage.stage_key);
    return {
      key: stage.stage_key,
      name: stage.name,
      position: stage.position,
      status: stage.status,
      startedAt: isoOf(stage.started_at),
      completedAt: isoOf(stage.completed_at),
      elapsedMs: elapsedMs(stage.started_at, stage.completed_at, now),
      activeTask: stage.status === 'Active' ? activeTaskOf(own) : null,
      taskCount: own.length,
      completedTaskCount: own.filter((task) => task.status === 'Completed').length,
    };
  });
}

/** The template stage a permit runs on, for task dependencies and properties. */
async function templateStageOf(db: Executor, templateId: string, stageKey: string) {
  const template = await db
    .selectFrom('workflow_templates')
    .select('definition')
    .where('id', '=', templateId)
    .executeTakeFirstOrThrow();
  return template.definition.stages.find((stage) => stage.key === stageKey) ?? null;
}

/** The filled-in values of a stage's tasks, keyed `taskKey/propertyEntryId`. */
async function valuesOf(db: Executor, permitId: string, taskKeys: string[]) {
  if (taskKeys.length === 0) return new Map<string, { value: unknown; updated_at: Date }>();
  const rows = await db
    .selectFrom('permit_property_values')
    .select(['task_key', 'property_entry_id', 'value', 'updated_at'])
    .where('permit_id', '=', permitId)
    .where('task_key', 'in', taskKeys)
    .execute();
  return new Map(rows.map((row) => [`${row.task_key}/${row.property_entry_id}`, row]));
}

interface PropertyEntry {
  name: string;
  field_type: StagePropertyValue['fieldType'];
  render_options: Record<string, unknown> | null;
}

/** Names, field types and render options of the stage's property entries. */
async function propertyEntriesOf(db: Executor, stage: TemplateStage | null) {
  const ids = [...new Set(stage?.tasks.flatMap((task) => task.properties.map((p) => p.libraryEntryId)))];
  if (ids.length === 0) return new Map<string, PropertyEntry>();
  const rows = await db
    .selectFrom('library_entries')
    .select(['id', 'name', 'field_type', 'render_options'])
    .where('id', 'in', ids)
    .execute();
  return new Map<string, PropertyEntry>(rows.map((row) => [row.id, row]));
}

interface StageFacts {
  templateStage: TemplateStage | null;
  assignees: Map<string, PermitStageTask['assignees']>;
  values: Map<string, { value: unknown; updated_at: Date }>;
  entries: Map<string, PropertyEntry>;
}

function presentTask(task: TaskRow, facts: StageFacts): PermitStageTask {
  const definition = facts.templateStage?.tasks.find((candidate) => candidate.key === task.task_key);
  return {
    key: task.task_key,
    name: task.name,
    position: task.position,
    required: task.required,
    status: task.status,
    readyAt: isoOf(task.ready_at),
    startedAt: isoOf(task.started_at),
    completedAt: isoOf(task.completed_at),
    completedBy: personOf(task.completed_by, task.completed_by_name),
    dependsOn: definition?.dependsOn ?? [],
    assignees: facts.assignees.get(task.task_key) ?? [],
    properties: (definition?.properties ?? []).map((property) => {
      const entry = facts.entries.get(property.libraryEntryId);
      const filled = facts.values.get(`${task.task_key}/${property.libraryEntryId}`);
      return {
        libraryEntryId: property.libraryEntryId,
        name: entry?.name ?? '',
        fieldType: entry?.field_type ?? null,
        renderOptions: entry?.render_options ?? null,
        required: property.required,
        value: filled?.value ?? null,
        updatedAt: isoOf(filled?.updated_at ?? null),
      };
    }),
  };
}

/** One stage of a permit with its tasks: status, dates, dependencies, assignees and property values. */
export async function getPermitStage(
  ctx: ServiceContext,
  permitId: string,
  stageKey: string,
): Promise<PermitStage> {
  const { permit } = await requirePermit(ctx, ctx.db, permitId);
  const stage = await ctx.db
    .selectFrom('permit_stages')
    .select(['stage_key', 'name', 'position', 'status', 'started_at', 'completed_at'])
    .where('permit_id', '=', permitId)
    .where('stage_key', '=', stageKey)
    .executeTakeFirst();
  if (!stage) throw notFound('The stage');
  const tasks = await tasksOf(ctx.db, permitId, stageKey);
  const taskKeys = tasks.map((task) => task.task_key);
  const templateStage = await templateStageOf(ctx.db, permit.template_id, stageKey);
  const [assignees, values, entries] = await Promise.all([
    assigneesOf(ctx.db, permitId, taskKeys),
    valuesOf(ctx.db, permitId, taskKeys),
    propertyEntriesOf(ctx.db, templateStage),
  ]);
  return {
    key: stage.stage_key,
    name: stage.name,
    position: stage.position,
    status: stage.status,
    startedAt: isoOf(stage.started_at),
    completedAt: isoOf(stage.completed_at),
    tasks: tasks.map((task) => presentTask(task, { templateStage, assignees, values, entries })),
  };
}
