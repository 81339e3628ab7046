import { checkValue, type FieldType, FileOptions, fileOptionsError, isEmptyValue } from '@crossarm/shared';

// How the browser checks and shapes the values of a permit's properties: the same checks the server runs
// (shared `checkValue`), plus the required check and the limits of File properties.

/** A property as a form field needs it. */
export interface FieldProperty {
  propertyEntryId: string;
  name: string;
  fieldType: FieldType;
  renderOptions: Record<string, unknown> | null;
  required: boolean;
  description?: string | null;
}

/** A file already stored on a File property. */
export interface StoredFileRef {
  fileId: string;
  fileName: string;
  size: number;
  contentType?: string;
}

export const REQUIRED_MESSAGE = 'Required';

/** The files a File property's stored value lists (anything malformed is left out). */
export function storedFilesOf(value: unknown): StoredFileRef[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is StoredFileRef =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as StoredFileRef).fileId === 'string' &&
      typeof (item as StoredFileRef).fileName === 'string',
  );
}

/** What is wrong with files chosen for a File property (type or size), or null. */
export function newFilesError(
  property: FieldProperty,
  files: readonly { name: string; type: string; size: number }[],
) {
  const parsed = FileOptions.safeParse(property.renderOptions ?? {});
  const options = parsed.success ? parsed.data : {};
  for (const file of files) {
    const problem = fileOptionsError(options, file);
    if (problem) return problem;
  }
  return null;
}

/**
 * The message under a field for its value, or null when it may be saved: 'Required' for an empty required
 * field, else what the server's check would say. File fields count files chosen to upload as filled in;
 * Expression fields are computed, so never wrong.
 */
export function fieldError(
  property: FieldProperty,
  value: unknown,
  newFiles: readonly { name: string; type: string; size: number }[] = [],
): string | null {
  if (property.fieldType === 'Expression') return null;
  if (property.fieldType === 'File') {
    if (property.required && storedFilesOf(value).length === 0 && newFiles.length === 0)
      return REQUIRED_MESSAGE;
    return newFilesError(property, newFiles);
  }
  // As the server counts it: a required property is filled once it holds any value (a checkbox either answer).
  if (property.required && isEmptyValue(value)) return REQUIRED_MESSAGE;
  const checked = checkValue(
    {
      id: property.propertyEntryId,
      name: property.name,
      fieldType: property.fieldType,
      renderOptions: property.renderOptions,
    },
    value,
  );
  return checked.ok ? null : checked.message;
}

/**
 * The value sent for a property on save: a File property sends the ids of the stored files to keep; other
 * properties send their value, with blank text as null.
 */
export function valueToSend(property: Pick<FieldProperty, 'fieldType'>, value: unknown): unknown {
  if (property.fieldType === 'File') return storedFilesOf(value).map((file) => file.fileId);
  if (typeof value === 'string' && value.trim() === '') return null;
  return value ?? null;
}

/** Whether two stored values are the same (values are JSON). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isEmptyValue(a) && isEmptyValue(b)) return true;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** How a value reads where it cannot be edited (an Expression's result, a value shown read-only). */
export function displayValue(
  property: Pick<FieldProperty, 'fieldType' | 'renderOptions'>,
  value: unknown,
  userLabel: (id: string) => string = (id) => id,
): string {
  if (isEmptyValue(value)) return '—';
  switch (property.fieldType) {
    case 'Checkbox':
      return value === true ? 'Yes' : 'No';
    case 'Radio':
    case 'Dropdown': {
      const options = Array.isArray(property.renderOptions?.options)
        ? (property.renderOptions.options as { value: string; label: string }[])
        : [];
      return options.find((option) => option.value === value)?.label ?? String(value);
    }
    case 'User':
      return (Array.isArray(value) ? value : [value]).map((id) => userLabel(String(id))).join(', ');
    case 'File':
      return storedFilesOf(value)
        .map((file) => file.fileName)
        .join(', ');
    case 'Number': {
      const unit = typeof property.renderOptions?.unit === 'string' ? ` ${property.renderOptions.unit}` : '';
      return `${String(value)}${unit}`;
    }
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}
