import type { TemplateProperty, TemplateTask } from '@crossarm/shared';
import { fileRefsOf, isEmptyValue, type PropertyFacts } from '@crossarm/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { StoredValue } from './transform.ts';

/** The property library entries by id. */
export async function propertyFacts(db: Executor, ids: string[]): Promise<Map<string, PropertyFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('library_entries')
    .select(['id', 'name', 'field_type', 'render_options'])
    .where('id', 'in', [...new Set(ids)])
    .where('kind', '=', 'property')
    .execute();
  return new Map(
    rows.map((row) => [
      row.id,
      { id: row.id, name: row.name, fieldType: row.field_type, renderOptions: row.render_options },
    ]),
  );
}

/** Every value filled in on a permit. */
export async function permitValues(db: Executor, permitId: string): Promise<StoredValue[]> {
  const rows = await db
    .selectFrom('permit_property_values')
    .select([
      'task_key as taskKey',
      'property_entry_id as propertyEntryId',
      'value',
      'updated_by as updatedBy',
      'updated_at as updatedAt',
    ])
    .where('permit_id', '=', permitId)
    .execute();
  return rows;
}

/** Sets (or, for an empty value, removes) one value of a permit at its place. */
export async function writeValue(
  db: Executor,
  permit: { id: string; project_id: string },
  place: { taskKey: string | null; propertyEntryId: string },
  value: unknown,
  userId: string,
) {
  const here = db
    .deleteFrom('permit_property_values')
    .where('permit_id', '=', permit.id)
    .where('property_entry_id', '=', place.propertyEntryId)
    .where((eb) =>
      place.taskKey === null ? eb('task_key', 'is', null) : eb('task_key', '=', place.taskKey),
    );
  await here.execute();
  if (isEmptyValue(value)) return;
  await db
    .insertInto('permit_property_values')
    .values({
      permit_id: permit.id,
      project_id: permit.project_id,
      property_entry_id: place.propertyEntryId,
      task_key: place.taskKey,
      value: JSON.stringify(value),
      updated_by: userId,
      updated_at: new Date(),
    })
    .execute();
}

/** The names of a task's required properties that are still empty. */
export async function missingRequiredProperties(db: Executor, permitId: string, task: TemplateTask) {
  const required = task.properties.filter((property: TemplateProperty) => property.required);
  if (required.length === 0) return [];
  const filled = new Set(
    (await permitValues(db, permitId))
      .filter((value) => value.taskKey === task.key && !isEmptyValue(value.value))
      .map((value) => value.propertyEntryId),
  );
  const missing = required.filter((property) => !filled.has(property.libraryEntryId));
  const facts = await propertyFacts(
    db,
    missing.map((property) => property.libraryEntryId),
  );
  return missing.map((property) => facts.get(property.libraryEntryId)?.name ?? 'A deleted property');
}

/**
 * Takes a file out of every File property value of the permit that lists it (a file deleted from the
 * permit); a value left with no file is removed. Gives each value changed, before and after.
 */
export async function removeFileFromValues(
  db: Executor,
  permit: { id: string; project_id: string },
  fileId: string,
  userId: string,
) {
  const listing = await db
    .selectFrom('permit_property_values')
    .select(['task_key as taskKey', 'property_entry_id as propertyEntryId', 'value'])
    .where('permit_id', '=', permit.id)
    .where(sql<boolean>`value @> ${JSON.stringify([{ fileId }])}::jsonb`)
    .execute();
  const changed = [];
  for (const row of listing) {
    const after = fileRefsOf(row.value).filter((ref) => ref.fileId !== fileId);
    await writeValue(db, permit, row, after.length > 0 ? after : null, userId);
    const { taskKey, propertyEntryId } = row;
    changed.push({ taskKey, propertyEntryId, before: row.value, after: after.length > 0 ? after : null });
  }
  return changed;
}
