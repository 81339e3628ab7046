import type { Preferences, UserHeader, UserSession } from '@crossarm/shared';
import { apiRequest } from '../../lib/api/api-client';

/** Query keys of the signed-in user's session and user headers. */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  userHeader: (userId: string) => [...sessionKeys.all, 'user-header', userId] as const,
};

/** GET admin/me. Failures are only logged: the session gate decides what the user sees. */
export function fetchUserSession(signal?: AbortSignal): Promise<UserSession> {
  return apiRequest<UserSession>('admin/me', {
    signal,
    onError: (error) => console.error('Loading the user session failed.', error),
  });
}

/** PUT admin/users/preferences. A failure is only logged; the preference stays applied locally. */
export function savePreferences(preferences: Preferences): Promise<Preferences> {
  return apiRequest<Preferences>('admin/users/preferences', {
    method: 'PUT',
    body: preferences,
    onError: (error) => console.error('Saving preferences failed.', error),
  });
}

/** GET admin/users/{id}/header. */
export function fetchUserHeader(userId: string, signal?: AbortSignal): Promise<UserHeader> {
  return apiRequest<UserHeader>(`admin/users/${encodeURIComponent(userId)}/header`, { signal });
}

/** Options shared by the boot sequence (which loads the session first) and the session gate. */
export const sessionQueryOptions = {
  queryKey: sessionKeys.me(),
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchUserSession(signal),
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
  retryOnMount: false,
} as const;
