import type { Job } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { jobKeys } from './job-keys';

/** GET /jobs?q&p&s: one page of jobs and the total. */
export function getJobs(params: ListParams): Promise<ListPage<Job>> {
  return apiFetchList<Job>(listRequestPath('/jobs', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function jobsQueryOptions(params: ListParams) {
  return queryOptions({ queryKey: jobKeys.list(params), queryFn: () => getJobs(params), staleTime: 0 });
}

/** The customer viewer shows up to this many jobs (spec section 2). */
export const CUSTOMER_JOBS_LIMIT = 100;

/**
 * The customer's jobs, a list of jobs (so a job's save or delete reloads it). The viewer's loader fetches it
 * afresh; the panel then reads what the loader fetched.
 */
export function customerJobsQueryOptions(customerId: string) {
  const params: ListParams = { q: `customer.id:${customerId}`, p: 1, s: CUSTOMER_JOBS_LIMIT };
  return queryOptions({ queryKey: jobKeys.list(params), queryFn: () => getJobs(params) });
}
