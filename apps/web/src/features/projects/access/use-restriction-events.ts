import type { HubEvent } from '@crossarm/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hubClient } from '../../../lib/hub/hub-client';
import { setupKeys } from '../setup-api';

// A typed literal rather than the shared constant, which would bring the shared schemas into the bundle.
const RESTRICTION_CHANGED: HubEvent = 'project-restriction-changed';

function projectIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('projectId' in payload)) return null;
  return typeof payload.projectId === 'string' ? payload.projectId : null;
}

/** Rereads what the caller may do on the project when its organization is restricted or released. */
export function useRestrictionEvents(projectId: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      hubClient.on(RESTRICTION_CHANGED, (payload) => {
        if (projectIdOf(payload) !== projectId) return;
        void queryClient.invalidateQueries({ queryKey: setupKeys.check(projectId) });
        void queryClient.invalidateQueries({ queryKey: setupKeys.restrictions(projectId) });
      }),
    [queryClient, projectId],
  );
}
