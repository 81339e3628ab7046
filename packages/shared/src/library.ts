import { z } from 'zod';
import { Application } from './enums.ts';
import { MAX_FORMULA_LENGTH, parseExpression } from './expression.ts';
import { ListQuery } from './paging.ts';

/** The four kinds of library entry workflows are built from. */
export const LibraryKind = z.enum(['stage', 'property', 'task', 'unit']);
export type LibraryKind = z.infer<typeof LibraryKind>;

/** An entry is Active (offered to template designers) or Archived (kept, no longer offered). */
export const LibraryStatus = z.enum(['Active', 'Archived']);
export type LibraryStatus = z.infer<typeof LibraryStatus>;

export const LibraryStatusFilter = z.enum(['Active', 'Archived', 'All']);
export type LibraryStatusFilter = z.infer<typeof LibraryStatusFilter>;

/** How a property is entered and shown on a permit. */
export const FieldType = z.enum([
  'Text',
  'TextArea',
  'Number',
  'Date',
  'Checkbox',
  'Radio',
  'Dropdown',
  'Email',
  'Phone',
  'File',
  'User',
  'Expression',
]);
export type FieldType = z.infer<typeof FieldType>;

/** What an Expression property computes. */
export const ExpressionResultType = z.enum(['Number', 'Text', 'Date']);
export type ExpressionResultType = z.infer<typeof ExpressionResultType>;

export const LIBRARY_NAME_MAX = 120;
export const LIBRARY_DESCRIPTION_MAX = 2000;

/** Entry names; braces are kept out because formulas refer to properties as `{Name}`. */
const EntryName = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(LIBRARY_NAME_MAX, `At most ${LIBRARY_NAME_MAX} characters`)
  .regex(/^[^{}]*$/, 'Braces { } are not allowed in names');
const EntryDescription = z
  .string()
  .trim()
  .max(LIBRARY_DESCRIPTION_MAX, `At most ${LIBRARY_DESCRIPTION_MAX} characters`)
  .nullable();
const OptionalNumber = z.number().refine(Number.isFinite, 'Must be a number');

// Render options, one shape per field type. Objects are strict: an option that does not belong to the
// field type is refused rather than silently kept.

/** Text and TextArea: a hint shown in the empty field, and a length limit. */
export const TextOptions = z.strictObject({
  placeholder: z.string().trim().max(200, 'At most 200 characters').optional(),
  maxLength: z.number().int().min(1, 'At least 1').max(100_000, 'At most 100000').optional(),
});
export type TextOptions = z.infer<typeof TextOptions>;

/** Number: the unit (a unit entry's name), bounds and how many decimals are kept. */
export const NumberOptions = z
  .strictObject({
    unit: z.string().trim().min(1, 'Required').max(LIBRARY_NAME_MAX).optional(),
    min: OptionalNumber.optional(),
    max: OptionalNumber.optional(),
    decimals: z.number().int().min(0, 'At least 0').max(10, 'At most 10').optional(),
  })
  .refine((o) => o.min === undefined || o.max === undefined || o.min <= o.max, {
    message: 'Must not be below the minimum',
    path: ['max'],
  });
export type NumberOptions = z.infer<typeof NumberOptions>;

export const ChoiceOption = z.strictObject({
  value: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
  label: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'),
});
export type ChoiceOption = z.infer<typeof ChoiceOption>;

/** Radio and Dropdown: the choices, each with a stored value and a shown label, both unique. */
export const ChoiceOptions = z
  .strictObject({
    options: z.array(ChoiceOption).min(1, 'Add at least one option').max(500, 'At most 500 options'),
  })
  .superRefine((o, ctx) => {
    for (const key of ['value', 'label'] as const) {
      const seen = new Set<string>();
      o.options.forEach((option, index) => {
        const normalized = option[key].trim().toLowerCase();
        if (seen.has(normalized)) {
          ctx.addIssue({
            code: 'custom',
            path: ['options', index, key],
            message: `Another option has this ${key}`,
          });
        }
        seen.add(normalized);
      });
    }
  });
export type ChoiceOptions = z.infer<typeof ChoiceOptions>;

export const CheckboxOptions = z.strictObject({ defaultChecked: z.boolean().optional() });
export type CheckboxOptions = z.infer<typeof CheckboxOptions>;

/** File types are extensions (`.pdf`) or media types (`image/png`, `image/*`). */
const FILE_TYPE = /^(\.[a-z0-9]{1,10}|[a-z]+\/([a-z0-9.+-]+|\*))$/i;

/** File: the accepted types (none means any) and the largest file in megabytes. */
export const FileOptions = z.strictObject({
  acceptedTypes: z
    .array(z.string().trim().regex(FILE_TYPE, 'Use an extension like .pdf or a type like image/*'))
    .max(50, 'At most 50 types')
    .optional(),
  maxSizeMb: z.number().positive('Must be above 0').max(1024, 'At most 1024 MB').optional(),
});
export type FileOptions = z.infer<typeof FileOptions>;

/** User: whether several users may be picked. */
export const UserOptions = z.strictObject({ multiple: z.boolean().optional() });
export type UserOptions = z.infer<typeof UserOptions>;

/** Fields with nothing to configure (Date, Email, Phone). */
export const NoOptions = z.strictObject({});

