import type { UserSession } from '@crossarm/shared';
import { isApiError } from '../../lib/api/api-error';

/** Shown when no session could be loaded for a signed-in user. */
export const SESSION_INIT_FAILED = 'Something went wrong initializing the user session';

/** What the session allows: the app, the 'Access Unauthorized' panel, or the 'no organization' panel. */
export type SessionAccess = 'granted' | 'unauthorized' | 'no-organization';

/** Only an Active user with an organization may use the system; a 401 means the user is unknown. */
export function sessionAccess(session: UserSession | undefined, error: unknown): SessionAccess | null {
  if (isApiError(error) && error.status === 401) return 'unauthorized';
  if (!session) return null;
  if (session.user.status !== 'Active') return 'unauthorized';
  if (!session.user.organizationId) return 'no-organization';
  return 'granted';
}
