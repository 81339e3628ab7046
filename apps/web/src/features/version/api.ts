import { apiRequest } from '../../lib/api/api-client';
import { parseVersionText } from './version-check';

export const versionKeys = {
  all: ['version'] as const,
  api: () => [...versionKeys.all, 'api'] as const,
};

/** GET /version.txt: the latest deployed front-end build (never cached). */
export async function fetchLatestWebVersion(): Promise<string | null> {
  const response = await fetch('/version.txt', { cache: 'no-store', headers: { Accept: 'text/plain' } });
  if (!response.ok) return null;
  return parseVersionText(await response.text(), response.headers.get('content-type'));
}

/** GET version: the API's version. */
export function fetchApiVersion(signal?: AbortSignal): Promise<{ version: string }> {
  return apiRequest<{ version: string }>('version', { signal, auth: false, onError: 'silent' });
}
