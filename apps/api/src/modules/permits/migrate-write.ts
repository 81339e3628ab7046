import type { DroppedAssignment, DroppedValue, WorkflowDefinition } from '@crossarm/shared';
import type { Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import type { ProjectRow } from '../projects/repo.ts';
import type { TemplateRow } from '../workflows/repo.ts';
import { changedPairs, type Mapping } from './mapping.ts';
import {
  type AssignmentRow,
  moveToTemplate,
  type PermitOnTemplate,
  replaceAssignments,
} from './migrate-repo.ts';
import { deleteProgress, deleteValues, insertActivity, insertProgress, insertValues } from './repo.ts';
import type { MigratedState, StoredValue } from './transform.ts';

/** Everything the batches of one migration share. */
export interface MigrationRun {
  ctx: ServiceContext;
  trx: Trx;
  source: TemplateRow;
  target: TemplateRow;
  mapping: Mapping;
  /** Where the target version holds each property. */
  placements: Map<string, (string | null)[]>;
  /** Property names by library entry id. */
  names: Map<string, string>;
  now: Date;
}

/** An assignment a move drops, because its task has no counterpart in the new version. */
export interface MovedPermit {
  permit: PermitOnTemplate;
  state: MigratedState;
  /** The permit's assignments on their new task keys. */
  assignments: AssignmentRow[];
  droppedAssignments: DroppedAssignment[];
}

/**
 * Carries a permit's assignments across the move: each follows its task to the task it maps to, and is
 * dropped when its task maps to none.
 */
export function carryAssignments(run: Pick<MigrationRun, 'mapping' | 'source'>, rows: AssignmentRow[]) {
  const carried: AssignmentRow[] = [];
  const dropped: DroppedAssignment[] = [];
  const taskNames = new Map(run.source.definition.stages.flatMap((s) => s.tasks.map((t) => [t.key, t.name])));
  for (const row of rows) {
    const target = run.mapping.tasks.get(row.task_key);
    if (target) carried.push({ ...row, task_key: target });
    else
      dropped.push({
        taskKey: row.task_key,
        taskName: taskNames.get(row.task_key) ?? 'A removed task',
        userId: row.user_id,
        userName: row.user_name,
      });
  }
  return { carried, dropped };
}

/** A stage of a version by key, as results and the activity log show it. */
export function stageRef(definition: WorkflowDefinition, key: string | null) {
  const stage = definition.stages.find((candidate) => candidate.key === key);
  return stage ? { key: stage.key, name: stage.name } : null;
}

/** A dropped value as results and the activity log list it. */
export function presentDropped(run: Pick<MigrationRun, 'names'>, value: StoredValue): DroppedValue {
  return {
    taskKey: value.taskKey,
    propertyEntryId: value.propertyEntryId,
    propertyName: run.names.get(value.propertyEntryId) ?? 'A deleted property',
    value: value.value,
  };
}

/** The activity entry of one moved permit: versions and stage before and after, the mapping, what was lost. */
function migrationActivity(run: MigrationRun, { permit, state, droppedAssignments }: MovedPermit) {
  const { source, target } = run;
  return {
    permitId: permit.id,
    projectId: source.project_id,
    kind: 'PermitMigrated' as const,
    actorUserId: run.ctx.session.user.id,
    summary: `Moved from version ${source.version} to version ${target.version} of '${source.group_name}'`,
    before: {
      templateId: source.id,
      version: source.version,
      activeStage: stageRef(source.definition, permit.active_stage_key),
    },
    after: {
      templateId: target.id,
      version: target.version,
      activeStage: stageRef(target.definition, state.progress.activeStageKey),
      // Only the pairs that change a key or drop an item: the others keep their key.
      mapping: { stages: changedPairs(run.mapping.stages), tasks: changedPairs(run.mapping.tasks) },
      droppedValues: state.dropped.map((value) => presentDropped(run, value)),
      droppedAssignments,
    },
  };
}

/**
 * Writes a batch of moved permits: their stages and tasks anew, the values of those whose values moved
 * or were dropped, their assignments on the new task keys, the permit rows, and one activity entry each.
 */
export async function writeMigratedBatch(run: MigrationRun, moved: MovedPermit[]) {
  const { trx, source } = run;
  const ids = moved.map(({ permit }) => permit.id);
  await deleteProgress(trx, ids);
  await insertProgress(
    trx,
    source.project_id,
    moved.map(({ permit, state }) => ({ permitId: permit.id, progress: state.progress })),
  );
  const revalued = moved.filter(({ state }) => state.valuesChanged);
  await deleteValues(
    trx,
    revalued.map(({ permit }) => permit.id),
  );
  await insertValues(
    trx,
    revalued.flatMap(({ permit, state }) =>
      state.values.map((value) => ({
        permit_id: permit.id,
        project_id: source.project_id,
        property_entry_id: value.propertyEntryId,
        task_key: value.taskKey,
        value: JSON.stringify(value.value),
        updated_by: value.updatedBy,
        updated_at: value.updatedAt,
      })),
    ),
  );
  await replaceAssignments(
    trx,
    ids,
    moved.flatMap(({ assignments }) => assignments),
  );
  await moveToTemplate(
    trx,
    run.target.id,
    moved.map(({ permit, state }) => ({ id: permit.id, activeStageKey: state.progress.activeStageKey })),
    run.now,
  );
  await insertActivity(
    trx,
    moved.map((entry) => migrationActivity(run, entry)),
  );
}

/** More ids than this and an event just names the project: the screens showing it refetch. */
const EVENT_PERMIT_IDS = 1_000;

/**
 * Tells the organizations that see the moved permits: the pole owner about all of them, each applicant
 * about its own. The hub has organization rooms, so that no attacher hears of another's permits.
 */
export async function announceMigration(
  run: MigrationRun,
  project: Pick<ProjectRow, 'id' | 'contributors'>,
  permits: PermitOnTemplate[],
) {
  const audiences = new Map<string, string[]>();
  const owners = project.contributors.filter((contributor) => contributor.role === 'PoleOwner');
  for (const owner of owners)
    audiences.set(
      owner.organizationId,
      permits.map((permit) => permit.id),
    );
  for (const permit of permits) {
    const own = audiences.get(permit.applicant_organization_id) ?? [];
    if (!owners.some((owner) => owner.organizationId === permit.applicant_organization_id))
      own.push(permit.id);
    audiences.set(permit.applicant_organization_id, own);
  }
  for (const [organizationId, permitIds] of audiences) {
    await run.ctx.app.events.record(run.trx, {
      type: 'PermitMigrated',
      organizationId,
      projectId: project.id,
      payload: {
        projectId: project.id,
        sourceTemplateId: run.source.id,
        targetTemplateId: run.target.id,
        permitIds: permitIds.length <= EVENT_PERMIT_IDS ? permitIds : null,
      },
      connectionId: run.ctx.connectionId,
    });
  }
}
