import type {
  ApplicationForm,
  AppliedPermit,
  Completeness,
  CompletenessInput,
  Page,
  PermitDraft,
  PermitDraftInput,
  PermitDraftSummary,
  PoleFeatureCollection,
  Project,
} from '@crossarm/shared';
import { MAX_FEATURES_IN_VIEW, MAX_PAGE_SIZE } from '@crossarm/shared';
import { type ApiErrorHandling, apiRequest, apiUpload } from '../../../lib/api/api-client';
import { permitKeys } from '../permit-keys';

/** Query keys of the application page; all sit under `permitKeys.application()`. */
export const applicationKeys = {
  projects: () => [...permitKeys.application(), 'projects'] as const,
  form: (projectId: string, templateId: string | null) =>
    [...permitKeys.application(), 'form', projectId, templateId] as const,
  poles: (projectId: string) => [...permitKeys.application(), 'poles', projectId] as const,
  drafts: () => [...permitKeys.application(), 'drafts'] as const,
  draft: (id: string) => [...applicationKeys.drafts(), id] as const,
};

const drafts = 'joint-use/permit/drafts';

/** GET projects: the caller's active projects, by name (the first page of the largest size). */
export function fetchApplicableProjects(signal?: AbortSignal) {
  return apiRequest<Page<Project>>('projects', {
    signal,
    query: { status: 'Active', sortBy: 'name', sortDir: 'asc', page: 1, pageSize: MAX_PAGE_SIZE },
  });
}

/** GET joint-use/projects/{id}/application-form: the form of the version the application runs on. */
export function fetchApplicationForm(projectId: string, templateId: string | null, signal?: AbortSignal) {
  return apiRequest<ApplicationForm>(`joint-use/projects/${encodeURIComponent(projectId)}/application-form`, {
    signal,
    query: { templateId },
    onError: 'silent',
  });
}

/** GET projects/{id}/poles without a box: every pole of the project (up to the most one answer holds). */
export function fetchProjectPoles(projectId: string, signal?: AbortSignal) {
  return apiRequest<PoleFeatureCollection>(`projects/${encodeURIComponent(projectId)}/poles`, {
    signal,
    query: { limit: MAX_FEATURES_IN_VIEW },
  });
}

/** GET joint-use/permit/drafts: the caller's drafts, the latest change first. */
export function fetchDrafts(signal?: AbortSignal) {
  return apiRequest<PermitDraftSummary[]>(drafts, { signal });
}

/** GET joint-use/permit/drafts/{id}; a missing draft is the page's own message. */
export function fetchDraft(id: string, signal?: AbortSignal) {
  return apiRequest<PermitDraft>(`${drafts}/${encodeURIComponent(id)}`, { signal, onError: 'silent' });
}

/** POST joint-use/permit/drafts, or PUT .../{id} to overwrite a draft. */
export function saveDraft(id: string | null, body: PermitDraftInput, onError: ApiErrorHandling) {
  return id
    ? apiRequest<PermitDraft>(`${drafts}/${encodeURIComponent(id)}`, { method: 'PUT', body, onError })
    : apiRequest<PermitDraft>(drafts, { method: 'POST', body, onError });
}

/** DELETE joint-use/permit/drafts/{id}. */
export function deleteDraft(id: string, onError?: ApiErrorHandling) {
  return apiRequest<null>(`${drafts}/${encodeURIComponent(id)}`, { method: 'DELETE', onError });
}

/** POST joint-use/permit/completeness: the required application form fields still empty. */
export function checkCompleteness(body: CompletenessInput, onError: ApiErrorHandling) {
  return apiRequest<Completeness>('joint-use/permit/completeness', { method: 'POST', body, onError });
}

/** POST joint-use/permit as multipart (fields and the File properties' files), reporting upload progress. */
export function submitApplication(
  body: FormData,
  onProgress: (fraction: number) => void,
  onError: ApiErrorHandling,
) {
  return apiUpload<AppliedPermit>('joint-use/permit', { body, onProgress, onError });
}

/** POST joint-use/permit/{id}/files: attachments added to the new permit. */
export function attachPermitFiles(permitId: string, files: File[], onProgress: (fraction: number) => void) {
  const body = new FormData();
  for (const file of files) body.append('files', file, file.name);
  return apiUpload<unknown>(`joint-use/permit/${encodeURIComponent(permitId)}/files`, {
    body,
    onProgress,
    onError: 'silent',
  });
}
