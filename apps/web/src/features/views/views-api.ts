import type {
  CustomView,
  CustomViewInput,
  DefaultViews,
  UserOption,
  ViewListItem,
  ViewPrefs,
  ViewPrefsInput,
} from '@crossarm/shared';
import type { QueryClient } from '@tanstack/react-query';
import { conflictHandler } from '../../components/notifications/notify-api-error';
import { type ApiErrorHandling, apiRequest, reportByDefault } from '../../lib/api/api-client';

const base = 'joint-use/views';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

/** Query keys of saved views; every view query sits under `viewKeys.all`. */
export const viewKeys = {
  all: ['views'] as const,
  manage: () => [...viewKeys.all, 'manage'] as const,
  defaults: () => [...viewKeys.all, 'default'] as const,
  detail: (id: string) => [...viewKeys.all, 'detail', id] as const,
  prefs: () => [...viewKeys.all, 'prefs'] as const,
  userOptions: (filter: string) => [...viewKeys.all, 'user-options', filter] as const,
  organizationOptions: (filter: string) => [...viewKeys.all, 'organization-options', filter] as const,
};

/**
 * How a call on the open view handles its errors: a 404 (deleted, or no longer shared, since the page
 * opened it) reads the views again, so the page says the view is unavailable rather than that something
 * failed; a 409 the server explains (a save that would remove parts of the view the caller does not see)
 * shows its message under `refusedTitle` when given; anything else is reported as every call's errors are.
 */
export function viewGoneOr(queryClient: QueryClient, refusedTitle?: string): ApiErrorHandling {
  const refused = refusedTitle ? conflictHandler(refusedTitle) : reportByDefault;
  return (error) => {
    if (error.status === 404) void queryClient.invalidateQueries({ queryKey: viewKeys.all });
    else refused(error);
  };
}

/** GET views/{id}; a 404 (gone, or no access) is shown by the page, not as an error toast. */
export function fetchView(id: string, signal?: AbortSignal) {
  return apiRequest<CustomView>(one(id), { signal, onError: 'silent' });
}

/** GET views/default: the caller's default table view ('All Permits' when none). */
export function fetchDefaultViews(signal?: AbortSignal) {
  return apiRequest<DefaultViews>(`${base}/default`, { signal });
}

/** GET views/manage: system views first, then the default view, then by name. */
export function fetchManagedViews(signal?: AbortSignal) {
  return apiRequest<ViewListItem[]>(`${base}/manage`, { signal });
}

/** POST views: the new view. */
export function createView(body: CustomViewInput, onError?: ApiErrorHandling) {
  return apiRequest<CustomView>(base, { method: 'POST', body, onError });
}

/** PUT views/{id}: overwrites the whole view. */
export function overwriteView(id: string, body: CustomViewInput, onError?: ApiErrorHandling) {
  return apiRequest<CustomView>(one(id), { method: 'PUT', body, onError });
}

/** DELETE views/{id}. */
export function deleteView(id: string, onError?: ApiErrorHandling) {
  return apiRequest<null>(one(id), { method: 'DELETE', onError });
}

/** POST or DELETE views/{id}/favorite. */
export function setViewFavorite(id: string, favorite: boolean, onError?: ApiErrorHandling) {
  return apiRequest<ViewPrefs>(`${one(id)}/favorite`, { method: favorite ? 'POST' : 'DELETE', onError });
}

/** PUT or DELETE views/{id}/default. */
export function setViewDefault(id: string, isDefault: boolean, onError?: ApiErrorHandling) {
  return apiRequest<ViewPrefs>(`${one(id)}/default`, { method: isDefault ? 'PUT' : 'DELETE', onError });
}

/** GET options/users: people the caller may share with. */
export function fetchUserOptions(filter: string, signal?: AbortSignal) {
  return apiRequest<UserOption[]>('joint-use/options/users', {
    signal,
    query: { filter: filter.trim() || undefined },
  });
}

/** GET options/users?ids=: the names of those people among the ones the caller may see. */
export function fetchPeopleNamed(ids: readonly string[], signal?: AbortSignal) {
  return apiRequest<UserOption[]>('joint-use/options/users', { signal, query: { ids: ids.join(',') } });
}

/** GET views/prefs: the caller's default view, favourites in their folders, and every view the caller sees. */
export function fetchViewPrefs(signal?: AbortSignal) {
  return apiRequest<ViewPrefs>(`${base}/prefs`, { signal });
}

/** PUT views/prefs: replaces the default view, favourites and folders. */
export function saveViewPrefs(body: ViewPrefsInput) {
  return apiRequest<ViewPrefs>(`${base}/prefs`, { method: 'PUT', body });
}
