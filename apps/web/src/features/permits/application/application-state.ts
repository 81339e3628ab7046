import type { ApplicationForm, PermitDraft, PermitDraftInput, PropertyValueInput } from '@crossarm/shared';
import { isEmptyValue } from '@crossarm/shared';
import type { ApiFieldError } from '../../../lib/api/api-error';
import { type FieldProperty, fieldError, valueToSend } from '../fields/field-values';

// What the application page holds and how it becomes a draft, a completeness check or an application, and
// how errors (the browser's own checks, or the server's field errors) find the field they are about.

/** Keys of errors that are not about one property of the form. */
export const LOCATION_KEY = 'location';
export const POLES_KEY = 'poles';

export interface ApplicationDraftState {
  projectId: string | null;
  location: string;
  /** Values by property entry id, in their stored form. */
  values: Record<string, unknown>;
  poleIds: string[];
}

/** The properties of the form a field can show (a deleted library entry has no field type). */
export function formFields(form: ApplicationForm | undefined): FieldProperty[] {
  return (form?.properties ?? []).flatMap((property) =>
    property.fieldType ? [{ ...property, fieldType: property.fieldType }] : [],
  );
}

/** Where a property's field sits in the page, so a link can bring it into view and focus it. */
export const fieldDomId = (key: string) => `application-field-${key}`;

/** The values the server takes as values: filled-in ones, never File (uploaded) or Expression (computed). */
export function valuesToSend(fields: FieldProperty[], values: Record<string, unknown>): PropertyValueInput[] {
  return fields.flatMap((field) => {
    if (field.fieldType === 'File' || field.fieldType === 'Expression') return [];
    const value = valueToSend(field, values[field.propertyEntryId]);
    return isEmptyValue(value) ? [] : [{ propertyEntryId: field.propertyEntryId, value }];
  });
}

/** The browser's check of every field before submitting, as the server would answer: by property id. */
export function applicationErrors(
  fields: FieldProperty[],
  values: Record<string, unknown>,
  newFiles: Record<string, File[]>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const message = fieldError(field, values[field.propertyEntryId], newFiles[field.propertyEntryId] ?? []);
    if (message) errors[field.propertyEntryId] = message;
  }
  return errors;
}

/**
 * The server's field errors on the fields they name: `body.values.<index>.value` is the index-th value sent,
 * `body.values.<propertyEntryId>` a missing one, `body.file:<propertyEntryId>` a file, `body.location` and
 * `body.poleIds` those sections. Anything else is left for the message.
 */
export function serverFieldErrors(
  errors: readonly ApiFieldError[],
  sent: readonly PropertyValueInput[],
): Record<string, string> {
  const mapped: Record<string, string> = {};
  for (const error of errors) {
    const field = error.field;
    const byIndex = /^body\.values\.(\d+)\.(?:value|propertyEntryId)$/.exec(field);
    const byId = /^body\.(?:values\.|file:)([0-9a-f-]{36})(?:\.\d+)?$/i.exec(field);
    let key: string | undefined;
    if (byIndex) key = sent[Number(byIndex[1])]?.propertyEntryId;
    else if (byId) key = byId[1];
    else if (field === 'body.location') key = LOCATION_KEY;
    else if (field.startsWith('body.poleIds')) key = POLES_KEY;
    if (key && !mapped[key]) mapped[key] = error.message;
  }
  return mapped;
}

/** What a draft is saved as. */
export function draftInput(
  state: ApplicationDraftState & { projectId: string },
  fields: FieldProperty[],
  templateId: string | null,
): PermitDraftInput {
  return {
    projectId: state.projectId,
    templateId,
    location: state.location.trim() || null,
    poleIds: state.poleIds,
    values: valuesToSend(fields, state.values),
  };
}

/** The page's state from a saved draft. */
export function stateFromDraft(draft: PermitDraft): ApplicationDraftState {
  return {
    projectId: draft.project.id,
    location: draft.location ?? '',
    values: Object.fromEntries(draft.values.map((v) => [v.propertyEntryId, v.value])),
    poleIds: draft.poleIds,
  };
}

/** A comparable form of what the page holds, to tell whether anything changed since the last save. */
export function snapshotOf(state: ApplicationDraftState): string {
  const values = Object.entries(state.values)
    .filter(([, value]) => !isEmptyValue(value) && value !== false)
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify([state.projectId, state.location.trim(), state.poleIds, values]);
}

/** Nothing filled in yet, on the given project. */
export const blankApplication = (projectId: string | null): ApplicationDraftState => ({
  projectId,
  location: '',
  values: {},
  poleIds: [],
});

/**
 * The application as POST permit takes it: the fields as multipart text (arrays as JSON), and each File
 * property's files as parts named `file:<propertyEntryId>`.
 */
export function applicationFormData(
  state: ApplicationDraftState & { projectId: string },
  fields: FieldProperty[],
  templateId: string | null,
  newFiles: Record<string, File[]>,
): { body: FormData; values: PropertyValueInput[] } {
  const values = valuesToSend(fields, state.values);
  const body = new FormData();
  body.append('projectId', state.projectId);
  if (templateId) body.append('templateId', templateId);
  if (state.location.trim()) body.append('location', state.location.trim());
  body.append('poleIds', JSON.stringify(state.poleIds));
  body.append('values', JSON.stringify(values));
  for (const field of fields) {
    if (field.fieldType !== 'File') continue;
    for (const file of newFiles[field.propertyEntryId] ?? []) {
      body.append(`file:${field.propertyEntryId}`, file, file.name);
    }
  }
  return { body, values };
}
