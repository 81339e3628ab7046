import {
  libraryEntryIdsOf,
  MIGRATION_PERMIT_LIST_LIMIT,
  type MigratedPermit,
  type PermitMigrationInput,
  type PermitMigrationResult,
  type PermitStatus,
  type SkippedPermit,
  type WorkflowDefinition,
} from '@crossarm/shared';
import type { z } from 'zod';
import type { Executor, Trx } from '../../db/database.ts';
import { type ServiceContext, transact } from '../../http/context.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { recordAudit } from '../audit/audit.ts';
import { findEntriesByIds } from '../library/repo.ts';
import { requireManagedProject } from '../projects/access.ts';
import { findVisibleTemplate, type TemplateRow } from '../workflows/repo.ts';
import { requireProjectTemplate } from './access.ts';
import { buildMapping, describeMapping } from './mapping.ts';
import { assignmentsOf, type PermitOnTemplate, permitsOnTemplate, snapshotsOf } from './migrate-repo.ts';
import {
  announceMigration,
  carryAssignments,
  type MigrationRun,
  presentDropped,
  stageRef,
  writeMigratedBatch,
} from './migrate-write.ts';
import { migratePermitState, placementsOf } from './transform.ts';

// Moving permits from one published version of a template to another. Finished permits (Completed or
// Cancelled) are skipped: their history is told in the stages and tasks of the version they finished on.
// A preview runs the same steps without writing anything.

type MigrationInput = z.output<typeof PermitMigrationInput>;

/** Permits are read, worked out and written this many at a time, so memory stays flat on large projects. */
const BATCH = 200;

const SKIP_REASONS: Partial<Record<PermitStatus, string>> = {
  Completed: 'Completed permits stay on the version they were completed on.',
  Cancelled: 'Cancelled permits stay on the version they were cancelled on.',
};

/** The version the permits move to: another published version of the same template group. */
async function requireTarget(ctx: ServiceContext, db: Executor, source: TemplateRow, targetId: string) {
  if (targetId === source.id) throw conflict('The permits already run on this version.');
  const target = await findVisibleTemplate(db, ctx.session.organizationId!, targetId);
  const field = 'body.targetTemplateId';
  if (target?.project_id !== source.project_id || target.group_id !== source.group_id) {
    throw badRequest('Permits move only between versions of the same template.', [
      { field, message: `Not a version of the template '${source.group_name}'` },
    ]);
  }
  if (target.status !== 'Published') {
    throw badRequest('Permits move only to a published version.', [
      { field, message: `Version ${target.version} is a draft; publish it first` },
    ]);
  }
  return target;
}

/** The permits to move, refusing listed ids that are not permits on the source version. */
async function choosePermits(trx: Trx, source: TemplateRow, input: MigrationInput) {
  const permits = await permitsOnTemplate(trx, source.project_id, source.id, input.permitIds, !input.preview);
  const found = new Set(permits.map((permit) => permit.id));
  const missing = (input.permitIds ?? []).flatMap((id, index) =>
    found.has(id) ? [] : [{ field: `body.permitIds.${index}`, message: 'Not a permit on this version' }],
  );
  if (missing.length > 0) throw badRequest('Some of the permits do not run on this version.', missing);
  const skipped = permits.filter((permit) => SKIP_REASONS[permit.status]);
  return { movable: permits.filter((permit) => !SKIP_REASONS[permit.status]), skipped };
}

/** Property names by entry id, for listing dropped values. */
async function propertyNames(db: Executor, definition: WorkflowDefinition) {
  const entries = await findEntriesByIds(db, libraryEntryIdsOf(definition));
  return new Map(entries.map((entry) => [entry.id, entry.name]));
}

