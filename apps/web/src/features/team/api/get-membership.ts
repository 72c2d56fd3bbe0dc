import type { Membership } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { rememberRole } from '../../../lib/screen-access';
import { rememberTimeZone } from '../../../lib/time-zone';

/**
 * GET /tenant: the caller's own membership of the organisation the token names (its role, its technician, its
 * time zone, which are noted for the route loaders as they arrive).
 */
export async function getMembership(): Promise<Membership> {
  const membership = await apiFetch<Membership>('/tenant');
  rememberTimeZone(membership.timeZone);
  rememberRole(membership.role);
  return membership;
}

/**
 * Loaded once per organisation by the signed-in layout. A change of the user's own role on the Users page reloads
 * it; one made by another Owner shows from the first request it refuses (any 403 reads it again: `query-client.ts`).
 * The server enforces it at once either way.
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
