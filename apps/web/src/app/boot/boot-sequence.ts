import type { AppConfig } from '@crossarm/shared';
import type { QueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '../../features/session/api';
import { SESSION_INIT_FAILED } from '../../features/session/session-access';
import { apiRequest } from '../../lib/api/api-client';
import { isApiError } from '../../lib/api/api-error';
import { type AuthStartResult, authClient } from '../../lib/auth/auth-client';
import { hubClient } from '../../lib/hub/hub-client';
import { setRuntimeConfig } from '../../lib/runtime-config';
import { delay } from '../../lib/with-timeout';

/** The boot screen stays at least this long, so a fast start does not flash. */
export const BOOT_MINIMUM_MS = 1_000;

export type BootOutcome =
  | { kind: 'ready'; config: AppConfig; auth: AuthStartResult }
  | { kind: 'failed'; message: string; signedIn: boolean }
  /** The browser is on its way to the hosted login. */
  | { kind: 'redirecting' };

const CONFIG_FAILED = 'Crossarm could not load its configuration. Please try again in a moment.';
const STARTUP_FAILED = 'Something went wrong while starting Crossarm. Please try again.';
const AUTH_SETUP_FAILED = 'The sign-in service could not be reached. Please try again in a moment.';

function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return pathname === '/sign-in' ? '/' : `${pathname}${search}${hash}`;
}

async function loadConfig(): Promise<AppConfig> {
  const config = await apiRequest<AppConfig>('app-config', { auth: false, onError: 'silent' });
  setRuntimeConfig(config);
  return config;
}

/** Signed in: get a token (or go to login), connect the hub, load the session (a 401 is handled later). */
async function startSignedIn(queryClient: QueryClient): Promise<BootOutcome | null> {
  try {
    await authClient.getAccessToken();
  } catch {
    await authClient.login(currentPath());
    return { kind: 'redirecting' };
  }
  await hubClient.connect(() => authClient.getAccessToken());
  try {
    await queryClient.fetchQuery(sessionQueryOptions);
  } catch (error) {
    // A 401 is an answer (the user is unknown): the session gate shows 'Access Unauthorized'.
    if (!(isApiError(error) && error.status === 401)) {
      return { kind: 'failed', message: SESSION_INIT_FAILED, signedIn: true };
    }
  }
  return null;
}

async function runBoot(queryClient: QueryClient): Promise<BootOutcome> {
  let config: AppConfig;
  try {
    config = await loadConfig();
  } catch {
    return { kind: 'failed', message: CONFIG_FAILED, signedIn: false };
  }
  try {
    await authClient.configure(config.oidc);
  } catch {
    return { kind: 'failed', message: AUTH_SETUP_FAILED, signedIn: false };
  }
  const auth = await authClient.startSession();
  if (!auth.user) {
    hubClient.disconnect();
    return { kind: 'ready', config, auth };
  }
  return (await startSignedIn(queryClient)) ?? { kind: 'ready', config, auth };
}

let boot: Promise<BootOutcome> | null = null;

/** Starts the app once (React may mount the boot screen twice in development). */
export function bootOnce(queryClient: QueryClient): Promise<BootOutcome> {
  if (boot) return boot;
  const safeBoot = runBoot(queryClient).catch((error: unknown): BootOutcome => {
    console.error('Starting Crossarm failed.', error);
    return { kind: 'failed', message: STARTUP_FAILED, signedIn: authClient.isAuthenticated() };
  });
  boot = Promise.all([safeBoot, delay(BOOT_MINIMUM_MS)]).then(([outcome]) => outcome);
  return boot;
}
