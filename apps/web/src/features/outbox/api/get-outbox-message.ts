import type { OutboxMessage } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { outboxKeys } from './outbox-keys';

/** GET /outbox/{id} (Owners only): one message with its body and its attachments' names and sizes. */
export function getOutboxMessage(id: string): Promise<OutboxMessage> {
  return apiFetch<OutboxMessage>(`/outbox/${encodeURIComponent(id)}`);
}

export function outboxMessageQueryOptions(id: string) {
  return queryOptions({ queryKey: outboxKeys.detail(id), queryFn: () => getOutboxMessage(id) });
}
