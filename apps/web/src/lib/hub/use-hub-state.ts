import { useSyncExternalStore } from 'react';
import { type HubState, hubClient } from './hub-client';

/** The real-time channel's connection state, re-rendering when it changes. */
export function useHubState(): HubState {
  return useSyncExternalStore(hubClient.subscribe, hubClient.getState);
}
