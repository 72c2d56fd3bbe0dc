import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, SignInNeededError } from '../lib/api-client';

/** A client error (4xx) will not change on retry; a network or server failure might. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.status < 500) {
    return false;
  }
  return failureCount < 2;
}

/**
 * The app's query client. Data is fresh for 30 s: a page's component does not fetch again what its route's
 * loader has just fetched. `retry: false` is for tests, where a failure should show at once (an ended sign-in
 * still waits).
 *
 * A save runs even when the browser says it is offline (`networkMode: 'always'`): it fails at once and the
 * editor says so, with the typed values still there. TanStack's default would pause it with the Save
 * button spinning and no word to the user, then send it by itself when the connection came back, while
 * the user, seeing nothing happen, might press Save again and create the record twice.
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A read met by an ended sign-in is never a failure: it waits (paused, as reads are held back until the
        // user has signed in again) and the page keeps what it shows, a form its text.
        retry: (failureCount, error) =>
          error instanceof SignInNeededError || (retry && shouldRetry(failureCount, error)),
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
