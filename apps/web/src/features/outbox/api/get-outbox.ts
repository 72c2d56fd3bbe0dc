import type { OutboxMessage } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { outboxKeys } from './outbox-keys';

/** GET /outbox?q&p&s (Owners only): a page of the messages, newest first, and how many there are. */
export function getOutbox(params: ListParams): Promise<ListPage<OutboxMessage>> {
  return apiFetchList<OutboxMessage>(listRequestPath('/outbox', params));
}

/** Re-evaluated on every visit: a message's state changes as the mail server answers. */
export function outboxQueryOptions(params: ListParams) {
  return queryOptions({ queryKey: outboxKeys.list(params), queryFn: () => getOutbox(params), staleTime: 0 });
}
