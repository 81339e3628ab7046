import {
  checkValue,
  type FieldError,
  isEmptyValue,
  type PropertyFacts,
  type PropertyValuesInput,
  type StagePropertyValue,
  type TemplateProperty,
  userIdsOf,
  type WorkflowDefinition,
} from '@crossarm/shared';
import type { Executor, Trx } from '../../db/database.ts';
import type { ServiceContext } from '../../http/context.ts';
import { badRequest } from '../../http/errors.ts';
import { permitViewers } from './assignments-repo.ts';
import { recordPermitChange } from './events.ts';
import { addPermitFile, type ReceivedFile } from './files-upload.ts';
import { computeExpressions, expressionPlacements } from './properties-expressions.ts';
import { checkUploads, keptFiles, propertyOfPart } from './properties-files.ts';
import { permitValues, propertyFacts, removeFileFromValues, writeValue } from './properties-repo.ts';
import type { StoredValue } from './transform.ts';

/** Where values are saved: one task's properties, or the application form's (a null task). */
export interface ValuePlace {
  taskKey: string | null;
  properties: TemplateProperty[];
}

type PermitRef = { id: string; project_id: string; applicant_organization_id: string };

type Change = { taskKey: string | null; fact: PropertyFacts; before: unknown; after: unknown };

/** A value that passed its checks; a File value is the ids of the stored files to keep. */
type CheckedEntry = { propertyEntryId: string; value: unknown; fact: PropertyFacts; index: number };

/**
 * Checks every value against its property, and every uploaded file against the File property it is sent
 * for. The errors are collected, not thrown: the File values' own checks still add theirs.
 */
async function checkedValues(
  trx: Trx,
  permit: PermitRef,
  place: ValuePlace,
  input: PropertyValuesInput,
  files: ReceivedFile[],
) {
  const placed = new Set(place.properties.map((p) => p.libraryEntryId));
  const uploadIds = files.map((file) => propertyOfPart(file.field) ?? '').filter(Boolean);
  const facts = await propertyFacts(trx, [...input.values.map((v) => v.propertyEntryId), ...uploadIds]);
  const where = place.taskKey ? 'this task' : 'the application form';
  const errors: FieldError[] = [];
  const checked: CheckedEntry[] = [];
  input.values.forEach((entry, index) => {
    const fact = facts.get(entry.propertyEntryId);
    if (!fact || !placed.has(entry.propertyEntryId)) {
      errors.push({ field: `body.values.${index}.propertyEntryId`, message: `Not a property of ${where}` });
      return;
    }
    const result = checkValue(fact, entry.value);
    if (result.ok) checked.push({ propertyEntryId: entry.propertyEntryId, value: result.value, fact, index });
    else errors.push({ field: `body.values.${index}.value`, message: result.message });
  });
  const uploads = checkUploads(files, placed, facts, where);
  errors.push(...uploads.errors);
  errors.push(...(await userValueErrors(trx, permit, checked)));
  return { checked, uploads: uploads.byProperty, facts, errors };
}

/**
 * An error for each checked User value naming someone who does not see the permit (or, for a permit being
 * applied for, who will not see it): people of the pole owner or the applicant who may view the project's
 * permits.
 */
