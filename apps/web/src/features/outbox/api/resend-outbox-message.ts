import type { OutboxMessage } from '@fieldbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { outboxKeys } from './outbox-keys';

/** POST /outbox/{id}/resend (Owners only): a failed message back in the queue, due now, its attempts afresh. */
export function resendOutboxMessage(id: string): Promise<OutboxMessage> {
  return apiFetch<OutboxMessage>(`/outbox/${encodeURIComponent(id)}/resend`, { method: 'POST' });
}

/**
 * Sends the failed message it is given again, then reloads the outbox: after a refusal too (a 409 means the
 * message moved on since the page read it). `variables` is the message, so only its button shows it is busy.
 */
export function useResendOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: OutboxMessage) => resendOutboxMessage(message.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
