import type { Member, MemberUpdate } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { MEMBERSHIP_KEY } from './get-membership';
import { memberKeys } from './team-keys';

export type MemberRoleFields = Pick<MemberUpdate, 'role' | 'technician'>;

/**
 * PUT /members/{id}: a new role (and technician link) with the `updated` that was read. Demoting the last Owner
 * is a field error on `role`; a member changed since it was read is a 409.
 */
export function updateMember(id: string, member: MemberUpdate): Promise<Member> {
  return apiFetch<Member>(`/members/${encodeURIComponent(id)}`, { method: 'PUT', json: member });
}

/**
 * Saves over `read`, the member as the list showed them. A change of the user's own role reloads their
 * membership, so the screens offer what the new role may use.
 */
export function useUpdateMember(read: Member, isSelf: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: MemberRoleFields) => updateMember(read.id, { ...fields, updated: read.updated }),
    onSuccess: () => (isSelf ? queryClient.invalidateQueries({ queryKey: MEMBERSHIP_KEY }) : undefined),
    // After a refusal too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
  });
}
