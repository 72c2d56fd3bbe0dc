import type { Membership, Role } from '@fieldbook/domain';
import { createContext, use } from 'react';

/** The signed-in user's membership of the organisation they work in; provided by the signed-in layout. */
export const MembershipContext = createContext<Membership | undefined>(undefined);

/** The user's membership (role, linked technician); undefined while it loads, or when it could not be loaded. */
export function useMembership(): Membership | undefined {
  return use(MembershipContext);
}

/** The user's role in this organisation; undefined while it loads (show only what every role may use). */
export function useRole(): Role | undefined {
  return useMembership()?.role;
}
