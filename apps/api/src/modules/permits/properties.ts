import {
  type FieldError,
  PropertyValuesInput,
  type StagePropertyValue,
  type TemplateProperty,
  type WorkflowDefinition,
} from '@crossarm/shared';
import type { Executor, Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import type { FormInput } from '../../http/form.ts';
import { parseFields } from '../../http/form.ts';
import { permitViewers } from './assignments-repo.ts';
import { recordPermitChange } from './events.ts';
import { computeExpressions, expressionPlacements } from './properties-expressions.ts';
import { permitValues, propertyFacts, writeValue } from './properties-repo.ts';
import { checkValue, isEmptyValue, type PropertyFacts, userIdsOf } from './properties-values.ts';
import type { StoredValue } from './transform.ts';

/** Where values are saved: one task's properties, or the application form's (a null task). */
export interface ValuePlace {
  taskKey: string | null;
  properties: TemplateProperty[];
}

type PermitRef = { id: string; project_id: string; applicant_organization_id: string };

/** The body of a values save, JSON or multipart with a `values` JSON field; files are not taken yet. */
export function readValuesForm(form: FormInput): PropertyValuesInput {
  const file = form.files[0];
  if (file) {
    throw badRequest('File values cannot be uploaded here yet.', [
      { field: `body.${file.field}`, message: 'File properties cannot be filled in here yet' },
    ]);
  }
  return parseFields(PropertyValuesInput, form.fields);
}

/** Checks every value against its property; 400 naming each bad one, before anything is written. */
async function checkedValues(trx: Trx, permit: PermitRef, place: ValuePlace, input: PropertyValuesInput) {
  const placed = new Set(place.properties.map((p) => p.libraryEntryId));
  const facts = await propertyFacts(
    trx,
    input.values.map((v) => v.propertyEntryId),
  );
  const errors: FieldError[] = [];
  const checked: { propertyEntryId: string; value: unknown; fact: PropertyFacts; index: number }[] = [];
  input.values.forEach((entry, index) => {
    const fact = facts.get(entry.propertyEntryId);
    if (!fact || !placed.has(entry.propertyEntryId)) {
      const message = place.taskKey
        ? 'Not a property of this task'
        : 'Not a property of the application form';
      errors.push({ field: `body.values.${index}.propertyEntryId`, message });
      return;
    }
    const result = checkValue(fact, entry.value);
    if (result.ok) checked.push({ propertyEntryId: entry.propertyEntryId, value: result.value, fact, index });
    else errors.push({ field: `body.values.${index}.value`, message: result.message });
  });
  const named = checked.filter((c) => c.fact.fieldType === 'User');
  const viewers = new Set(
    (await permitViewers(trx, permit, [...new Set(named.flatMap((c) => userIdsOf(c.value)))])).map(
      (u) => u.id,
    ),
  );
  for (const entry of named) {
    if (userIdsOf(entry.value).some((id) => !viewers.has(id))) {
      errors.push({
        field: `body.values.${entry.index}.value`,
        message: 'Must be someone who can see the permit',
      });
    }
  }
  if (errors.length > 0) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  return checked;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const stored = (values: StoredValue[], taskKey: string | null, propertyEntryId: string) =>
  values.find((v) => v.taskKey === taskKey && v.propertyEntryId === propertyEntryId)?.value ?? null;

/**
 * Saves values at one place, computes the permit's Expression properties again, and records a
 * PropertyChanged entry for each value that changed, with its value before and after.
 */
export async function saveValues(
  ctx: ServiceContext,
  trx: Trx,
  access: { permit: PermitRef; definition: WorkflowDefinition },
  place: ValuePlace,
  input: PropertyValuesInput,
) {
  const { permit } = access;
  const userId = ctx.session.user.id;
  const checked = await checkedValues(trx, permit, place, input);
  const before = await permitValues(trx, permit.id);
  const changes: { taskKey: string | null; fact: PropertyFacts; before: unknown; after: unknown }[] = [];
  for (const entry of checked) {
    const was = stored(before, place.taskKey, entry.propertyEntryId);
    if (sameValue(was, entry.value)) continue;
    await writeValue(
      trx,
      permit,
      { taskKey: place.taskKey, propertyEntryId: entry.propertyEntryId },
      entry.value,
      userId,
    );
    changes.push({ taskKey: place.taskKey, fact: entry.fact, before: was, after: entry.value });
  }
  changes.push(...(await recomputeExpressions(trx, access, userId)));
  for (const change of changes) {
    await recordPermitChange(ctx, trx, permit, {
      kind: 'PropertyChanged',
      summary: isEmptyValue(change.after)
        ? `${change.fact.name} was cleared`
        : `${change.fact.name} was changed`,
      before: { propertyEntryId: change.fact.id, taskKey: change.taskKey, value: change.before },
      after: { propertyEntryId: change.fact.id, taskKey: change.taskKey, value: change.after },
      detail: { propertyEntryId: change.fact.id, ...(change.taskKey ? { taskKey: change.taskKey } : {}) },
    });
  }
  return presentValues(trx, permit.id, place);
}

/** Writes the Expression values that differ from what their formulas now give. */
async function recomputeExpressions(
  trx: Trx,
  access: { permit: PermitRef; definition: WorkflowDefinition },
  userId: string,
) {
  const values = await permitValues(trx, access.permit.id);
  const placedIds = [
    ...access.definition.applicationForm,
    ...access.definition.stages.flatMap((s) => s.tasks.flatMap((t) => t.properties)),
  ].map((p) => p.libraryEntryId);
  const facts = await propertyFacts(trx, [...placedIds, ...values.map((v) => v.propertyEntryId)]);
  const computed = computeExpressions(expressionPlacements(access.definition, facts), values, facts);
  const changes: { taskKey: string | null; fact: PropertyFacts; before: unknown; after: unknown }[] = [];
  for (const [placement, value] of computed) {
    const was = stored(values, placement.taskKey, placement.propertyEntryId);
    if (sameValue(was, isEmptyValue(value) ? null : value)) continue;
    await writeValue(trx, access.permit, placement, value, userId);
    changes.push({
      taskKey: placement.taskKey,
      fact: facts.get(placement.propertyEntryId)!,
      before: was,
      after: value,
    });
  }
  return changes;
}

/** The properties of a place with their values, in the order the template lists them. */
export async function presentValues(
  trx: Executor,
  permitId: string,
  place: ValuePlace,
): Promise<StagePropertyValue[]> {
  const facts = await propertyFacts(
    trx,
    place.properties.map((p) => p.libraryEntryId),
  );
  const values = (await permitValues(trx, permitId)).filter((v) => v.taskKey === place.taskKey);
  return place.properties.map((property) => {
    const fact = facts.get(property.libraryEntryId);
    const value = values.find((v) => v.propertyEntryId === property.libraryEntryId);
    return {
      libraryEntryId: property.libraryEntryId,
      name: fact?.name ?? 'A deleted property',
      fieldType: fact?.fieldType ?? null,
      renderOptions: fact?.renderOptions ?? null,
      required: property.required,
      value: value?.value ?? null,
      updatedAt: value ? value.updatedAt.toISOString() : null,
    };
  });
}
