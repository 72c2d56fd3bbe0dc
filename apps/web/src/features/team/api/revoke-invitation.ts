import type { Invitation } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { invitationKeys } from './team-keys';

/** DELETE /invitations/{id}: the invitation's link stops working. */
export function revokeInvitation(id: string): Promise<void> {
  return apiFetch<void>(`/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Revokes the invitation it is given and reloads the list. */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) => revokeInvitation(invitation.id),
    // After a refusal too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.lists() }),
  });
}
