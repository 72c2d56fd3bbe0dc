import type { InvitationPreview } from '@fieldbook/domain';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useAuth } from '../../auth';

/**
 * POST /invitation-links/preview: what the link invites to, read with its token by anyone signed in. An unknown
 * link is a 404; one used, revoked or expired a 409; each with a message for the person.
 */
export function previewInvitation(token: string): Promise<InvitationPreview> {
  return apiFetch<InvitationPreview>('/invitation-links/preview', { method: 'POST', json: { token } });
}

/** The route's loader reads it afresh on every visit. */
export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['invitation-links', token] as const,
    queryFn: () => previewInvitation(token),
  });
}

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
