import { QueryClient } from '@tanstack/react-query';

/**
 * Server state cache. Failed calls are not retried automatically: the API client has already shown
 * the error, and a retry would show it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
