import { QueryClient } from '@tanstack/react-query';

/**
 * Spec §4 "Data cache": infinite staleness, no retries, no refetch on focus, no polling.
 * Data is refreshed by explicit invalidation after writes and when the store changes.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
