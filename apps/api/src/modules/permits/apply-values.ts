import type { FieldError, WorkflowDefinition } from '@crossarm/shared';
import type { Executor } from '../../db/database.ts';
import { badRequest } from '../../http/errors.ts';
import { computeExpressions, expressionPlacements } from './properties-expressions.ts';
import { propertyFacts } from './properties-repo.ts';
import { checkValue, isEmptyValue, type PropertyFacts } from './properties-values.ts';

// The application form's values as an applicant sends them: each checked exactly as a task's value is,
// Expression properties computed here (never taken from the client), and the required ones looked for.

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
  /** Each value that is not one of the form's properties or does not fit its field type. */
  errors: FieldError[];
  missing: MissingProperty[];
}

/** Properties filled in by something other than the form's values: computed ones and uploaded files. */
const notTyped = (fact: PropertyFacts | undefined) =>
  fact?.fieldType === 'Expression' || fact?.fieldType === 'File';

/** Checks the application form's values against the template version, without writing anything. */
export async function checkApplication(
  db: Executor,
  definition: WorkflowDefinition,
  input: ApplicationValue[],
): Promise<CheckedApplication> {
  const form = definition.applicationForm;
  const onForm = new Set(form.map((p) => p.libraryEntryId));
  const facts = await propertyFacts(db, [...onForm, ...input.map((v) => v.propertyEntryId)]);
  const errors: FieldError[] = [];
  const filled: ApplicationValue[] = [];
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
    if (!result.ok) errors.push({ field: `body.values.${index}.value`, message: result.message });
    else if (!isEmptyValue(result.value))
      filled.push({ propertyEntryId: entry.propertyEntryId, value: result.value });
  });
  const given = new Set(filled.map((v) => v.propertyEntryId));
  const missing = form
    .filter((p) => p.required && !given.has(p.libraryEntryId) && !notTyped(facts.get(p.libraryEntryId)))
    .map((p) => ({ propertyEntryId: p.libraryEntryId, name: facts.get(p.libraryEntryId)?.name ?? '' }));
  return { values: [...filled, ...computedValues(definition, facts, filled)], errors, missing };
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
