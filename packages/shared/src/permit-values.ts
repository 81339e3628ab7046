import { z } from 'zod';
import { formatSize, megabytesToBytes } from './formatters.ts';
import { type FieldType, type FileOptions, PropertyDefinition } from './library.ts';
import { utcDate, ValidationMessage, validateEmail, validatePhone } from './validators.ts';

// How a value filled in on a permit is checked against its property's field type and render options.
// Values are stored as JSON: text as strings, numbers as numbers, dates as "YYYY-MM-DD", checkboxes as
// booleans, choices as the option's stored value, users as a user id (a list when several may be picked),
// files as the list of the files uploaded to the property (`PropertyFileRef`).

/** A file uploaded to a File property, as its stored value lists it; the file is one of the permit's files. */
export const PropertyFileRef = z.object({
  fileId: z.uuid(),
  fileName: z.string(),
  /** Bytes. */
  size: z.number().int().nonnegative(),
  contentType: z.string(),
});
export type PropertyFileRef = z.infer<typeof PropertyFileRef>;

/** A property library entry as the checks need it. */
export interface PropertyFacts {
  id: string;
  name: string;
  fieldType: FieldType | null;
  renderOptions: Record<string, unknown> | null;
}

export type CheckedValue = { ok: true; value: unknown } | { ok: false; message: string };

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const valid = (value: unknown): CheckedValue => ({ ok: true, value });
const invalid = (message: string): CheckedValue => ({ ok: false, message });

/** Null, an empty or blank text and an empty list all mean "nothing filled in". */
export function isEmptyValue(value: unknown) {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

/**
 * Checks one value and gives it as it is stored, or a message saying what is wrong. User values are only
 * checked for shape here: whether those people see the permit needs the database. A File property's value
 * is sent as the ids of its stored files to keep (new files come as uploads); the server keeps those and
 * appends what was uploaded.
 */
export function checkValue(property: PropertyFacts, value: unknown): CheckedValue {
  const parsed = PropertyDefinition.safeParse({
    fieldType: property.fieldType,
    renderOptions: property.renderOptions ?? undefined,
  });
  if (!parsed.success) return invalid(`${property.name} is not a property that can be filled in`);
  const definition = parsed.data;
  if (definition.fieldType === 'Expression')
    return invalid('Computed from other properties; it cannot be set');
  if (isEmptyValue(value)) return valid(null);
  switch (definition.fieldType) {
    case 'Text':
    case 'TextArea':
      return checkText(value, definition.renderOptions.maxLength);
    case 'Number':
      return checkNumber(value, definition.renderOptions);
    case 'Date':
      return checkDay(value);
    case 'Checkbox':
      return typeof value === 'boolean' ? valid(value) : invalid('Must be true or false');
    case 'Radio':
    case 'Dropdown':
      return typeof value === 'string' && definition.renderOptions.options.some((o) => o.value === value)
        ? valid(value)
        : invalid('Must be one of the options');
    case 'Email':
      return checkWith(value, validateEmail);
    case 'Phone':
      return checkWith(value, validatePhone);
    case 'User':
      return checkUsers(value, definition.renderOptions.multiple ?? false);
    case 'File':
      return checkFileIds(value);
  }
}

function checkText(value: unknown, maxLength: number | undefined): CheckedValue {
  if (typeof value !== 'string') return invalid('Must be text');
  if (maxLength !== undefined && value.length > maxLength) return invalid(`At most ${maxLength} characters`);
  return valid(value);
}

function checkNumber(
  value: unknown,
  options: { min?: number; max?: number; decimals?: number },
): CheckedValue {
  if (typeof value !== 'number' || !Number.isFinite(value)) return invalid('Must be a number');
  if (options.min !== undefined && value < options.min) return invalid(`At least ${options.min}`);
  if (options.max !== undefined && value > options.max) return invalid(`At most ${options.max}`);
  if (options.decimals !== undefined && decimalsOf(value) > options.decimals) {
    return invalid(
      options.decimals === 0 ? 'Must be a whole number' : `At most ${options.decimals} decimals`,
    );
  }
  return valid(value);
}

/** Decimal places as the number is written, e.g. 1.25 → 2. */
function decimalsOf(value: number) {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent));
}

function checkDay(value: unknown): CheckedValue {
  const match = typeof value === 'string' ? ISO_DAY.exec(value) : null;
  if (!match) return invalid('Must be a date as YYYY-MM-DD');
  const [, year, month, day] = match;
  return utcDate(Number(year), Number(month), Number(day))
    ? valid(value)
    : invalid(ValidationMessage.InvalidDate);
}

function checkWith(value: unknown, validator: (text: string) => string | null): CheckedValue {
  if (typeof value !== 'string') return invalid('Must be text');
  const message = validator(value.trim());
  return message ? invalid(message) : valid(value.trim());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkUsers(value: unknown, multiple: boolean): CheckedValue {
  if (multiple) {
    const ids = Array.isArray(value) ? value : [value];
    if (!ids.every((id) => typeof id === 'string' && UUID.test(id)))
      return invalid('Must be a list of user ids');
    if (new Set(ids).size !== ids.length) return invalid('A person is listed twice');
    return valid(ids);
  }
  return typeof value === 'string' && UUID.test(value) ? valid(value) : invalid('Must be a user id');
}

/** The ids of the files to keep, given as ids or as the stored refs themselves. */
function checkFileIds(value: unknown): CheckedValue {
  if (!Array.isArray(value)) return invalid('Must be a list of file ids');
  const ids = value.map((item: unknown) =>
    item && typeof item === 'object' && 'fileId' in item ? (item as { fileId: unknown }).fileId : item,
  );
  if (!ids.every((id) => typeof id === 'string' && UUID.test(id)))
    return invalid('Must be a list of file ids');
  if (new Set(ids).size !== ids.length) return invalid('A file is listed twice');
  return valid(ids);
}

/** The files a stored File value lists; anything malformed is left out. */
export function fileRefsOf(value: unknown): PropertyFileRef[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const parsed = PropertyFileRef.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Whether a file's name or media type matches one accepted type (`.pdf`, `image/png`, `image/*`). */
export function acceptsFile(
  acceptedTypes: readonly string[] | undefined,
  file: { name: string; type: string },
) {
  if (!acceptedTypes || acceptedTypes.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return acceptedTypes.some((accepted) => {
    const rule = accepted.toLowerCase();
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}

/** What is wrong with a file uploaded to a File property (its type or size), or null. */
export function fileOptionsError(
  options: FileOptions,
  file: { name: string; type: string; size: number },
): string | null {
  if (!acceptsFile(options.acceptedTypes, file)) {
    return `${file.name} is not an accepted type (${options.acceptedTypes?.join(', ')})`;
  }
  if (options.maxSizeMb !== undefined && file.size > megabytesToBytes(options.maxSizeMb)) {
    return `${file.name} is ${formatSize(file.size)}; at most ${options.maxSizeMb} MB`;
  }
  return null;
}

/** The user ids a stored User value names. */
export function userIdsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}
