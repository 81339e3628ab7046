import type {
  CloneWorkflowTemplateGroupsInput,
  CloneWorkflowTemplateGroupsResult,
  LibraryEntry,
  Page,
  PermitMigrationInput,
  PermitMigrationResult,
  ProjectUser,
  TemplatePermit,
  TimerPreset,
  TimerPresetInput,
  WorkflowDefinition,
  WorkflowTemplate,
  WorkflowTemplateGroup,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiRequest } from '../../lib/api/api-client';
import { projectKeys } from '../projects/api';

/** The library kinds a template is built from. */
export type DesignerLibraryKind = 'stage' | 'task' | 'property';

/** The lifecycle calls of a template group. */
export type GroupAction = 'activate' | 'deactivate' | 'archive';

/** Query keys of workflow templates. A project's groups sit under its detail key, so they go with it. */
export const workflowKeys = {
  all: ['workflows'] as const,
  groups: (projectId: string, includeArchived: boolean) =>
    [...projectKeys.detail(projectId), 'workflow-groups', { includeArchived }] as const,
  allGroups: (projectId: string) => [...projectKeys.detail(projectId), 'workflow-groups'] as const,
  template: (id: string) => [...workflowKeys.all, 'template', id] as const,
  presets: () => [...workflowKeys.all, 'timer-presets'] as const,
  library: (kind: DesignerLibraryKind) => [...workflowKeys.all, 'library', kind] as const,
  /** A version's permits; under the groups' key, so refreshing the groups refreshes them too. */
  versionPermits: (projectId: string, templateId: string) =>
    [...workflowKeys.allGroups(projectId), 'permits', templateId] as const,
  versionPermitPage: (projectId: string, templateId: string, page: number, pageSize: number) =>
    [...workflowKeys.versionPermits(projectId, templateId), { page, pageSize }] as const,
  projectUsers: (projectId: string, filter: string) =>
    [...projectKeys.detail(projectId), 'users', filter] as const,
};

const projectPath = (id: string) => `projects/${encodeURIComponent(id)}`;
const groupPath = (id: string) => `projects/workflow-template-groups/${encodeURIComponent(id)}`;
const templatePath = (id: string) => `projects/workflow-templates/${encodeURIComponent(id)}`;

/** GET projects/{id}/workflow-templates: the groups with their versions, newest first. */
export function fetchProjectGroups(projectId: string, includeArchived: boolean, signal?: AbortSignal) {
  return apiRequest<WorkflowTemplateGroup[]>(`${projectPath(projectId)}/workflow-templates`, {
    signal,
    query: { includeArchived },
  });
}

/** POST projects/{id}/workflow-template-groups: a new group with an empty draft. */
export function createGroup(projectId: string, name: string, onError: ApiErrorHandling) {
  return apiRequest<WorkflowTemplateGroup>(`${projectPath(projectId)}/workflow-template-groups`, {
    method: 'POST',
    body: { name },
    onError,
  });
}

/** POST projects/{id}/clone-workflow-template-groups: copies of another project's groups as drafts. */
export function cloneGroups(
  projectId: string,
  body: CloneWorkflowTemplateGroupsInput,
  onError: ApiErrorHandling,
) {
  return apiRequest<CloneWorkflowTemplateGroupsResult>(
    `${projectPath(projectId)}/clone-workflow-template-groups`,
    { method: 'POST', body, onError },
  );
}

/** PUT projects/workflow-template-groups/{id}/{activate|deactivate|archive}. */
export function changeGroupStatus(groupId: string, action: GroupAction, onError: ApiErrorHandling) {
  return apiRequest<WorkflowTemplateGroup>(`${groupPath(groupId)}/${action}`, { method: 'PUT', onError });
}

/** PUT projects/workflow-template-groups/{id}/template: the group's draft, made when it has none. */
export function openDraft(groupId: string) {
  return apiRequest<WorkflowTemplate>(`${groupPath(groupId)}/template`, { method: 'PUT' });
}

/** GET projects/workflow-templates/{id}. Its 404 is the page's own state, so no notification. */
export function fetchTemplate(id: string, signal?: AbortSignal) {
  return apiRequest<WorkflowTemplate>(templatePath(id), { signal, onError: 'silent' });
}

/** PUT projects/workflow-templates/{id}: the draft's whole definition. */
export function saveTemplate(id: string, definition: WorkflowDefinition, onError: ApiErrorHandling) {
  return apiRequest<WorkflowTemplate>(templatePath(id), { method: 'PUT', body: { definition }, onError });
}

/** PUT projects/workflow-templates/{id}/publish. */
export function publishTemplate(id: string, onError: ApiErrorHandling) {
  return apiRequest<WorkflowTemplate>(`${templatePath(id)}/publish`, { method: 'PUT', onError });
}

/** GET projects/timer-presets: the federal presets, then the organization's own. */
export function fetchTimerPresets(signal?: AbortSignal) {
  return apiRequest<TimerPreset[]>('projects/timer-presets', { signal });
}

/** POST projects/timer-presets. */
export function createTimerPreset(body: TimerPresetInput, onError: ApiErrorHandling) {
  return apiRequest<TimerPreset>('projects/timer-presets', { method: 'POST', body, onError });
}

/** GET projects/{kind}-library-entries: the active entries a template may use, by name. */
export function fetchUsableEntries(kind: DesignerLibraryKind, signal?: AbortSignal) {
  return apiRequest<LibraryEntry[]>(`projects/${kind}-library-entries`, { signal });
}

/** GET joint-use/projects/{id}/users: people of the project's organizations whose name matches `filter`. */
export function fetchProjectUsers(projectId: string, filter: string, signal?: AbortSignal) {
  return apiRequest<ProjectUser[]>(`joint-use/projects/${encodeURIComponent(projectId)}/users`, {
    signal,
    query: { filter: filter.trim() || undefined },
  });
}

const versionPermitsPath = (projectId: string, templateId: string) =>
  `joint-use/project/${encodeURIComponent(projectId)}/workflow-templates/${encodeURIComponent(templateId)}/permits`;

/** GET joint-use/project/{id}/workflow-templates/{templateId}/permits: a page of a version's permits. */
export function fetchVersionPermits(
  projectId: string,
  templateId: string,
  paging: { page: number; pageSize: number },
  signal?: AbortSignal,
  onError: ApiErrorHandling = 'default',
) {
  return apiRequest<Page<TemplatePermit>>(versionPermitsPath(projectId, templateId), {
    signal,
    query: paging,
    onError,
  });
}

/** POST joint-use/project/{id}/workflow-templates/{templateId}/permits/migrate: preview or move. */
export function migrateVersionPermits(
  projectId: string,
  templateId: string,
  body: PermitMigrationInput,
  onError: ApiErrorHandling,
) {
  return apiRequest<PermitMigrationResult>(`${versionPermitsPath(projectId, templateId)}/migrate`, {
    method: 'POST',
    body,
    onError,
  });
}
