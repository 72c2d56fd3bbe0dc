import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client';

/** A client error (4xx) will not change on retry; a network or server failure might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status < 500) {
    return false;
  }
  return failureCount < 2;
}

/**
 * The app's query client. Data is fresh for 30 s: a page's component does not fetch again what its route's
 * loader has just fetched. `retry: false` is for tests, where a failure should show at once.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retry ? shouldRetry : false, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
