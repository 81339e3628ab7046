import {
  type ExpressionResultType,
  type FieldType,
  type LibraryEntry,
  type LibraryEntryInput,
  LibraryEntryInputs,
  type LibraryKind,
  propertyDefinitionOf,
} from '@crossarm/shared';

/** An empty number field. */
export type MaybeNumber = number | '';

export interface ChoiceDraft {
  /** Stable key for React while rows are added and removed. */
  key: string;
  value: string;
  label: string;
  /** False until the value is typed by hand: until then it follows the label. */
  valueEdited: boolean;
}

/**
 * What the entry form edits. Each field type keeps its own options, so switching the type back and forth
 * does not lose what was typed.
 */
export interface EntryDraft {
  name: string;
  description: string;
  defaultDurationDays: MaybeNumber;
  fieldType: FieldType;
  text: { placeholder: string; maxLength: MaybeNumber };
  number: { unit: string | null; min: MaybeNumber; max: MaybeNumber; decimals: MaybeNumber };
  choices: ChoiceDraft[];
  checkbox: { defaultChecked: boolean };
  file: { acceptedTypes: string[]; maxSizeMb: MaybeNumber };
  user: { multiple: boolean };
  expression: { formula: string; resultType: ExpressionResultType };
}

/** Field errors keyed by path without the `body.` prefix: `name`, `renderOptions.options.0.value`. */
export type FormErrors = Record<string, string>;

let keySequence = 0;
export function newChoice(label = '', value = label): ChoiceDraft {
  keySequence += 1;
  return { key: `choice-${keySequence}`, label, value, valueEdited: value !== label };
}

export function emptyDraft(): EntryDraft {
  return {
    name: '',
    description: '',
    defaultDurationDays: '',
    fieldType: 'Text',
    text: { placeholder: '', maxLength: '' },
    number: { unit: null, min: '', max: '', decimals: '' },
    choices: [newChoice(), newChoice()],
    checkbox: { defaultChecked: false },
    file: { acceptedTypes: [], maxSizeMb: '' },
    user: { multiple: false },
    expression: { formula: '', resultType: 'Number' },
  };
}

const orEmpty = (value: number | undefined): MaybeNumber => value ?? '';

/** The form's starting point for an existing entry. */
export function draftFromEntry(entry: LibraryEntry): EntryDraft {
  const draft = emptyDraft();
  draft.name = entry.name;
  draft.description = entry.description ?? '';
  draft.defaultDurationDays = entry.defaultDurationDays ?? '';
  const definition = propertyDefinitionOf(entry);
  if (!definition) return draft;
  draft.fieldType = definition.fieldType;
  const o = definition.renderOptions;
  if ('options' in o) draft.choices = o.options.map((option) => newChoice(option.label, option.value));
  if (definition.fieldType === 'Text' || definition.fieldType === 'TextArea') {
    draft.text = {
      placeholder: definition.renderOptions.placeholder ?? '',
      maxLength: orEmpty(definition.renderOptions.maxLength),
    };
  }
  if (definition.fieldType === 'Number') {
    const n = definition.renderOptions;
    draft.number = {
      unit: n.unit ?? null,
      min: orEmpty(n.min),
      max: orEmpty(n.max),
      decimals: orEmpty(n.decimals),
    };
  }
  if (definition.fieldType === 'Checkbox')
    draft.checkbox = { defaultChecked: definition.renderOptions.defaultChecked ?? false };
  if (definition.fieldType === 'File') {
    const f = definition.renderOptions;
    draft.file = { acceptedTypes: f.acceptedTypes ?? [], maxSizeMb: orEmpty(f.maxSizeMb) };
  }
  if (definition.fieldType === 'User') draft.user = { multiple: definition.renderOptions.multiple ?? false };
  if (definition.fieldType === 'Expression') draft.expression = { ...definition.renderOptions };
  return draft;
}

/** Leaves out empty values, so the body carries only what was set. */
function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== null && value !== undefined),
  );
}

function renderOptionsOf(draft: EntryDraft): Record<string, unknown> {
  switch (draft.fieldType) {
    case 'Text':
    case 'TextArea':
      return compact({ placeholder: draft.text.placeholder.trim(), maxLength: draft.text.maxLength });
    case 'Number':
      return compact(draft.number);
    case 'Radio':
    case 'Dropdown':
      return { options: draft.choices.map(({ value, label }) => ({ value, label })) };
    case 'Checkbox':
      return draft.checkbox.defaultChecked ? { defaultChecked: true } : {};
    case 'File':
      return compact({
        acceptedTypes: draft.file.acceptedTypes.length ? draft.file.acceptedTypes : undefined,
        maxSizeMb: draft.file.maxSizeMb,
      });
    case 'User':
      return draft.user.multiple ? { multiple: true } : {};
    case 'Expression':
      return { ...draft.expression };
    default:
      return {};
  }
}

/** The request body of the draft for an entry of `kind`. */
export function bodyOf(kind: LibraryKind, draft: EntryDraft): Record<string, unknown> {
  const base = { name: draft.name, description: draft.description.trim() || null };
  if (kind === 'task')
    return {
      ...base,
      defaultDurationDays: draft.defaultDurationDays === '' ? null : draft.defaultDurationDays,
    };
  if (kind === 'property')
    return { ...base, fieldType: draft.fieldType, renderOptions: renderOptionsOf(draft) };
  return base;
}

/** Checks the draft by the same rules as the API; the body is returned when it is valid. */
export function validateDraft(
  kind: LibraryKind,
  draft: EntryDraft,
): { body: LibraryEntryInput; errors: null } | { body: null; errors: FormErrors } {
  const result = LibraryEntryInputs[kind].safeParse(bodyOf(kind, draft));
  if (result.success) return { body: result.data, errors: null };
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return { body: null, errors };
}
