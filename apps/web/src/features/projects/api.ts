import type {
  ExportFormat,
  Option,
  Page,
  Project,
  ProjectExportBody,
  ProjectInput,
  ProjectListQuery,
  ProjectRole,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiDownload, apiRequest } from '../../lib/api/api-client';
import { saveFile } from '../../lib/save-file';

export type ProjectSortBy = ProjectListQuery['sortBy'];
export type ProjectStatusFilter = ProjectListQuery['status'];
/** An organization taking part in a project, with its role. */
export type Contributor = Project['contributors'][number];

/** What the projects table asks for: the state its URL holds. */
export interface ProjectListParams {
  search: string;
  status: ProjectStatusFilter;
  sortBy: ProjectSortBy;
  sortDir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** A project's figures for its overview: permits by status, poles, spans and where active permits stand. */
export interface ProjectSummary {
  permitCountsByStatus: Record<string, number>;
  totalPermits: number;
  poles: number;
  spans: number;
  activeStageDistribution: Array<{ stageName: string; count: number }>;
}

/** Query keys of projects; every project query sits under `projectKeys.all`. */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  list: (params: ProjectListParams) => [...projectKeys.lists(), params] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  contributors: (id: string) => [...projectKeys.detail(id), 'contributors'] as const,
  summary: (id: string) => [...projectKeys.detail(id), 'summary'] as const,
  organizationOptions: (filter: string) => [...projectKeys.all, 'organization-options', filter] as const,
};

const base = 'projects';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** GET projects: a page of the projects the caller's organization takes part in. */
export function fetchProjects(params: ProjectListParams, signal?: AbortSignal) {
  return apiRequest<Page<Project>>(base, {
    signal,
    query: { ...params, search: params.search.trim() || undefined },
  });
}

/** GET projects/{id}. Its 404 is the page's own not-found state, so no notification. */
export function fetchProject(id: string, signal?: AbortSignal) {
  return apiRequest<Project>(one(id), { signal, onError: 'silent' });
}

/** POST projects. */
export function createProject(body: ProjectInput, onError: ApiErrorHandling) {
  return apiRequest<Project>(base, { method: 'POST', body, onError });
}

/** PUT projects/{id}. */
export function updateProject(id: string, body: ProjectInput, onError: ApiErrorHandling) {
  return apiRequest<Project>(one(id), { method: 'PUT', body, onError });
}

/** POST projects/{id}/archive or projects/{id}/unarchive. */
export function setProjectArchived(id: string, archived: boolean, onError: ApiErrorHandling) {
  return apiRequest<Project>(`${one(id)}/${archived ? 'archive' : 'unarchive'}`, {
    method: 'POST',
    onError,
  });
}

/** POST projects/export/{xlsx|csv} with the list's filter and order; the file is saved under the server's name. */
export async function exportProjects(format: ExportFormat, body: ProjectExportBody) {
  const file = await apiDownload(`${base}/export/${format.toLowerCase()}`, { method: 'POST', body });
  saveFile(file.blob, file.fileName ?? `projects.${format.toLowerCase()}`);
  return file;
}

/** GET projects/{id}/organizations. */
export function fetchContributors(id: string, signal?: AbortSignal) {
  return apiRequest<Contributor[]>(`${one(id)}/organizations`, { signal });
}

/** POST projects/{id}/organizations: the contributors after the addition. */
export function addContributor(
  id: string,
  body: { organizationId: string; role: ProjectRole },
  onError: ApiErrorHandling,
) {
  return apiRequest<Contributor[]>(`${one(id)}/organizations`, { method: 'POST', body, onError });
}

/** DELETE projects/{id}/organizations/{orgId}: the contributors after the removal. */
export function removeContributor(id: string, organizationId: string, onError: ApiErrorHandling) {
  return apiRequest<Contributor[]>(`${one(id)}/organizations/${encodeURIComponent(organizationId)}`, {
    method: 'DELETE',
    onError,
  });
}

/** GET projects/{id}/summary. The overview falls back to zeros on failure, so no notification. */
export function fetchProjectSummary(id: string, signal?: AbortSignal) {
  return apiRequest<ProjectSummary>(`${one(id)}/summary`, { signal, onError: 'silent' });
}

/** GET joint-use/options/organizations: organizations whose name matches `filter`. */
export function fetchOrganizationOptions(
  filter: string,
  signal?: AbortSignal,
  { related = false }: { related?: boolean } = {},
) {
  return apiRequest<Option[]>('joint-use/options/organizations', {
    signal,
    query: { filter: filter.trim() || undefined, related: related ? 'true' : undefined },
  });
}

/** PUT joint-use/projects/{id}/viewed: records the visit for the user's recents; failures do not matter. */
export function markProjectViewed(id: string) {
  return apiRequest<unknown>(`joint-use/projects/${encodeURIComponent(id)}/viewed`, {
    method: 'PUT',
    onError: 'silent',
  });
}
