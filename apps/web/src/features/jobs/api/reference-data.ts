import type { JobPriority, Territory } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch, apiFetchList } from '../../../lib/api-client';
import { listRequestPath } from '../../../lib/list-params';

/** The job editor preloads up to this many territories (spec section 2). */
const TERRITORIES_LIMIT = 100;

/** GET /job-priorities: every priority, in order (Low, Normal, High, Urgent). */
export const jobPrioritiesQueryOptions = () =>
  queryOptions({
    queryKey: ['job-priorities'],
    queryFn: () => apiFetch<JobPriority[]>('/job-priorities'),
    staleTime: 5 * 60_000,
  });

/** GET /territories?q=*&p=1&s=100: the territories a job may be in. */
export const territoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['territories', 'all'],
    queryFn: async () =>
      (await apiFetchList<Territory>(listRequestPath('/territories', { q: '*', p: 1, s: TERRITORIES_LIMIT })))
        .items,
    staleTime: 5 * 60_000,
  });
