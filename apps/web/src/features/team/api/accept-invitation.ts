import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../auth';

export interface JoinedOrganisation {
  tenantId: string;
  tenantName: string;
}

/** POST /invitation-links/accept: the caller becomes a member of the organisation the link invites to. */
export function acceptInvitation(token: string): Promise<JoinedOrganisation> {
  return apiFetch<JoinedOrganisation>('/invitation-links/accept', { method: 'POST', json: { token } });
}

/** Joins, then signs in to the organisation joined, as the user menu's switch does (the app says where). */
export function useAcceptInvitation(token: string) {
  const { switchTenant } = useAuth();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    onSuccess: (joined) => switchTenant(joined.tenantId),
  });
}
