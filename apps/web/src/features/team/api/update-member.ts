import type { Member, MemberUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { useSubmissionKey } from '../../../lib/record-mutations';
import { MEMBERSHIP_KEY } from './get-membership';
import { memberKeys } from './team-keys';

export type MemberRoleFields = Pick<MemberUpdate, 'role' | 'technician'>;

/**
 * PUT /members/{id}: a new role (and technician link) with the `updated` that was read. Demoting the last Owner
 * is a field error on `role`; a member changed since it was read is a 409.
 */
export function updateMember(id: string, member: MemberUpdate, idempotencyKey?: string): Promise<Member> {
  return apiFetch<Member>(`/members/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: member,
    idempotencyKey,
  });
}

/**
 * Saves over `read`, the member as the list showed them, with one Idempotency-Key per submission (Retry after a
 * lost answer gets that save's answer, not a 409 for the user's own save). A change of the user's own role
 * reloads their membership, so the screens offer what the new role may use.
 */
export function useUpdateMember(read: Member, isSelf: boolean) {
  const queryClient = useQueryClient();
  const submission = useSubmissionKey({ renewAfterReuse: true });
  return useMutation({
    mutationFn: (fields: MemberRoleFields) => {
      const update = { ...fields, updated: read.updated };
      return submission.send(update, (key) => updateMember(read.id, update, key));
    },
    onSuccess: () => {
      submission.done();
      return isSelf ? queryClient.invalidateQueries({ queryKey: MEMBERSHIP_KEY }) : undefined;
    },
    // After a refusal too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
  });
}
