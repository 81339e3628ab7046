import type {
  CancelRequestResult,
  PermitLifecycleState,
  PermitProgress,
  PermitProperties,
  PermitStage,
  PermitTimer,
  PermitTrackerHeader,
  ProjectUser,
  PropertyValueInput,
  TaskAssignments,
  TaskProperties,
  TrackerStageHeader,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiDownload, apiRequest, apiUpload } from '../../../lib/api/api-client';
import { saveFile } from '../../../lib/save-file';

// The calls of a permit's page: what it reads (header, stages, tasks, timers, application values) and what
// it changes (task values, completion, assignees, the permit's lifecycle).

const permit = (id: string) => `joint-use/permit/${encodeURIComponent(id)}`;
const task = (id: string, stageKey: string, taskKey: string) =>
  `${permit(id)}/stage/${encodeURIComponent(stageKey)}/task/${encodeURIComponent(taskKey)}`;

/** The permit's pending cancellation, or the approved one of a cancelled permit. */
export type CancelRequestFacts = NonNullable<PermitTrackerHeader['cancelRequest']>;

/** The tracker header as the permit page reads it. */
export type PermitHeaderView = PermitTrackerHeader;

/** GET permit/{id}/tracker-header. A 404 (gone, or another attacher's) is the page's own state. */
export function fetchTrackerHeader(id: string, signal?: AbortSignal) {
  return apiRequest<PermitHeaderView>(`${permit(id)}/tracker-header`, { signal, onError: 'silent' });
}

/** GET permit/{id}/tracker-stage-headers: the stages in order. */
export function fetchStageHeaders(id: string, signal?: AbortSignal) {
  return apiRequest<TrackerStageHeader[]>(`${permit(id)}/tracker-stage-headers`, {
    signal,
    onError: 'silent',
  });
}

/** GET permit/{id}/stage/{stageId}: one stage with its tasks and their values. */
export function fetchStage(id: string, stageKey: string, signal?: AbortSignal) {
  return apiRequest<PermitStage>(`${permit(id)}/stage/${encodeURIComponent(stageKey)}`, {
    signal,
    onError: 'silent',
  });
}

/** GET permit/{id}/timers. */
export function fetchTimers(id: string, signal?: AbortSignal) {
  return apiRequest<PermitTimer[]>(`${permit(id)}/timers`, { signal, onError: 'silent' });
}

/** GET permit/{id}/properties: the application form's values and whether the caller may change them. */
export function fetchPermitProperties(id: string, signal?: AbortSignal) {
  return apiRequest<PermitProperties>(`${permit(id)}/properties`, { signal, onError: 'silent' });
}

/** GET joint-use/projects/{id}/users: the people of the permit's project the caller may pick. */
export function fetchProjectUsers(projectId: string, signal?: AbortSignal) {
  return apiRequest<ProjectUser[]>(`joint-use/projects/${encodeURIComponent(projectId)}/users`, {
    signal,
    onError: 'silent',
  });
}

/** PUT permit/{id}/viewed: the permit goes to the top of the caller's recents. */
export function markPermitViewed(id: string) {
  return apiRequest<unknown>(`${permit(id)}/viewed`, { method: 'PUT', onError: 'silent' });
}

/** GET permit/{id}/files/{fileId}: saves one of the permit's files. */
export async function downloadPermitFile(id: string, fileId: string, fallbackName: string) {
  const file = await apiDownload(`${permit(id)}/files/${encodeURIComponent(fileId)}`);
  saveFile(file.blob, file.fileName ?? fallbackName);
}

/** Values to save, and files to upload with them keyed by the File property they belong to. */
export interface ValuesSave {
  values: PropertyValueInput[];
  files: Array<{ propertyEntryId: string; file: File }>;
}

/** The body of a values save: JSON without files, multipart (a `values` field and `file:<id>` parts) with. */
export function valuesFormData({ values, files }: ValuesSave): FormData {
  const form = new FormData();
  form.append('values', JSON.stringify(values));
  for (const { propertyEntryId, file } of files) form.append(`file:${propertyEntryId}`, file, file.name);
  return form;
}

function putValues<T>(
  path: string,
  save: ValuesSave,
  onError: ApiErrorHandling,
  onProgress?: (fraction: number) => void,
) {
  if (save.files.length === 0) {
    return apiRequest<T>(path, { method: 'PUT', body: { values: save.values }, onError });
  }
  return apiUpload<T>(path, { method: 'PUT', body: valuesFormData(save), onError, onProgress });
}

