import type {
  AuditRecord,
  ExportFormat,
  InviteInput,
  MailRecord,
  OrganizationPermission,
  Page,
  SystemPermission,
  UserDetail,
  UserListQuery,
  UserMembership,
  UserRole,
  UserStatus,
  UserSummary,
} from '@crossarm/shared';
import { type ApiErrorHandling, apiDownload, apiRequest } from '../../lib/api/api-client';
import { saveFile } from '../../lib/save-file';

export type UserSortBy = UserListQuery['sortBy'];

/**
 * Whose users a list or a detail page works on: everyone (system administration), the members of one
 * organization (system administration of that organization), or the caller's own organization.
 */
export type UserScope =
  | { kind: 'system' }
  | { kind: 'organization'; organizationId: string }
  | { kind: 'own' };

export interface UserListParams {
  search: string;
  sortBy: UserSortBy;
  sortDir: 'asc' | 'desc';
  page: number;
  pageSize: number;
  status: UserStatus | null;
}

export interface PageParams {
  page: number;
  pageSize: number;
}

const scopeKey = (scope: UserScope) =>
  scope.kind === 'organization' ? `org:${scope.organizationId}` : scope.kind;

/** Query keys of users and the mail outbox. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (scope: UserScope, params: UserListParams) => [...userKeys.lists(), scopeKey(scope), params] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (scope: 'system' | 'own', id: string) => [...userKeys.details(), scope, id] as const,
  audit: (id: string, params: PageParams) => [...userKeys.all, 'audit', id, params] as const,
  ownPermissions: (id: string) => [...userKeys.all, 'own-permissions', id] as const,
  mail: (params: PageParams & { to: string }) => ['mail-outbox', params] as const,
};

const SYSTEM_USERS = 'admin/system/users';
const systemUser = (id: string) => `${SYSTEM_USERS}/${encodeURIComponent(id)}`;
const ownUser = (id: string) => `admin/users/${encodeURIComponent(id)}`;
const orgBase = (id: string) => `admin/system/organizations/${encodeURIComponent(id)}`;

function listPath(scope: UserScope): string {
  if (scope.kind === 'system') return SYSTEM_USERS;
  if (scope.kind === 'organization') return `${orgBase(scope.organizationId)}/users`;
  return 'admin/organization/users';
}

/** The user pages' scope for one user: system administration or the own organization. */
export const detailPath = (scope: 'system' | 'own', id: string) =>
  scope === 'system' ? systemUser(id) : ownUser(id);

/** GET the users of a scope, a page at a time. */
export function fetchUsers(scope: UserScope, params: UserListParams, signal?: AbortSignal) {
  return apiRequest<Page<UserSummary>>(listPath(scope), {
    signal,
    query: { ...params, search: params.search.trim() || undefined, status: params.status ?? undefined },
  });
}

/** The body of a users export: the chosen rows, or the list's filter and sort. */
export type UserExportBody =
  | string[]
  | { search?: string; status?: UserStatus; sortBy?: UserSortBy; sortDir?: 'asc' | 'desc' };

/** POST …/users/export/{xlsx|csv} of a system scope; the file is saved under the server's name. */
export async function exportUsers(scope: UserScope, format: ExportFormat, body: UserExportBody) {
  const file = await apiDownload(`${listPath(scope)}/export/${format.toLowerCase()}`, {
    method: 'POST',
    body,
  });
  saveFile(file.blob, file.fileName ?? `users.${format.toLowerCase()}`);
  return file;
}

/** POST an invitation into an organization (system) or into the caller's own. */
export function inviteUser(scope: UserScope, body: InviteInput, onError: ApiErrorHandling) {
  return apiRequest<UserDetail>(listPath(scope), { method: 'POST', body, onError });
}

/** PUT …/remove-user: takes a user out of an organization (system) or out of the caller's own. */
export function removeUserFromOrganization(scope: UserScope, userId: string, onError?: ApiErrorHandling) {
  const path =
    scope.kind === 'organization'
      ? `${orgBase(scope.organizationId)}/remove-user`
      : 'admin/organization/remove-user';
  return apiRequest<UserDetail>(path, { method: 'PUT', body: { userId }, onError });
}

