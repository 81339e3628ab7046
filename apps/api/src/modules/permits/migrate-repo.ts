import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PermitSnapshot } from './transform.ts';

/**
 * The permits of a project running on a version, in the order they were created; only the listed ones
 * when `permitIds` is given. `lock` holds them until the transaction ends, so no one changes them meanwhile.
 */
export async function permitsOnTemplate(
  db: Executor,
  projectId: string,
  templateId: string,
  permitIds: string[] | undefined,
  lock: boolean,
) {
  const query = db
    .selectFrom('permits')
    .select(['id', 'permit_number', 'status', 'applicant_organization_id', 'active_stage_key'])
    .where('project_id', '=', projectId)
    .where('template_id', '=', templateId)
    .$if(permitIds !== undefined, (q) => q.where('id', 'in', permitIds!))
    .orderBy('created_at')
    .orderBy('permit_number');
  return (lock ? query.forUpdate() : query).execute();
}

export type PermitOnTemplate = Awaited<ReturnType<typeof permitsOnTemplate>>[number];

/** What each of some permits has on its version: stages, tasks and property values. */
export async function snapshotsOf(db: Executor, permitIds: string[]): Promise<Map<string, PermitSnapshot>> {
  const snapshots = new Map<string, PermitSnapshot>(
    permitIds.map((id) => [id, { stages: [], tasks: [], values: [] }]),
  );
  if (permitIds.length === 0) return snapshots;
  // Selected under the snapshot's names, so that each row goes in as it is.
  const [stages, tasks, values] = await Promise.all([
    db
      .selectFrom('permit_stages')
      .select([
        'permit_id',
        'stage_key as stageKey',
        'started_at as startedAt',
        'completed_at as completedAt',
      ])
      .where('permit_id', 'in', permitIds)
      .execute(),
    db
      .selectFrom('permit_tasks')
      .select([
        'permit_id',
        'task_key as taskKey',
        'status',
        'ready_at as readyAt',
        'started_at as startedAt',
        'completed_at as completedAt',
        'completed_by as completedBy',
      ])
      .where('permit_id', 'in', permitIds)
      .execute(),
    db
      .selectFrom('permit_property_values')
      .select([
        'permit_id',
        'task_key as taskKey',
        'property_entry_id as propertyEntryId',
        'value',
        'updated_by as updatedBy',
        'updated_at as updatedAt',
      ])
      .where('permit_id', 'in', permitIds)
      // The application form's values first, so that they keep their place before task values move.
      .orderBy(sql`task_key IS NULL`, 'desc')
      .orderBy('task_key')
      .orderBy('property_entry_id')
      .execute(),
  ]);
  for (const row of stages) snapshots.get(row.permit_id)!.stages.push(row);
  for (const row of tasks) snapshots.get(row.permit_id)!.tasks.push(row);
  for (const row of values) snapshots.get(row.permit_id)!.values.push(row);
  return snapshots;
}

/** Points permits at their new version with their new active stage, in one statement. */
export async function moveToTemplate(
  db: Executor,
  templateId: string,
  permits: { id: string; activeStageKey: string | null }[],
  now: Date,
) {
  if (permits.length === 0) return;
  const rows = permits.map((permit) => sql`(${permit.id}::uuid, ${permit.activeStageKey}::uuid)`);
  await sql`
    UPDATE permits SET template_id = ${templateId}, active_stage_key = moved.active_stage_key,
      updated_at = ${now}, last_activity_at = ${now}
    FROM (VALUES ${sql.join(rows)}) AS moved (id, active_stage_key)
    WHERE permits.id = moved.id`.execute(db);
}

/** Who is assigned to the tasks of some permits, with each person's name. */
export async function assignmentsOf(db: Executor, permitIds: string[]) {
  if (permitIds.length === 0) return [];
  return db
    .selectFrom('permit_task_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.permit_id',
      'a.task_key',
      'a.user_id',
      'a.assigned_by',
      'a.assigned_at',
      sql<string>`trim(u.first_name || ' ' || u.last_name)`.as('user_name'),
    ])
    .where('a.permit_id', 'in', permitIds)
    .orderBy('a.task_key')
    .orderBy('user_name')
    .execute();
}

export type AssignmentRow = Awaited<ReturnType<typeof assignmentsOf>>[number];

/** Replaces the assignments of moved permits with the ones they carry to their new version. */
export async function replaceAssignments(db: Executor, permitIds: string[], carried: AssignmentRow[]) {
  if (permitIds.length === 0) return;
  await db.deleteFrom('permit_task_assignments').where('permit_id', 'in', permitIds).execute();
  if (carried.length === 0) return;
  await db
    .insertInto('permit_task_assignments')
    .values(
      carried.map((row) => ({
        permit_id: row.permit_id,
        task_key: row.task_key,
        user_id: row.user_id,
        assigned_by: row.assigned_by,
        assigned_at: row.assigned_at,
      })),
    )
    // Two tasks mapped onto one keep the person once.
    .onConflict((oc) => oc.doNothing())
    .execute();
}
