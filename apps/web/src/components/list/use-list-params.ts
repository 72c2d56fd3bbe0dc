import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { ListPage } from '../../lib/api-client';
import { type ListParams, readListParams } from '../../lib/list-params';

/** The list's q, p and s from the URL: the URL is the list's state. */
export function useListParams(defaultSize: number): ListParams {
  const [search] = useSearchParams();
  return readListParams(search, defaultSize);
}

/** A list screen's params (from the URL) and its query; the previous page stays on screen while the next loads. */
export function useListQuery<T, TKey extends QueryKey>(
  queryOptions: (params: ListParams) => UseQueryOptions<ListPage<T>, Error, ListPage<T>, TKey>,
  defaultSize: number,
): ListQuery<T> {
  const params = useListParams(defaultSize);
  const query = useQuery({ ...queryOptions(params), placeholderData: keepPreviousData });
  return { params, query };
}

export interface ListQuery<T> {
  params: ListParams;
  query: UseQueryResult<ListPage<T>>;
}

/**
 * Lists are re-evaluated on every navigation. A new URL is a new query key, which loads by itself;
 * this reloads when the user navigates to the very same URL again (such as repeating a search).
 */
export function useReloadOnRepeatNavigation(reload: () => unknown): void {
  const location = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    const last = previous.current;
    previous.current = location;
    if (last.key !== location.key && last.pathname === location.pathname && last.search === location.search) {
      void reload();
    }
  }, [location, reload]);
}
