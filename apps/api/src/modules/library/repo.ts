import type { Application, LibraryKind, LibraryListQuery, LibraryStatus } from '@crossarm/shared';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { LibraryEntriesTable } from '../../db/schema.ts';

export type LibraryEntryRow = Selectable<LibraryEntriesTable>;
export type NewLibraryEntry = Insertable<LibraryEntriesTable>;
export type LibraryEntryUpdate = Updateable<LibraryEntriesTable>;

/** Where a library lives: one application's entries of one kind. */
export interface LibraryScope {
  application: Application;
  kind: LibraryKind;
}

/** `%` and `_` in a search are meant literally. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A page of one library, filtered by status and search, in the asked order (ties broken by id). */
export async function listEntries(db: Executor, scope: LibraryScope, query: LibraryListQuery) {
  let base = db
    .selectFrom('library_entries')
    .where('application', '=', scope.application)
    .where('kind', '=', scope.kind);
  if (query.status !== 'All') base = base.where('status', '=', query.status);
  if (query.search) {
    const pattern = likePattern(query.search);
    base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('description', 'ilike', pattern)]));
  }
  const direction = query.sortDir;
  let rows = base.selectAll();
  if (query.sortBy === 'createdAt') rows = rows.orderBy('created_at', direction);
  else if (query.sortBy === 'updatedAt') rows = rows.orderBy('updated_at', direction);
  else if (query.sortBy === 'fieldType') rows = rows.orderBy('field_type', direction);
  rows = rows.orderBy(sql`lower(name)`, query.sortBy === 'name' ? direction : 'asc').orderBy('id');
  const [items, count] = await Promise.all([
    rows
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(count.count) };
}

/** One entry of a kind; an id of another kind is not found. `lock` holds the row until the transaction ends. */
export async function findEntry(db: Executor, kind: LibraryKind, id: string, lock = false) {
  const query = db.selectFrom('library_entries').selectAll().where('kind', '=', kind).where('id', '=', id);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

/** Entries by id, of any kind, application and status (what a workflow template refers to). */
export async function findEntriesByIds(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('library_entries').selectAll().where('id', 'in', ids).execute();
}

/** The entry of the scope with this name, ignoring case. */
export async function findEntryByName(db: Executor, scope: LibraryScope, name: string) {
  return db
    .selectFrom('library_entries')
    .selectAll()
    .where('application', '=', scope.application)
    .where('kind', '=', scope.kind)
    .where(sql<string>`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

export async function insertEntry(db: Executor, values: NewLibraryEntry) {
  return db.insertInto('library_entries').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEntry(db: Executor, id: string, values: LibraryEntryUpdate) {
  return db
    .updateTable('library_entries')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setEntryStatus(db: Executor, id: string, status: LibraryStatus, userId: string) {
  const now = new Date();
  return updateEntry(db, id, {
    status,
    archived_at: status === 'Archived' ? now : null,
    updated_at: now,
    updated_by: userId,
  });
}

export async function deleteEntry(db: Executor, id: string) {
  await db.deleteFrom('library_entries').where('id', '=', id).execute();
}

/** The active entries of a scope by name, at most `limit`. */
export async function listActiveEntries(db: Executor, scope: LibraryScope, limit: number) {
  return db
    .selectFrom('library_entries')
    .selectAll()
    .where('application', '=', scope.application)
    .where('kind', '=', scope.kind)
    .where('status', '=', 'Active')
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many active entries an application's library has, per kind. */
export async function countActiveByKind(db: Executor, application: Application) {
  const rows = await db
    .selectFrom('library_entries')
    .select(['kind', (eb) => eb.fn.countAll<string>().as('count')])
    .where('application', '=', application)
    .where('status', '=', 'Active')
    .groupBy('kind')
    .execute();
  const counts: Record<LibraryKind, number> = { stage: 0, property: 0, task: 0, unit: 0 };
  for (const row of rows) counts[row.kind] = Number(row.count);
  return counts;
}

/** How many organizations have each application enabled. */
export async function countOrganizationsByApplication(db: Executor) {
  const rows = await db
    .selectFrom('organization_applications')
    .select(['application', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('application')
    .execute();
  return new Map(rows.map((row) => [row.application, Number(row.count)]));
}

/** Every Expression property of an application, with its formula, for reference checks. */
export async function listExpressionProperties(db: Executor, application: Application) {
  return db
    .selectFrom('library_entries')
    .select(['id', 'name', 'render_options'])
    .where('application', '=', application)
    .where('kind', '=', 'property')
    .where('field_type', '=', 'Expression')
    .execute();
}

/** The Number properties of an application measured in the given unit (by name, ignoring case). */
export async function listPropertiesUsingUnit(db: Executor, application: Application, unitName: string) {
  return db
    .selectFrom('library_entries')
    .select(['id', 'name'])
    .where('application', '=', application)
    .where('kind', '=', 'property')
    .where('field_type', '=', 'Number')
    .where(sql<string>`lower(render_options->>'unit')`, '=', unitName.toLowerCase())
    .orderBy(sql`lower(name)`)
    .execute();
}

/** The property entries of an application with these names (ignoring case). */
export async function findPropertiesByName(db: Executor, application: Application, names: string[]) {
  if (names.length === 0) return [];
  return db
    .selectFrom('library_entries')
    .select(['id', 'name', 'field_type', 'render_options'])
    .where('application', '=', application)
    .where('kind', '=', 'property')
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((name) => name.toLowerCase()),
    )
    .execute();
}

/** True when the error is a unique-index violation (two writers raced for one name). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
