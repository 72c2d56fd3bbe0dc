import type { Organisation } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** Query key of the organisation's details: one record per signed-in organisation. */
export const organisationKey = ['organisation'] as const;

/** GET /organisation: the organisation's details (ABN, BSB and account number as digits). */
export function getOrganisation(): Promise<Organisation> {
  return apiFetch<Organisation>('/organisation');
}

export function organisationQueryOptions() {
  return queryOptions({ queryKey: organisationKey, queryFn: getOrganisation });
}
