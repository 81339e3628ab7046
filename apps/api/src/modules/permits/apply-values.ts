import type { FieldError, WorkflowDefinition } from '@crossarm/shared';
import { checkValue, isEmptyValue, type PropertyFacts } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import type { ReceivedFile } from './files-upload.ts';
import { userValueErrors } from './properties.ts';
import { computeExpressions, expressionPlacements } from './properties-expressions.ts';
import { checkUploads, keptFiles, propertyOfPart } from './properties-files.ts';
import { propertyFacts } from './properties-repo.ts';

// The application form's values as an applicant sends them: each checked exactly as a task's value is,
// Expression values computed here (never taken from the client), files for File properties checked against
// their property, and the required ones looked for.

export interface ApplicationValue {
  propertyEntryId: string;
  value: unknown;
}

/** A required application form property left empty. */
export interface MissingProperty {
  propertyEntryId: string;
  name: string;
}

export interface CheckedApplication {
  /** The values to store: the filled-in ones as stored, then the computed Expression values. */
  values: ApplicationValue[];
  /** The files to store on File properties, by property. */
  uploads: Map<string, ReceivedFile[]>;
  /** Each value or file that is not one of the form's properties or does not fit it. */
  errors: FieldError[];
  missing: MissingProperty[];
}

/** The files an application comes with: uploads, or (checking completeness) the properties that have some. */
export interface ApplicationFiles {
  uploads?: ReceivedFile[];
  /** File properties the applicant has files ready for. */
  fileProperties?: string[];
}

/**
 * Checks the application form's values and files against the template version, without writing anything.
 * User values must name people who will see the permit: the applicant's and the pole owner's people who may
 * view the project's permits.
 */
export async function checkApplication(
  db: Executor,
  permit: { project_id: string; applicant_organization_id: string },
  definition: WorkflowDefinition,
  input: ApplicationValue[],
  files: ApplicationFiles = {},
): Promise<CheckedApplication> {
  const form = definition.applicationForm;
  const onForm = new Set(form.map((p) => p.libraryEntryId));
  const uploadIds = (files.uploads ?? []).map((file) => propertyOfPart(file.field) ?? '');
  const facts = await propertyFacts(db, [...onForm, ...input.map((v) => v.propertyEntryId), ...uploadIds]);
  const errors: FieldError[] = [];
  const filled: ApplicationValue[] = [];
  const checked: { value: unknown; fact: PropertyFacts; index: number }[] = [];
  input.forEach((entry, index) => {
    const fact = facts.get(entry.propertyEntryId);
    if (!fact || !onForm.has(entry.propertyEntryId)) {
      errors.push({
        field: `body.values.${index}.propertyEntryId`,
        message: 'Not a property of the application form',
      });
      return;
    }
    const result = checkValue(fact, entry.value);
    // A new permit holds no files yet, so a File value can only keep none of them.
    const kept =
      fact.fieldType === 'File' && result.ok ? keptFiles(null, result.value as string[] | null) : null;
    if (!result.ok) errors.push({ field: `body.values.${index}.value`, message: result.message });
    else if (kept && !kept.ok) errors.push({ field: `body.values.${index}.value`, message: kept.message });
    else if (!kept && !isEmptyValue(result.value)) {
      filled.push({ propertyEntryId: entry.propertyEntryId, value: result.value });
      checked.push({ value: result.value, fact, index });
    }
  });
  errors.push(...(await userValueErrors(db, permit, checked)));
  const uploads = checkUploads(files.uploads ?? [], onForm, facts, 'the application form');
  errors.push(...uploads.errors);
  const withFiles = new Set([...uploads.byProperty.keys(), ...(files.fileProperties ?? [])]);
  const given = new Set(filled.map((v) => v.propertyEntryId));
  const isFilled = (fact: PropertyFacts | undefined, id: string) =>
    fact?.fieldType === 'Expression' || (fact?.fieldType === 'File' ? withFiles.has(id) : given.has(id));
  const missing = form
    .filter((p) => p.required && !isFilled(facts.get(p.libraryEntryId), p.libraryEntryId))
    .map((p) => ({ propertyEntryId: p.libraryEntryId, name: facts.get(p.libraryEntryId)?.name ?? '' }));
  return {
    values: [...filled, ...computedValues(definition, facts, filled)],
    uploads: uploads.byProperty,
    errors,
    missing,
  };
}

/** The application form's Expression values given what was filled in; empty results are not stored. */
function computedValues(
  definition: WorkflowDefinition,
  facts: ReadonlyMap<string, PropertyFacts>,
  filled: ApplicationValue[],
): ApplicationValue[] {
  const placements = expressionPlacements(definition, facts).filter((p) => p.taskKey === null);
  if (placements.length === 0) return [];
  const now = new Date();
  const stored = filled.map((v) => ({ ...v, taskKey: null, updatedBy: null, updatedAt: now }));
  const computed = computeExpressions(placements, stored, facts);
  return [...computed]
    .filter(([, value]) => !isEmptyValue(value))
    .map(([placement, value]) => ({ propertyEntryId: placement.propertyEntryId, value }));
}

/** 400 naming every bad value and every missing required property (`body.values.<propertyEntryId>`). */
export function assertApplicationValid(checked: CheckedApplication) {
  const errors = [
    ...checked.errors,
    ...checked.missing.map((m) => ({ field: `body.values.${m.propertyEntryId}`, message: 'Required' })),
  ];
  if (errors.length > 0) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}