export async function userValueErrors(
  db: Executor,
  permit: { project_id: string; applicant_organization_id: string },
  checked: { value: unknown; fact: PropertyFacts; index: number }[],
): Promise<FieldError[]> {
  const named = checked.filter((c) => c.fact.fieldType === 'User');
  const viewers = new Set(
    (await permitViewers(db, permit, [...new Set(named.flatMap((c) => userIdsOf(c.value)))])).map(
      (u) => u.id,
    ),
  );
  return named
    .filter((entry) => userIdsOf(entry.value).some((id) => !viewers.has(id)))
    .map((entry) => ({
      field: `body.values.${entry.index}.value`,
      message: 'Must be someone who can see the permit',
    }));
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const stored = (values: StoredValue[], taskKey: string | null, propertyEntryId: string) =>
  values.find((v) => v.taskKey === taskKey && v.propertyEntryId === propertyEntryId)?.value ?? null;

/**
 * The new value of each File property the save touches: the stored files it keeps, then the uploads, each
 * recorded as one of the permit's files. Every error (File ids it does not hold included) is a 400 before
 * anything is written.
 */
async function fileValues(
  ctx: ServiceContext,
  trx: Trx,
  permit: PermitRef,
  place: ValuePlace,
  before: StoredValue[],
  check: Awaited<ReturnType<typeof checkedValues>>,
): Promise<CheckedEntry[]> {
  const sent = new Map(
    check.checked.filter((c) => c.fact.fieldType === 'File').map((c) => [c.propertyEntryId, c]),
  );
  const kept = [...new Set([...sent.keys(), ...check.uploads.keys()])].map((propertyEntryId) => {
    const entry = sent.get(propertyEntryId);
    const keep = entry ? (entry.value as string[] | null) : undefined;
    const result = keptFiles(stored(before, place.taskKey, propertyEntryId), keep);
    if (!result.ok && entry) {
      check.errors.push({ field: `body.values.${entry.index}.value`, message: result.message });
    }
    return { propertyEntryId, index: entry?.index ?? -1, refs: result.ok ? result.refs : [] };
  });
  const { errors } = check;
  if (errors.length > 0) throw badRequest(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
  const values: CheckedEntry[] = [];
  for (const { propertyEntryId, index, refs } of kept) {
    const files = [...refs];
    for (const file of check.uploads.get(propertyEntryId) ?? []) {
      files.push(await addPermitFile(ctx, trx, permit, file));
    }
    const fact = check.facts.get(propertyEntryId)!;
    values.push({ propertyEntryId, value: files.length > 0 ? files : null, fact, index });
  }
  return values;
}

/**
 * Saves values at one place, computes the permit's Expression properties again, and records a
 * PropertyChanged entry for each value that changed, with its value before and after. Files uploaded to
 * File properties become the permit's files, each with its FileUploaded entry.
 */
export async function saveValues(
  ctx: ServiceContext,
  trx: Trx,
  access: { permit: PermitRef; definition: WorkflowDefinition },
  place: ValuePlace,
  input: PropertyValuesInput,
  files: ReceivedFile[] = [],
) {
  const { permit } = access;
  const userId = ctx.session.user.id;
  const check = await checkedValues(trx, permit, place, input, files);
  const before = await permitValues(trx, permit.id);
  const filed = await fileValues(ctx, trx, permit, place, before, check);
  const typed = check.checked.filter((c) => c.fact.fieldType !== 'File');
  const changes: Change[] = [];
  for (const entry of [...typed, ...filed]) {
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
  await recordPropertyChanges(ctx, trx, permit, changes);
  return presentValues(trx, permit.id, place);
}

/** A PropertyChanged entry for each changed value, with its value before and after. */
async function recordPropertyChanges(ctx: ServiceContext, trx: Trx, permit: PermitRef, changes: Change[]) {
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
}

/**
 * Takes a deleted file out of every File value that lists it, each with its PropertyChanged entry, so a
 * property never offers a file the Files tab no longer has.
 */
export async function dropDeletedFileFromValues(
  ctx: ServiceContext,
  trx: Trx,
  permit: PermitRef,
  fileId: string,
) {
  const dropped = await removeFileFromValues(trx, permit, fileId, ctx.session.user.id);
  const facts = await propertyFacts(
    trx,
    dropped.map((d) => d.propertyEntryId),
  );
  const changes = dropped.flatMap(({ taskKey, propertyEntryId, before, after }) => {
    const fact = facts.get(propertyEntryId);
    return fact ? [{ taskKey, fact, before, after }] : [];
  });
  await recordPropertyChanges(ctx, trx, permit, changes);
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
  const changes: Change[] = [];
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
