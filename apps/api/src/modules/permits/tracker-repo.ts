import type { Executor } from '../../db/database.ts';
import { fullName } from '../projects/repo.ts';

// The reads behind a permit's header and tracker: its stages and tasks in workflow order, and who is
// assigned to them.

/** A permit's stages in workflow order. */
export function stagesOf(db: Executor, permitId: string) {
  return db
    .selectFrom('permit_stages')
    .select(['stage_key', 'name', 'position', 'status', 'started_at', 'completed_at'])
    .where('permit_id', '=', permitId)
    .orderBy('position')
    .execute();
}

/** A permit's tasks, of one stage when given, in stage then task order, with who completed each. */
export function tasksOf(db: Executor, permitId: string, stageKey?: string) {
  return db
    .selectFrom('permit_tasks as t')
    .leftJoin('users as u', 'u.id', 't.completed_by')
    .select([
      't.stage_key',
      't.task_key',
      't.name',
      't.position',
      't.required',
      't.status',
      't.ready_at',
      't.started_at',
      't.completed_at',
      't.completed_by',
      fullName('u').as('completed_by_name'),
    ])
    .where('t.permit_id', '=', permitId)
    .$if(stageKey !== undefined, (query) => query.where('t.stage_key', '=', stageKey!))
    .orderBy('t.stage_key')
    .orderBy('t.position')
    .execute();
}

export type TaskRow = Awaited<ReturnType<typeof tasksOf>>[number];

export interface Person {
  id: string;
  name: string;
}

/** The people assigned to each of the given tasks of a permit, by task key, by name. */
export async function assigneesOf(db: Executor, permitId: string, taskKeys: string[]) {
  const byTask = new Map<string, Person[]>();
  if (taskKeys.length === 0) return byTask;
  const rows = await db
    .selectFrom('permit_task_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.task_key', 'u.id', fullName('u').as('name')])
    .where('a.permit_id', '=', permitId)
    .where('a.task_key', 'in', taskKeys)
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
  for (const row of rows) {
    const list = byTask.get(row.task_key) ?? [];
    list.push({ id: row.id, name: row.name ?? '' });
    byTask.set(row.task_key, list);
  }
  return byTask;
}

/** A person, or null when nobody (or a removed user) is named. */
export function personOf(id: string | null, name: string | null): Person | null {
  return id ? { id, name: name ?? '' } : null;
}

/** An optional time as the API writes it. */
export function isoOf(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}
