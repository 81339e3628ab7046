import type { PropertyValueInput, StagePropertyValue } from '@crossarm/shared';
import { type FieldProperty, fieldError, sameValue, valueToSend } from './field-values';

// A form of a permit's properties (a task's, or the application's): its values by property, what changed
// since it was loaded, and the body that saves the change.

export type FormValues = Record<string, unknown>;
export type NewFiles = Record<string, File[]>;
export type FormErrors = Record<string, string | null>;

/** A property as the API gives it, as a field; null for an entry that is no longer a property. */
export function toFieldProperty(property: StagePropertyValue): FieldProperty | null {
  if (!property.fieldType) return null;
  return {
    propertyEntryId: property.libraryEntryId,
    name: property.name,
    fieldType: property.fieldType,
    renderOptions: property.renderOptions,
    required: property.required,
  };
}

/** The fields of a list of properties, in order, leaving out entries that are no longer properties. */
export function fieldsOf(properties: readonly StagePropertyValue[]): FieldProperty[] {
  return properties.flatMap((property) => {
    const field = toFieldProperty(property);
    return field ? [field] : [];
  });
}

/** The stored values of a list of properties, by property. */
export function valuesOf(properties: readonly StagePropertyValue[]): FormValues {
  return Object.fromEntries(properties.map((property) => [property.libraryEntryId, property.value ?? null]));
}

/** Whether a field is filled in by people (not computed). */
const editable = (field: FieldProperty) => field.fieldType !== 'Expression';

/** The messages of every field (null where fine). */
export function formErrors(
  fields: readonly FieldProperty[],
  values: FormValues,
  newFiles: NewFiles,
): FormErrors {
  return Object.fromEntries(
    fields.map((field) => [
      field.propertyEntryId,
      fieldError(field, values[field.propertyEntryId], newFiles[field.propertyEntryId] ?? []),
    ]),
  );
}

/** Whether any message is set. */
export function hasErrors(errors: FormErrors): boolean {
  return Object.values(errors).some(Boolean);
}

/** Whether the form differs from what was loaded: a changed value or files waiting to upload. */
export function isDirty(
  fields: readonly FieldProperty[],
  initial: FormValues,
  values: FormValues,
  newFiles: NewFiles,
): boolean {
  return fields.some(
    (field) =>
      editable(field) &&
      (!sameValue(initial[field.propertyEntryId], values[field.propertyEntryId]) ||
        (newFiles[field.propertyEntryId]?.length ?? 0) > 0),
  );
}

/**
 * What a save sends: the changed values (File properties send the ids of the stored files to keep), and the
 * new files to upload, each with its property.
 */
export function buildSave(
  fields: readonly FieldProperty[],
  initial: FormValues,
  values: FormValues,
  newFiles: NewFiles,
): { values: PropertyValueInput[]; files: Array<{ propertyEntryId: string; file: File }> } {
  const changed: PropertyValueInput[] = [];
  const files: Array<{ propertyEntryId: string; file: File }> = [];
  for (const field of fields) {
    if (!editable(field)) continue;
    const id = field.propertyEntryId;
    if (!sameValue(initial[id], values[id]))
      changed.push({ propertyEntryId: id, value: valueToSend(field, values[id]) });
    for (const file of field.fieldType === 'File' ? (newFiles[id] ?? []) : [])
      files.push({ propertyEntryId: id, file });
  }
  return { values: changed, files };
}

/** The message of a failed save for each field it names (`values.2.value` or the property's id). */
export function serverFieldErrors(
  errors: readonly { field: string; message: string }[],
  sent: readonly PropertyValueInput[],
  fields: readonly FieldProperty[],
): FormErrors {
  const found: FormErrors = {};
  const ids = new Set(fields.map((field) => field.propertyEntryId));
  for (const { field, message } of errors) {
    const index = /values\.(\d+)/.exec(field)?.[1];
    const byIndex = index !== undefined ? sent[Number(index)]?.propertyEntryId : undefined;
    const byId = [...ids].find((id) => field.includes(id));
    const target = byIndex ?? byId;
    if (target && !found[target]) found[target] = message;
  }
  return found;
}
