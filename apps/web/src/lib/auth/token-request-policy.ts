import { ErrorTimeout } from 'oidc-client-ts';
import { delay } from '../with-timeout';

export interface TokenRequestPolicy {
  /** True for the identity provider's token endpoint. */
  matches: (url: string) => boolean;
  timeoutMs: number;
  retries: number;
}

let policy: TokenRequestPolicy | null = null;
let installed = false;

function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return new URL(input, window.location.href).href;
  if (input instanceof URL) return input.href;
  return input.url;
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

async function attempt(original: typeof fetch, input: RequestInfo | URL, init: RequestInit | undefined) {
  const timeout = AbortSignal.timeout(policy?.timeoutMs ?? 10_000);
  const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  try {
    return await original(input, { ...init, signal });
  } catch (error) {
    if (timeout.aborted && !init?.signal?.aborted) throw new ErrorTimeout('Token request timed out');
    throw error;
  }
}

async function fetchWithRetries(
  original: typeof fetch,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
) {
  const retries = policy?.retries ?? 0;
  for (let attemptIndex = 0; ; attemptIndex++) {
    const last = attemptIndex >= retries;
    try {
      const response = await attempt(original, input, init);
      if (last || !isRetryableStatus(response.status)) return response;
    } catch (error) {
      // Caller cancellations are final; timeouts and network failures are worth another try.
      if (last || init?.signal?.aborted) throw error;
    }
    await delay(250 * (attemptIndex + 1));
  }
}

/**
 * oidc-client-ts calls the global fetch for the token endpoint and offers neither retries nor a
 * per-attempt timeout, so token requests get both here: each attempt times out after `timeoutMs`
 * and a failed attempt (network error, timeout, 429, 5xx) is retried up to `retries` times.
 */
export function installTokenRequestPolicy(next: TokenRequestPolicy): void {
  policy = next;
  if (installed) return;
  installed = true;
  const original = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    if (!policy || method !== 'POST' || !policy.matches(requestUrl(input))) return original(input, init);
    return fetchWithRetries(original, input, init);
  };
}
