import type {
  ExportFormat,
  OrganizationProjectPermissions,
  Page,
  ProjectNotificationPrefs,
  ProjectNotificationPrefsInput,
  ProjectPermission,
  ProjectRestriction,
  ProjectRestrictionCheck,
  ProjectTermsState,
  ProjectUserPermissions,
  ProjectUserPermissionsInput,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiDownload, apiRequest } from '../../lib/api/api-client';
import { saveFile } from '../../lib/save-file';
import { projectKeys } from './api';

/** What the people list of a contributor asks for (kept in the list's own state, not the URL). */
export interface PeopleListParams {
  search: string;
  sortBy: 'name' | 'email';
  sortDir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** Query keys of a project's setup; all sit under the project's detail key. */
export const setupKeys = {
  organizationPermissions: (id: string, orgId: string) =>
    [...projectKeys.detail(id), 'organization-permissions', orgId] as const,
  people: (id: string, orgId: string) => [...projectKeys.detail(id), 'people', orgId] as const,
  peoplePage: (id: string, orgId: string, params: PeopleListParams) =>
    [...setupKeys.people(id, orgId), params] as const,
  restrictions: (id: string) => [...projectKeys.detail(id), 'restrictions'] as const,
  check: (id: string) => [...projectKeys.detail(id), 'check-restrictions'] as const,
  terms: (id: string) => [...projectKeys.detail(id), 'terms'] as const,
  notificationPrefs: (id: string) => [...projectKeys.detail(id), 'notification-prefs'] as const,
};

const one = (id: string) => `projects/${encodeURIComponent(id)}`;
const contributor = (id: string, orgId: string) => `${one(id)}/organizations/${encodeURIComponent(orgId)}`;

/** GET projects/{id}/organizations/{orgId}/permissions. */
export function fetchOrganizationPermissions(id: string, orgId: string, signal?: AbortSignal) {
  return apiRequest<OrganizationProjectPermissions>(`${contributor(id, orgId)}/permissions`, { signal });
}

/** PUT projects/{id}/organizations/{orgId}/permissions: the organization's whole set. */
export function saveOrganizationPermissions(id: string, orgId: string, permissions: ProjectPermission[]) {
  return apiRequest<OrganizationProjectPermissions>(`${contributor(id, orgId)}/permissions`, {
    method: 'PUT',
    body: { permissions },
  });
}

/** GET projects/{id}/organizations/{orgId}/user-permissions: a page of the organization's people. */
export function fetchPeople(id: string, orgId: string, params: PeopleListParams, signal?: AbortSignal) {
  return apiRequest<Page<ProjectUserPermissions>>(`${contributor(id, orgId)}/user-permissions`, {
    signal,
    query: { ...params, search: params.search.trim() || undefined },
  });
}

/** PUT projects/{id}/organizations/{orgId}/user-permissions: own sets, or null to inherit again. */
export function savePeoplePermissions(
  id: string,
  orgId: string,
  users: ProjectUserPermissionsInput['users'],
  onError: ApiErrorHandling,
) {
  return apiRequest<ProjectUserPermissions[]>(`${contributor(id, orgId)}/user-permissions`, {
    method: 'PUT',
    body: { users },
    onError,
  });
}

/** POST .../user-permissions/export/{xlsx|csv} with the list's search and order. */
export async function exportPeople(
  id: string,
  orgId: string,
  format: ExportFormat,
  params: Pick<PeopleListParams, 'search' | 'sortBy' | 'sortDir'>,
) {
  const extension = format.toLowerCase();
  const file = await apiDownload(`${contributor(id, orgId)}/user-permissions/export/${extension}`, {
    method: 'POST',
    body: { ...params, search: params.search.trim() || undefined },
  });
  saveFile(file.blob, file.fileName ?? `project-people.${extension}`);
  return file;
}

/** GET projects/{id}/restrictions: every restriction for the pole owner, the caller's own for an attacher. */
export function fetchRestrictions(id: string, signal?: AbortSignal) {
  return apiRequest<ProjectRestriction[]>(`${one(id)}/restrictions`, { signal });
}

/** POST projects/{id}/restriction: the restrictions afterwards. */
export function restrictOrganization(
  id: string,
  body: { organizationId: string; reason: string },
  onError: ApiErrorHandling,
) {
  return apiRequest<ProjectRestriction[]>(`${one(id)}/restriction`, { method: 'POST', body, onError });
}

/** DELETE projects/{id}/restriction/{orgId}: the restrictions afterwards. */
export function liftRestriction(id: string, orgId: string, onError: ApiErrorHandling) {
  return apiRequest<ProjectRestriction[]>(`${one(id)}/restriction/${encodeURIComponent(orgId)}`, {
    method: 'DELETE',
    onError,
  });
}

/** GET projects/{id}/check-restrictions: whether the caller may create permits, and why not. */
export function fetchRestrictionCheck(id: string, signal?: AbortSignal) {
  return apiRequest<ProjectRestrictionCheck>(`${one(id)}/check-restrictions`, { signal });
}

/** GET projects/{id}/terms: the current version and the caller organization's acceptance. */
export function fetchTerms(id: string, signal?: AbortSignal) {
  return apiRequest<ProjectTermsState>(`${one(id)}/terms`, { signal });
}

/** POST projects/{id}/terms: publishes a new version. */
export function publishTerms(id: string, htmlContent: string, onError: ApiErrorHandling) {
  return apiRequest<ProjectTermsState>(`${one(id)}/terms`, {
    method: 'POST',
    body: { htmlContent },
    onError,
  });
}

/** POST projects/{id}/terms/accept for the caller's organization. */
export function acceptTerms(id: string, termsId: string, onError: ApiErrorHandling) {
  return apiRequest<ProjectTermsState>(`${one(id)}/terms/accept`, {
    method: 'POST',
    body: { termsId },
    onError,
  });
}

/** GET projects/{id}/notification-prefs: the caller's settings, every event type filled in. */
export function fetchNotificationPrefs(id: string, signal?: AbortSignal) {
  return apiRequest<ProjectNotificationPrefs>(`${one(id)}/notification-prefs`, { signal });
}

/** PUT projects/{id}/notification-prefs: the mute and the event types that changed. */
export function saveNotificationPrefs(id: string, body: ProjectNotificationPrefsInput) {
  return apiRequest<ProjectNotificationPrefs>(`${one(id)}/notification-prefs`, { method: 'PUT', body });
}
