import type { Invitation, InvitationFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { invitationKeys } from './team-keys';

/**
 * POST /invitations: emails the person a link valid for 7 days. An address already a member's, or already
 * invited, is a field error on `email`.
 */
export function createInvitation(fields: InvitationFields, idempotencyKey: string): Promise<Invitation> {
  return apiFetch<Invitation>('/invitations', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateInvitation = () => useCreateRecord(invitationKeys, createInvitation);
