import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** For `startQuery`: fetch even cached data (viewers are re-evaluated on every visit). */
export const FRESH = { fresh: true } as const;

/**
 * A route loader's work: start a query of the page (while its code downloads, not after), with the query
 * options its components use. It does not wait and never throws: the page shows its own spinner and errors.
 * A loader starts all of its page's queries this way, so they run together. Returns null, a loader's "no data".
 */
export function startQuery<TQueryFnData, TData, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  query: FetchQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
  { fresh = false }: { fresh?: boolean } = {},
): null {
  void queryClient.prefetchQuery(fresh ? { ...query, staleTime: 0 } : query);
  return null;
}