/** PUT permit/{id}/stage/{stageId}/task/{taskId}: saves a task's values (and uploads its files). */
export function saveTaskValues(
  id: string,
  stageKey: string,
  taskKey: string,
  save: ValuesSave,
  onError: ApiErrorHandling,
  onProgress?: (fraction: number) => void,
) {
  return putValues<TaskProperties>(task(id, stageKey, taskKey), save, onError, onProgress);
}

/** PUT permit/{id}/properties: saves the application form's values. */
export function savePermitProperties(
  id: string,
  save: ValuesSave,
  onError: ApiErrorHandling,
  onProgress?: (fraction: number) => void,
) {
  return putValues<PermitProperties>(`${permit(id)}/properties`, save, onError, onProgress);
}

/** POST .../task/{taskId}/complete or /uncomplete. */
export function setTaskCompleted(
  id: string,
  stageKey: string,
  taskKey: string,
  completed: boolean,
  onError: ApiErrorHandling,
) {
  return apiRequest<PermitProgress>(
    `${task(id, stageKey, taskKey)}/${completed ? 'complete' : 'uncomplete'}`,
    {
      method: 'POST',
      onError,
    },
  );
}

/** PUT .../task/{taskId}/user-assignments: exactly who is assigned. */
export function setTaskAssignees(
  id: string,
  stageKey: string,
  taskKey: string,
  userIds: string[],
  onError: ApiErrorHandling,
) {
  return apiRequest<TaskAssignments>(`${task(id, stageKey, taskKey)}/user-assignments`, {
    method: 'PUT',
    body: { userIds },
    onError,
  });
}

/** The permit's lifecycle calls, each answering where the permit now stands. */
export const lifecycleCalls = {
  complete: (id: string, onError: ApiErrorHandling) =>
    apiRequest<PermitLifecycleState>(`${permit(id)}/complete`, { method: 'POST', onError }),
  uncomplete: (id: string, onError: ApiErrorHandling) =>
    apiRequest<PermitLifecycleState>(`${permit(id)}/uncomplete`, { method: 'POST', onError }),
  requestCancel: (id: string, reason: string, onError: ApiErrorHandling) =>
    apiRequest<CancelRequestResult>(`${permit(id)}/cancel`, { method: 'POST', body: { reason }, onError }),
  directCancel: (id: string, reason: string, onError: ApiErrorHandling) =>
    apiRequest<CancelRequestResult>(`${permit(id)}/direct-cancel`, {
      method: 'POST',
      body: reason.trim() ? { reason } : {},
      onError,
    }),
  approveCancel: (id: string, cancelId: string, onError: ApiErrorHandling) =>
    apiRequest<CancelRequestResult>(`${permit(id)}/cancel/${encodeURIComponent(cancelId)}/approve`, {
      method: 'POST',
      onError,
    }),
  rejectCancel: (id: string, cancelId: string, reason: string, onError: ApiErrorHandling) =>
    apiRequest<CancelRequestResult>(`${permit(id)}/cancel/${encodeURIComponent(cancelId)}/reject`, {
      method: 'POST',
      body: { reason },
      onError,
    }),
  undoCancel: (id: string, cancelId: string, onError: ApiErrorHandling) =>
    apiRequest<CancelRequestResult>(`${permit(id)}/cancel/${encodeURIComponent(cancelId)}/undo`, {
      method: 'POST',
      onError,
    }),
  hold: (id: string, reason: string, onError: ApiErrorHandling) =>
    apiRequest<PermitLifecycleState[]>('joint-use/permit/on-hold', {
      method: 'POST',
      body: { permitIds: [id], reason },
      onError,
    }),
  release: (id: string, reason: string, onError: ApiErrorHandling) =>
    apiRequest<PermitLifecycleState[]>('joint-use/permit/on-hold-remove', {
      method: 'POST',
      body: { permitIds: [id], reason },
      onError,
    }),
  restrict: (id: string, reason: string, onError: ApiErrorHandling) =>
    apiRequest<PermitLifecycleState>(`${permit(id)}/restriction`, {
      method: 'POST',
      body: { reason },
      onError,
    }),
  removeRestriction: (id: string, onError: ApiErrorHandling) =>
    apiRequest<PermitLifecycleState>(`${permit(id)}/restriction`, { method: 'DELETE', onError }),
  remove: (id: string, onError: ApiErrorHandling) =>
    apiRequest<{ id: string }>(permit(id), { method: 'DELETE', onError }),
};