/** GET one user. */
export function fetchUser(scope: 'system' | 'own', id: string, signal?: AbortSignal) {
  return apiRequest<UserDetail>(detailPath(scope, id), { signal });
}

/** PUT a user's profile (multipart with an optional avatar). */
export function updateUserProfile(
  scope: 'system' | 'own',
  id: string,
  form: FormData,
  onError: ApiErrorHandling,
) {
  return apiRequest<UserDetail>(detailPath(scope, id), { method: 'PUT', body: form, onError });
}

export type UserAction = 'activate' | 'deactivate' | 'reset-password' | 'reset-mfa';

/** Activate, deactivate (PUT) or reset a password or second factor (POST). */
export function runUserAction(
  scope: 'system' | 'own',
  id: string,
  action: UserAction,
  onError: ApiErrorHandling,
) {
  const method = action === 'activate' || action === 'deactivate' ? 'PUT' : 'POST';
  return apiRequest<UserDetail>(`${detailPath(scope, id)}/${action}`, { method, onError });
}

/** DELETE a user (system administration, or the caller's own organization). */
export function deleteUser(scope: 'system' | 'own', id: string, onError: ApiErrorHandling) {
  return apiRequest<null>(detailPath(scope, id), { method: 'DELETE', onError });
}

/** PUT admin/system/users/{id}/role. */
export function setUserRole(id: string, role: UserRole) {
  return apiRequest<UserDetail>(`${systemUser(id)}/role`, { method: 'PUT', body: { role } });
}

/** PUT admin/system/users/{id}/permissions. */
export function setSystemPermissions(id: string, permissions: SystemPermission[], onError: ApiErrorHandling) {
  return apiRequest<SystemPermission[]>(`${systemUser(id)}/permissions`, {
    method: 'PUT',
    body: { permissions },
    onError,
  });
}

/** PUT admin/system/users/{id}/organizations: exactly which organizations the user belongs to. */
export function setMemberships(id: string, organizationIds: string[], workingOrganizationId?: string | null) {
  return apiRequest<UserMembership[]>(`${systemUser(id)}/organizations`, {
    method: 'PUT',
    body: { organizationIds, workingOrganizationId },
  });
}

/** PUT admin/system/users/{id}/organization-permissions: the user's permissions in one organization. */
export function setMembershipPermissions(
  id: string,
  organizationId: string,
  permissions: OrganizationPermission[],
) {
  return apiRequest<UserMembership[]>(`${systemUser(id)}/organization-permissions`, {
    method: 'PUT',
    body: { organizationId, permissions },
  });
}

/** GET admin/users/{id}/organization-permissions: the user's permissions in the caller's organization. */
export function fetchOwnPermissions(id: string, signal?: AbortSignal) {
  return apiRequest<{ permissions: OrganizationPermission[] }>(`${ownUser(id)}/organization-permissions`, {
    signal,
  });
}

/** PUT admin/users/{id}/organization-permissions. */
export function saveOwnPermissions(id: string, permissions: OrganizationPermission[]) {
  return apiRequest<{ permissions: OrganizationPermission[] }>(`${ownUser(id)}/organization-permissions`, {
    method: 'PUT',
    body: { permissions },
  });
}

/** GET admin/system/users/{id}/audit. */
export function fetchUserAudit(id: string, params: PageParams, signal?: AbortSignal) {
  return apiRequest<Page<AuditRecord>>(`${systemUser(id)}/audit`, { signal, query: { ...params } });
}

/** GET admin/system/mail-outbox: mail Crossarm sent, newest first (optionally to one address). */
export function fetchMailOutbox(params: PageParams & { to: string }, signal?: AbortSignal) {
  return apiRequest<Page<MailRecord>>('admin/system/mail-outbox', {
    signal,
    query: { page: params.page, pageSize: params.pageSize, to: params.to.trim().toLowerCase() || undefined },
  });
}
