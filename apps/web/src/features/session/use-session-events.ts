import type { HubEvent, UserSession } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hubClient } from '../../lib/hub/hub-client';
import { sessionKeys } from './api';

// Typed literals rather than the shared constant: the shared enums module builds zod schemas at load time,
// which would put zod in the bundle for two strings.
const USER_SESSION_INVALID: HubEvent = 'user-session-invalid';
const ORGANIZATION_SESSION_INVALID: HubEvent = 'organization-session-invalid';

function readOrganizationId(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('organizationId' in payload)) return null;
  return typeof payload.organizationId === 'string' ? payload.organizationId : null;
}

/** Reloads the session when the server says it changed (for the user, or for the user's organization). */
export function useSessionEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: sessionKeys.me() });
    const offUser = hubClient.on(USER_SESSION_INVALID, reload);
    const offOrganization = hubClient.on(ORGANIZATION_SESSION_INVALID, (payload) => {
      const session = queryClient.getQueryData<UserSession>(sessionKeys.me());
      const organizationId = readOrganizationId(payload);
      if (organizationId && session?.user.organizationId === organizationId) reload();
    });
    return () => {
      offUser();
      offOrganization();
    };
  }, [queryClient]);
}