/** Works out (and unless previewing, writes) each permit's move, a batch at a time. */
async function moveAll(run: MigrationRun, permits: PermitOnTemplate[], preview: boolean) {
  const listed: MigratedPermit[] = [];
  let droppedValues = 0;
  for (let start = 0; start < permits.length; start += BATCH) {
    const batch = permits.slice(start, start + BATCH);
    const ids = batch.map((permit) => permit.id);
    const snapshots = await snapshotsOf(run.trx, ids);
    const assignments = await assignmentsOf(run.trx, ids);
    const states = batch.map((permit) => {
      const { carried, dropped } = carryAssignments(
        run,
        assignments.filter((row) => row.permit_id === permit.id),
      );
      return {
        permit,
        state: migratePermitState(
          run.target.definition,
          run.mapping,
          run.placements,
          snapshots.get(permit.id)!,
          run.now,
        ),
        assignments: carried,
        droppedAssignments: dropped,
      };
    });
    if (!preview) await writeMigratedBatch(run, states);
    for (const { permit, state, droppedAssignments } of states) {
      droppedValues += state.dropped.length;
      if (listed.length >= MIGRATION_PERMIT_LIST_LIMIT) continue;
      listed.push({
        permitId: permit.id,
        permitNumber: permit.permit_number,
        activeStage: stageRef(run.target.definition, state.progress.activeStageKey),
        droppedValues: state.dropped.map((value) => presentDropped(run, value)),
        droppedAssignments,
      });
    }
  }
  return { listed, droppedValues };
}

/**
 * Moves permits of a version to another published version of the same template, or previews the move.
 * The pole owner's project managers only; everything happens in one transaction.
 */
export async function migratePermits(
  ctx: ServiceContext,
  projectId: string,
  templateId: string,
  input: MigrationInput,
): Promise<PermitMigrationResult> {
  return transact(ctx, async (trx) => {
    const project = await requireManagedProject(
      ctx,
      trx,
      projectId,
      "Only the pole owner's project managers move permits between versions.",
    );
    const source = await requireProjectTemplate(ctx, trx, projectId, templateId);
    const target = await requireTarget(ctx, trx, source, input.targetTemplateId);
    const { mapping, issues } = buildMapping(source.definition, target.definition, input.mapping);
    if (issues.length > 0) throw badRequest('The mapping does not fit these versions.', issues);
    const { movable, skipped } = await choosePermits(trx, source, input);
    const run: MigrationRun = {
      ctx,
      trx,
      source,
      target,
      mapping,
      placements: placementsOf(target.definition),
      names: await propertyNames(trx, source.definition),
      now: new Date(),
    };
    const { listed, droppedValues } = await moveAll(run, movable, input.preview);
    if (!input.preview && movable.length > 0) {
      await announceMigration(run, project, movable);
      await recordAudit(trx, ctx.session, {
        action: 'workflow-template.permits-migrated',
        targetType: 'workflow-template',
        targetId: source.id,
        organizationId: project.owner_organization_id,
        before: { templateId: source.id, version: source.version },
        after: {
          templateId: target.id,
          version: target.version,
          migrated: movable.length,
          skipped: skipped.length,
        },
      });
    }
    return {
      preview: input.preview,
      sourceTemplateId: source.id,
      targetTemplateId: target.id,
      ...describeResult(run, listed, skipped),
      counts: { migrated: movable.length, skipped: skipped.length, droppedValues },
    };
  });
}

function describeResult(run: MigrationRun, listed: MigratedPermit[], skipped: PermitOnTemplate[]) {
  const { stages, tasks, newStages, newTasks } = describeMapping(
    run.source.definition,
    run.target.definition,
    run.mapping,
  );
  return {
    mapping: { stages, tasks },
    newStages,
    newTasks,
    permits: listed,
    skipped: skipped.slice(0, MIGRATION_PERMIT_LIST_LIMIT).map(
      (permit): SkippedPermit => ({
        permitId: permit.id,
        permitNumber: permit.permit_number,
        reason: SKIP_REASONS[permit.status]!,
      }),
    ),
  };
}
