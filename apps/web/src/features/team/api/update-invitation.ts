import type { Invitation, InvitationUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { invitationKeys } from './team-keys';

export type InvitationRoleFields = Pick<InvitationUpdate, 'role' | 'technician'>;

/**
 * PUT /invitations/{id}: a new role (and technician link), or with `resend` a new link emailed, valid 7 days
 * from now (the old link stops working); with the `updated` that was read.
 */
export function updateInvitation(
  id: string,
  invitation: InvitationUpdate,
  idempotencyKey?: string,
): Promise<Invitation> {
  return apiFetch<Invitation>(`/invitations/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: invitation,
    idempotencyKey,
  });
}

/** The invitation's role and technician as they are: what a resend sends back unchanged. */
const asRead = (invitation: Invitation): InvitationRoleFields => ({
  role: invitation.role,
  technician: invitation.technician && { id: invitation.technician.id },
});

/**
 * Saves the role of `read`, the invitation as the list showed it, and reloads the list; one Idempotency-Key per
 * submission, as `useUpdateMember`.
 */
export function useUpdateInvitation(read: Invitation) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey({ renewAfterReuse: true });
  return useMutation({
    mutationFn: (fields: InvitationRoleFields) => {
      const update = { ...fields, resend: false, updated: read.updated };
      return submission.send(update, (key) => updateInvitation(read.id, update, key));
    },
    onSuccess: () => submission.done(),
    // After a refusal too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.lists() }),
  });
}

/** Emails the invitation it is given again, with a new link; the Users page has one for all its rows. */
export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitation: Invitation) =>
      updateInvitation(invitation.id, { ...asRead(invitation), resend: true, updated: invitation.updated }),
    // After a refusal too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationKeys.lists() }),
  });
}
