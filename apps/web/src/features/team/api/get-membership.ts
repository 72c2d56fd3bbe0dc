import type { Membership } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** GET /tenant: the caller's own membership of the organisation the token names (its role, its technician). */
export function getMembership(): Promise<Membership> {
  return apiFetch<Membership>('/tenant');
}

/**
 * Loaded once per organisation by the signed-in layout. A change of the user's own role on the Users page reloads
 * it; one made by another Owner shows from the next page load (the server enforces it at once either way).
 */
export function membershipQueryOptions(tenantId: string) {
  return queryOptions({
    queryKey: ['membership', tenantId] as const,
    queryFn: getMembership,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Every organisation's membership query, for reloading after the user's own role changes. */
export const MEMBERSHIP_KEY = ['membership'] as const;
