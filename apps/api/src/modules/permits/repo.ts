import {
  CLOSED_PERMIT_STATUSES,
  type PermitActivityKind,
  type PermitStatus,
  type WorkflowDefinition,
} from '@crossarm/shared';
import type { Insertable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { PermitActivityTable, PermitPropertyValuesTable } from '../../db/schema.ts';
import type { Progress } from './engine.ts';

// Tenancy comes first: every permit query names the project, and the applicant organization when the
// caller is an attacher (an attacher never sees another attacher's permits).

/** Whose permits of a project a caller sees: all of them (the pole owner), or one applicant's. */
export interface PermitScope {
  projectId: string;
  /** Null for the pole owner; the caller's organization for an attacher. */
  applicantOrganizationId: string | null;
}

/** The permits of a project the scope sees. */
function scoped(db: Executor, scope: PermitScope) {
  return db
    .selectFrom('permits as p')
    .where('p.project_id', '=', scope.projectId)
    .$if(scope.applicantOrganizationId !== null, (query) =>
      query.where('p.applicant_organization_id', '=', scope.applicantOrganizationId!),
    );
}

/** Bound parameters per statement stay well under PostgreSQL's 65,535. */
const MAX_PARAMETERS = 30_000;

/** Runs `insert` over slices of `rows` small enough for one statement each. */
async function inChunks<T>(rows: T[], columns: number, insert: (chunk: T[]) => Promise<unknown>) {
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** The next number of a project's permits; holds the counter until the transaction ends, so there are no gaps. */
export async function allocatePermitNumber(db: Executor, projectId: string): Promise<number> {
  const row = await db
    .insertInto('permit_counters')
    .values({ project_id: projectId, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('project_id')
        .doUpdateSet((eb) => ({ last_number: eb('permit_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return row.last_number;
}

/** Writes the stages and tasks of permits of one project. */
export async function insertProgress(
  db: Executor,
  projectId: string,
  permits: { permitId: string; progress: Progress }[],
) {
  const stages = permits.flatMap(({ permitId, progress }) =>
    progress.stages.map((stage) => ({
      permit_id: permitId,
      project_id: projectId,
      stage_key: stage.stageKey,
      position: stage.position,
      library_entry_id: stage.libraryEntryId,
      name: stage.name,
      status: stage.status,
      started_at: stage.startedAt,
      completed_at: stage.completedAt,
    })),
  );
  const tasks = permits.flatMap(({ permitId, progress }) =>
    progress.tasks.map((task) => ({
      permit_id: permitId,
      project_id: projectId,
      stage_key: task.stageKey,
      task_key: task.taskKey,
      position: task.position,
      library_entry_id: task.libraryEntryId,
      name: task.name,
      required: task.required,
      status: task.status,
      ready_at: task.readyAt,
      started_at: task.startedAt,
      completed_at: task.completedAt,
      completed_by: task.completedBy,
    })),
  );
  await inChunks(stages, 9, (chunk) => db.insertInto('permit_stages').values(chunk).execute());
  await inChunks(tasks, 13, (chunk) => db.insertInto('permit_tasks').values(chunk).execute());
}

/** Removes the stages and tasks of permits, before they are written anew. */
export async function deleteProgress(db: Executor, permitIds: string[]) {
  if (permitIds.length === 0) return;
  await db.deleteFrom('permit_tasks').where('permit_id', 'in', permitIds).execute();
  await db.deleteFrom('permit_stages').where('permit_id', 'in', permitIds).execute();
}

export type NewPropertyValue = Insertable<PermitPropertyValuesTable>;

/** Writes property values, in statements small enough for any number of them. */
export async function insertValues(db: Executor, rows: NewPropertyValue[]) {
  await inChunks(rows, 7, (chunk) => db.insertInto('permit_property_values').values(chunk).execute());
}

/** Removes every property value of permits, before the ones they keep are written anew. */
export async function deleteValues(db: Executor, permitIds: string[]) {
  if (permitIds.length === 0) return;
  await db.deleteFrom('permit_property_values').where('permit_id', 'in', permitIds).execute();
}

/** One activity entry; `kind` and `summary` say what happened, `before` and `after` the changed facts. */
export interface ActivityEntry {
  permitId: string;
  projectId: string;
  kind: PermitActivityKind;
  actorUserId: string | null;
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends activity entries. */
export async function insertActivity(db: Executor, entries: ActivityEntry[]) {
  const rows: Insertable<PermitActivityTable>[] = entries.map((entry) => ({
    permit_id: entry.permitId,
    project_id: entry.projectId,
    kind: entry.kind,
    actor_user_id: entry.actorUserId,
    summary: entry.summary,
    before: entry.before ? JSON.stringify(entry.before) : null,
    after: entry.after ? JSON.stringify(entry.after) : null,
  }));
  await inChunks(rows, 7, (chunk) => db.insertInto('permit_activity').values(chunk).execute());
}

/** Whether a project has any permit at all, whoever applied. */
export async function projectHasPermits(db: Executor, projectId: string) {
  const row = await db
    .selectFrom('permits')
    .select('id')
    .where('project_id', '=', projectId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** A page of the permits running on a template version, newest first, with applicant and active stage. */
export async function pageOfTemplatePermits(
  db: Executor,
  scope: PermitScope,
  templateId: string,
  page: { page: number; pageSize: number },
) {
  const onTemplate = scoped(db, scope).where('p.template_id', '=', templateId);
  const [rows, total] = await Promise.all([
    onTemplate
      .innerJoin('organizations as applicant', 'applicant.id', 'p.applicant_organization_id')
      .leftJoin('permit_stages as stage', (join) =>
        join.onRef('stage.permit_id', '=', 'p.id').onRef('stage.stage_key', '=', 'p.active_stage_key'),
      )
      .select([
        'p.id',
        'p.permit_number',
        'p.status',
        'p.created_at',
        'p.applicant_organization_id',
        'applicant.name as applicant_name',
        'p.active_stage_key',
        'stage.name as active_stage_name',
      ])
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize)
      .execute(),
    onTemplate.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** How many permits the scope sees, by status; statuses without permits are absent. */
export async function countByStatus(db: Executor, scope: PermitScope) {
  const rows = await scoped(db, scope)
    .select(['p.status', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('p.status')
    .execute();
  return new Map<PermitStatus, number>(rows.map((row) => [row.status, Number(row.n)]));
}

/** How many open permits the scope sees in each stage of each template version. */
export async function openPermitsByStage(db: Executor, scope: PermitScope) {
  const rows = await scoped(db, scope)
    .select(['p.template_id', 'p.active_stage_key', (eb) => eb.fn.countAll<string>().as('n')])
    .where('p.status', 'not in', CLOSED_PERMIT_STATUSES)
    .where('p.active_stage_key', 'is not', null)
    .groupBy(['p.template_id', 'p.active_stage_key'])
    .execute();
  return rows.map((row) => ({
    templateId: row.template_id,
    stageKey: row.active_stage_key!,
    count: Number(row.n),
  }));
}

/** The definitions of template versions by id. */
export async function definitionsOf(db: Executor, templateIds: string[]) {
  if (templateIds.length === 0) return new Map<string, WorkflowDefinition>();
  const rows = await db
    .selectFrom('workflow_templates')
    .select(['id', 'definition'])
    .where('id', 'in', templateIds)
    .execute();
  return new Map(rows.map((row) => [row.id, row.definition]));
}

/** The project's pole and span counts, as its map data summary keeps them. */
export async function mapCounts(db: Executor, projectId: string) {
  const row = await db
    .selectFrom('project_agol')
    .select(['pole_count', 'span_count'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return { poles: row?.pole_count ?? 0, spans: row?.span_count ?? 0 };
}