/** Expression: a formula over other properties, and what it computes. */
export const ExpressionOptions = z.strictObject({
  formula: z
    .string()
    .max(MAX_FORMULA_LENGTH, `At most ${MAX_FORMULA_LENGTH} characters`)
    .superRefine((formula, ctx) => {
      const result = parseExpression(formula);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.error.message });
    }),
  resultType: ExpressionResultType,
});
export type ExpressionOptions = z.infer<typeof ExpressionOptions>;

const definition = <T extends FieldType, S extends z.ZodType>(fieldType: T, renderOptions: S) =>
  z.object({ fieldType: z.literal(fieldType), renderOptions });

/** A property's field type with the render options that field type takes. */
export const PropertyDefinition = z.discriminatedUnion('fieldType', [
  definition('Text', TextOptions.default({})),
  definition('TextArea', TextOptions.default({})),
  definition('Number', NumberOptions.default({})),
  definition('Date', NoOptions.default({})),
  definition('Checkbox', CheckboxOptions.default({})),
  definition('Radio', ChoiceOptions),
  definition('Dropdown', ChoiceOptions),
  definition('Email', NoOptions.default({})),
  definition('Phone', NoOptions.default({})),
  definition('File', FileOptions.default({})),
  definition('User', UserOptions.default({})),
  definition('Expression', ExpressionOptions),
]);
export type PropertyDefinition = z.infer<typeof PropertyDefinition>;
export type RenderOptions = PropertyDefinition['renderOptions'];

const EntryFields = z.object({
  /** Unique within its kind, ignoring case. */
  name: EntryName,
  description: EntryDescription.optional(),
});

/** Body of creating or replacing a stage entry. */
export const StageEntryInput = EntryFields;
export type StageEntryInput = z.infer<typeof StageEntryInput>;

/** Body of creating or replacing a unit entry (e.g. 'ft', 'poles', 'USD'). */
export const UnitEntryInput = EntryFields;
export type UnitEntryInput = z.infer<typeof UnitEntryInput>;

/** Body of creating or replacing a task entry; the default duration is a suggestion for templates. */
export const TaskEntryInput = EntryFields.extend({
  defaultDurationDays: z
    .number()
    .int('Whole days')
    .min(0, 'At least 0')
    .max(3650, 'At most 3650')
    .nullable()
    .optional(),
});
export type TaskEntryInput = z.infer<typeof TaskEntryInput>;

/** Body of creating or replacing a property entry. */
export const PropertyEntryInput = z.intersection(EntryFields, PropertyDefinition);
export type PropertyEntryInput = z.infer<typeof PropertyEntryInput>;

/** The body schema of each kind. */
export const LibraryEntryInputs = {
  stage: StageEntryInput,
  property: PropertyEntryInput,
  task: TaskEntryInput,
  unit: UnitEntryInput,
} as const;
export type LibraryEntryInput = StageEntryInput | UnitEntryInput | TaskEntryInput | PropertyEntryInput;

/** A library entry as the API presents it; the fields of other kinds are null. */
export const LibraryEntry = z.object({
  id: z.uuid(),
  kind: LibraryKind,
  application: Application,
  name: z.string(),
  description: z.string().nullable(),
  status: LibraryStatus,
  /** Properties only. */
  fieldType: FieldType.nullable(),
  /** Properties only: the options of the field type (see PropertyDefinition). */
  renderOptions: z.record(z.string(), z.unknown()).nullable(),
  /** Tasks only. */
  defaultDurationDays: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  archivedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type LibraryEntry = z.infer<typeof LibraryEntry>;

export const LibrarySortBy = z.enum(['name', 'createdAt', 'updatedAt', 'fieldType']);
export type LibrarySortBy = z.infer<typeof LibrarySortBy>;

/** `GET admin/system/apps/{kind}-library-entries`: a page of one kind, Active by default, by name. */
export const LibraryListQuery = ListQuery.extend({
  status: LibraryStatusFilter.default('Active'),
  sortBy: LibrarySortBy.default('name'),
  application: Application.default('JointUse'),
});
export type LibraryListQuery = z.infer<typeof LibraryListQuery>;

/** `GET projects/{stage|task|property}-library-entries`: the active entries template designers may use. */
export const UsableLibraryQuery = z.object({ application: Application.default('JointUse') });
export type UsableLibraryQuery = z.infer<typeof UsableLibraryQuery>;

/** Most entries the usable-entries lists return; libraries are small. */
export const USABLE_LIBRARY_LIMIT = 1000;

export const LibraryCounts = z.object({
  stage: z.number().int(),
  property: z.number().int(),
  task: z.number().int(),
  unit: z.number().int(),
});
export type LibraryCounts = z.infer<typeof LibraryCounts>;

/** `GET admin/system/apps`: an application, how many organizations have it, and its active library. */
export const SystemApp = z.object({
  application: Application,
  name: z.string(),
  description: z.string(),
  organizationCount: z.number().int(),
  /** Active entries per kind, for applications that have a library (Joint Use); otherwise null. */
  libraryCounts: LibraryCounts.nullable(),
});
export type SystemApp = z.infer<typeof SystemApp>;

/** The path segment of a kind's endpoints: `stage-library-entries` and so on. */
export function libraryPath(kind: LibraryKind): `${LibraryKind}-library-entries` {
  return `${kind}-library-entries`;
}

/** A property entry's typed definition, or null when the entry is not a (valid) property. */
export function propertyDefinitionOf(entry: Pick<LibraryEntry, 'fieldType' | 'renderOptions'>) {
  const parsed = PropertyDefinition.safeParse({
    fieldType: entry.fieldType,
    renderOptions: entry.renderOptions,
  });
  return parsed.success ? parsed.data : null;
}
