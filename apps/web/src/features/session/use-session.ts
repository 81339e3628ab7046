import type { UserSession } from '@crossarm/shared';
import { useContext } from 'react';
import { SessionContext } from './session-context';

/** The signed-in user's session. Only usable below the session gate (every signed-in page). */
export function useSession(): UserSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used below the session gate.');
  return session;
}
