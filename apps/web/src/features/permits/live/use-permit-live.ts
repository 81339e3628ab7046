import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { hubClient } from '../../../lib/hub/hub-client';
import { permitKeys } from '../permit-keys';
import { debounced, isAboutPermit, PERMIT_EVENT_TYPES } from './permit-events';

/** How long a burst of events is gathered before the permit is read again. */
export const LIVE_REFRESH_DELAY_MS = 150;

function follow(permitId: string) {
  hubClient.request('subscribe', { permitId }).catch((error: unknown) => {
    console.warn('Real-time channel: could not follow the permit.', error);
  });
}

/**
 * Keeps an open permit current: joins the permit's room on the hub (again after every reconnect, reading
 * the permit again for what was missed meanwhile), and reads the permit again shortly after any event about
 * it. Leaves the room when the page closes.
 */
export function usePermitLive(permitId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = debounced(() => {
      void queryClient.invalidateQueries({ queryKey: permitKeys.detail(permitId) });
    }, LIVE_REFRESH_DELAY_MS);
    const stops = PERMIT_EVENT_TYPES.map((type) =>
      hubClient.on(type, (payload) => {
        if (isAboutPermit(payload, permitId)) refresh();
      }),
    );
    let wasConnected = hubClient.getState() === 'Connected';
    if (wasConnected) follow(permitId);
    const stopWatching = hubClient.subscribe(() => {
      const connected = hubClient.getState() === 'Connected';
      if (connected && !wasConnected) {
        follow(permitId);
        refresh();
      }
      wasConnected = connected;
    });
    return () => {
      for (const stop of stops) stop();
      stopWatching();
      refresh.cancel();
      if (hubClient.getState() === 'Connected') {
        hubClient.request('unsubscribe', { permitId }).catch(() => {
          // Leaving fails only when the connection is gone, and then the room is left anyway.
        });
      }
    };
  }, [permitId, queryClient]);
}
