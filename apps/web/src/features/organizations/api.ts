import type {
  Application,
  ApplicationUsage,
  AuditRecord,
  ExportFormat,
  Organization,
  OrganizationListQuery,
  OrganizationSecurity,
  Page,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiDownload, apiRequest } from '../../lib/api/api-client';
import { saveFile } from '../../lib/save-file';

export type OrganizationSortBy = OrganizationListQuery['sortBy'];

/** What the organizations table asks for: the state its URL holds. */
export interface OrganizationListParams {
  search: string;
  sortBy: OrganizationSortBy;
  sortDir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface PageParams {
  page: number;
  pageSize: number;
}

export type OrganizationDomain = OrganizationSecurity['domains'][number];

/** Query keys of organizations (system administration) and of the user's own organization. */
export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  list: (params: OrganizationListParams) => [...organizationKeys.lists(), params] as const,
  options: (search: string) => [...organizationKeys.all, 'options', search] as const,
  detail: (id: string) => [...organizationKeys.all, 'detail', id] as const,
  domains: (id: string) => [...organizationKeys.detail(id), 'domains'] as const,
  audit: (id: string, params: PageParams) => [...organizationKeys.detail(id), 'audit', params] as const,
  own: () => [...organizationKeys.all, 'own'] as const,
  ownSecurity: () => [...organizationKeys.own(), 'security'] as const,
  ownApplications: () => [...organizationKeys.own(), 'applications'] as const,
};

const base = 'admin/system/organizations';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** GET admin/system/organizations. */
export function fetchOrganizations(params: OrganizationListParams, signal?: AbortSignal) {
  return apiRequest<Page<Organization>>(base, {
    signal,
    query: { ...params, search: params.search.trim() || undefined },
  });
}

/** GET admin/system/organizations/{id}. */
export function fetchOrganization(id: string, signal?: AbortSignal) {
  return apiRequest<Organization>(one(id), { signal });
}

/** POST admin/system/organizations (multipart: fields and an optional logo). */
export function createOrganization(form: FormData, onError: ApiErrorHandling) {
  return apiRequest<Organization>(base, { method: 'POST', body: form, onError });
}

/** PUT admin/system/organizations/{id} (multipart). */
export function updateOrganization(id: string, form: FormData, onError: ApiErrorHandling) {
  return apiRequest<Organization>(one(id), { method: 'PUT', body: form, onError });
}

/** DELETE admin/system/organizations/{id}. */
export function deleteOrganization(id: string, onError: ApiErrorHandling) {
  return apiRequest<null>(one(id), { method: 'DELETE', onError });
}

/** PUT admin/system/organizations/{id}/applications. */
export function saveApplications(id: string, applications: Application[]) {
  return apiRequest<Organization>(`${one(id)}/applications`, { method: 'PUT', body: { applications } });
}

/** GET admin/system/organizations/{id}/security/domains. */
export function fetchDomains(id: string, signal?: AbortSignal) {
  return apiRequest<OrganizationDomain[]>(`${one(id)}/security/domains`, { signal });
}

/** POST admin/system/organizations/{id}/security/domain. */
export function addDomain(id: string, domainName: string, onError: ApiErrorHandling) {
  return apiRequest<OrganizationDomain[]>(`${one(id)}/security/domain`, {
    method: 'POST',
    body: { domainName },
    onError,
  });
}

/** DELETE admin/system/organizations/{id}/security/domain/{domain}. */
export function removeDomain(id: string, domainName: string) {
  return apiRequest<OrganizationDomain[]>(`${one(id)}/security/domain/${encodeURIComponent(domainName)}`, {
    method: 'DELETE',
  });
}

/** GET admin/system/organizations/{id}/audit. */
export function fetchOrganizationAudit(id: string, params: PageParams, signal?: AbortSignal) {
  return apiRequest<Page<AuditRecord>>(`${one(id)}/audit`, { signal, query: { ...params } });
}

/** The body of an organizations export: the chosen rows, or the list's search and sort. */
export type OrganizationExportBody =
  | string[]
  | { search?: string; sortBy?: OrganizationSortBy; sortDir?: 'asc' | 'desc' };

/** POST admin/system/organizations/export/{xlsx|csv}; the file is saved under the server's name. */
export async function exportOrganizations(format: ExportFormat, body: OrganizationExportBody) {
  const file = await apiDownload(`${base}/export/${format.toLowerCase()}`, { method: 'POST', body });
  saveFile(file.blob, file.fileName ?? `organizations.${format.toLowerCase()}`);
  return file;
}

/** GET admin/organization: the caller's own organization. */
export function fetchOwnOrganization(signal?: AbortSignal) {
  return apiRequest<Organization>('admin/organization', { signal });
}

/** PUT admin/organization (multipart). */
export function updateOwnOrganization(form: FormData, onError: ApiErrorHandling) {
  return apiRequest<Organization>('admin/organization', { method: 'PUT', body: form, onError });
}

/** GET admin/organization/security: the own organization's allowed domains. */
export function fetchOwnSecurity(signal?: AbortSignal) {
  return apiRequest<OrganizationSecurity>('admin/organization/security', { signal });
}

/** GET admin/organization/applications: each application, whether it is on, and its user count. */
export function fetchOwnApplications(signal?: AbortSignal) {
  return apiRequest<ApplicationUsage[]>('admin/organization/applications', { signal });
}
