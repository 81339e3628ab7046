import { z } from 'zod';
import { FieldType } from './library.ts';
import { MAX_PERMIT_POLES } from './permit-reads.ts';
import { PropertyValueInput } from './permit-tasks.ts';
import { MAX_APPLICATION_FORM_PROPERTIES } from './workflow.ts';

// Applying for a permit: the application form of a project's workflow, the application itself, the
// completeness check before it, and drafts an applicant saves to finish later.

/** Most drafts one person keeps. */
export const MAX_PERMIT_DRAFTS = 100;

const poleIds = z
  .array(z.string().trim().min(1, 'Required').max(200, 'At most 200 characters'))
  .max(MAX_PERMIT_POLES, `At most ${MAX_PERMIT_POLES}`)
  .refine((ids) => new Set(ids).size === ids.length, 'A pole is listed twice');

/** An application form's values: each property at most once. */
const applicationValues = z
  .array(PropertyValueInput)
  .max(MAX_APPLICATION_FORM_PROPERTIES, `At most ${MAX_APPLICATION_FORM_PROPERTIES}`)
  .refine(
    (values) => new Set(values.map((v) => v.propertyEntryId)).size === values.length,
    'A property is listed twice',
  )
  .default([]);

/** What an applicant sends to apply for a permit (JSON, or the same fields as multipart). */
export const ApplyPermitInput = z.object({
  projectId: z.uuid(),
  /** A published version of an active workflow of the project; by default the newest one. */
  templateId: z.uuid().optional(),
  /** Where the work is, in the applicant's words. */
  location: z.string().trim().max(500, 'At most 500 characters').nullish(),
  /** External ids of the project's poles the permit applies for, in order. */
  poleIds: poleIds.default([]),
  /** The application form's values. */
  values: applicationValues,
});
export type ApplyPermitInput = z.infer<typeof ApplyPermitInput>;

/**
 * `POST joint-use/permit/completeness`: which required application form properties are still empty. Files
 * cannot travel with it, so `fileProperties` names the File properties the applicant has files ready for.
 */
export const CompletenessInput = ApplyPermitInput.pick({
  projectId: true,
  templateId: true,
  values: true,
}).extend({
  fileProperties: z.array(z.uuid()).max(200, 'At most 200').default([]),
});
export type CompletenessInput = z.infer<typeof CompletenessInput>;

export const Completeness = z.object({
  complete: z.boolean(),
  missing: z.array(z.object({ propertyEntryId: z.uuid(), name: z.string() })),
});
export type Completeness = z.infer<typeof Completeness>;

/** The permit an application created. */
export const AppliedPermit = z.object({ id: z.uuid(), permitNumber: z.string() });
export type AppliedPermit = z.infer<typeof AppliedPermit>;

/** One property of the application form, as a form field renders it. */
export const ApplicationFormProperty = z.object({
  propertyEntryId: z.uuid(),
  name: z.string(),
  /** Null only when the library entry has been deleted. */
  fieldType: FieldType.nullable(),
  renderOptions: z.record(z.string(), z.unknown()).nullable(),
  required: z.boolean(),
  description: z.string().nullable(),
});
export type ApplicationFormProperty = z.infer<typeof ApplicationFormProperty>;

/** `GET joint-use/projects/{id}/application-form`: the form of the version an application runs on. */
export const ApplicationForm = z.object({
  templateId: z.uuid(),
  templateName: z.string(),
  templateVersion: z.number().int(),
  properties: z.array(ApplicationFormProperty),
});
export type ApplicationForm = z.infer<typeof ApplicationForm>;

/**
 * `POST joint-use/permit/drafts` and `PUT .../drafts/{draftId}`: an application as far as it got. Values are
 * checked by type, but required ones may still be missing.
 */
export const PermitDraftInput = z.object({
  projectId: z.uuid(),
  templateId: z.uuid().nullish(),
  location: z.string().trim().max(500, 'At most 500 characters').nullish(),
  poleIds: poleIds.default([]),
  values: applicationValues,
});
export type PermitDraftInput = z.input<typeof PermitDraftInput>;

/** One of the caller's drafts in their list. */
export const PermitDraftSummary = z.object({
  id: z.uuid(),
  project: z.object({ id: z.uuid(), name: z.string(), code: z.string() }),
  location: z.string().nullable(),
  poleCount: z.number().int(),
  valueCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PermitDraftSummary = z.infer<typeof PermitDraftSummary>;

/** `GET joint-use/permit/drafts/{draftId}`: a draft with everything it holds. */
export const PermitDraft = PermitDraftSummary.extend({
  templateId: z.uuid().nullable(),
  poleIds: z.array(z.string()),
  values: z.array(PropertyValueInput),
});
export type PermitDraft = z.infer<typeof PermitDraft>;
