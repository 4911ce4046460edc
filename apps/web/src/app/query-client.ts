import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, reportApiError } from '#shared/api-client.ts';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller shows the failure itself, so the global toast stays quiet. */
    queryMeta: { silent?: boolean };
    mutationMeta: { silent?: boolean };
  }
}

/** A client error will not change by asking again; a lost response might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The one error-display policy (spec §8): failures toast the server's message unless silenced. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) reportApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.silent) reportApiError(error);
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
