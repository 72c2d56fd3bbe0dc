import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MEMBERSHIP_KEY } from '../features/team/api/get-membership';
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
  /**
   * A refusal (403) may mean the user's role changed since it was read (another Owner changed it, or removed them):
   * the membership is read again, so the screens offer what the role now may use from the next step on.
   */
  const readRoleAgain = (error: unknown) => {
    if (error instanceof ApiRequestError && error.status === 403)
      void client.invalidateQueries({ queryKey: MEMBERSHIP_KEY });
  };
  const client: QueryClient = new QueryClient({
    // The membership's own refusal is the answer, not a reason to read it again.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== MEMBERSHIP_KEY[0]) readRoleAgain(error);
      },
    }),
    mutationCache: new MutationCache({ onError: readRoleAgain }),
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
  return client;
}
