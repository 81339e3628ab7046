import { notify } from '../components/notifications/notify';
import { configureApiClient } from '../lib/api/api-client';
import type { ApiError } from '../lib/api/api-error';
import { authClient } from '../lib/auth/auth-client';
import { hubClient } from '../lib/hub/hub-client';

/** The notification every failed API call shows unless the call handles its own errors. */
function showApiError(error: ApiError): void {
  notify({
    type: 'error',
    title: 'Encountered Error',
    message: error.detail ? `${error.title}\n${error.detail}` : error.title,
  });
}

/** Connects the API client to the auth client, the hub and the notifications. */
export function wireClients(): void {
  configureApiClient({
    getAccessToken: authClient.getAccessTokenIfSignedIn,
    getConnectionId: () => hubClient.connectionId,
    defaultErrorHandler: showApiError,
  });
}

const RELOAD_MARK = 'crossarm.preload-reload';

/**
 * A page's code can vanish when a new build is deployed while the tab is open; reloading once
 * fetches the new build. The mark stops a reload loop when the chunk is really missing.
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (sessionStorage.getItem(RELOAD_MARK)) return;
    sessionStorage.setItem(RELOAD_MARK, '1');
    event.preventDefault();
    window.location.reload();
  });
  window.addEventListener('load', () => setTimeout(() => sessionStorage.removeItem(RELOAD_MARK), 10_000));
}
