import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiRequest } from '../lib/api/api-client';

/** Images the API serves (logos, avatars) are read with the user's token, so they come as blobs. */
function fetchImage(url: string, signal: AbortSignal): Promise<Blob> {
  return apiRequest<Blob>(url.replace(/^\/?api\//, ''), { signal, responseType: 'blob', onError: 'silent' });
}

/**
 * A displayable address for an image the API serves at `url` (e.g. '/api/files/…'), or null while it loads,
 * when it failed, or when there is none. Images are kept for the visit: a stored file never changes.
 */
export function useApiImage(url: string | null | undefined): string | null {
  const query = useQuery({
    queryKey: ['api-image', url],
    queryFn: ({ signal }) => fetchImage(url ?? '', signal),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
  });
  const blob = url ? query.data : undefined;
  const [objectUrl, setObjectUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setObjectUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setObjectUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return objectUrl;
}
