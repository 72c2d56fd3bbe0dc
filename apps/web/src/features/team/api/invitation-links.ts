import type { InvitationPreview } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

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
