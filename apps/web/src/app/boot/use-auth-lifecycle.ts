import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { authClient } from '../../lib/auth/auth-client';
import { useAuth } from '../../lib/auth/use-auth';
import { hubClient } from '../../lib/hub/hub-client';

/** Follows sign-in and sign-out after boot: the hub and cached server data belong to one user. */
export function useAuthLifecycle(): void {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const previous = useRef(user);
  useEffect(() => {
    const wasSignedIn = previous.current !== null;
    previous.current = user;
    if (wasSignedIn && !user) {
      hubClient.disconnect();
      queryClient.clear();
    } else if (!wasSignedIn && user) {
      void hubClient.connect(() => authClient.getAccessToken());
    }
  }, [user, queryClient]);
}
