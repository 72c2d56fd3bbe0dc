import type { ListParams } from '../../../lib/list-params';

/** Query keys of the item catalogue; list keys include q, p and s. */
export const itemKeys = {
  all: ['items'] as const,
  lists: () => [...itemKeys.all, 'list'] as const,
  list: (params: ListParams) => [...itemKeys.lists(), params] as const,
  detail: (id: string) => [...itemKeys.all, 'detail', id] as const,
};
