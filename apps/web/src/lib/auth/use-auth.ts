import { useSyncExternalStore } from 'react';
import { type AuthSnapshot, authClient } from './auth-client';

/** The signed-in OIDC user (or null), re-rendering when it changes. */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(authClient.subscribe, authClient.getSnapshot);
}
