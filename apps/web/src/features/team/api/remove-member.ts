import type { Member } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { memberKeys } from './team-keys';

/** DELETE /members/{id}: the person leaves the organisation; what they worked on stays. The last Owner is a 409. */
export function removeMember(id: string): Promise<void> {
  return apiFetch<void>(`/members/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Removes the member it is given (the Users page has one for all its rows) and reloads the list. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: Member) => removeMember(member.id),
    // After a refusal too: a 409 means the list is out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: memberKeys.lists() }),
  });
}
