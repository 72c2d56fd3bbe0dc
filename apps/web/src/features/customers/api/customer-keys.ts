import type { ListParams } from '../../../lib/list-params';

/** Query keys of the customer feature; list keys include q, p and s, so each search has its own entry. */
export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (params: ListParams) => [...customerKeys.lists(), params] as const,
  detail: (id: string) => [...customerKeys.all, 'detail', id] as const,
  locations: (customerId: string) => [...customerKeys.detail(customerId), 'locations'] as const,
};
