import type { ListParams } from './list-params';

/**
 * Query keys of a resource's records: `lists()` is every search of it (invalidated after a save), `list(params)`
 * one search (q, p and s), `detail(id)` one record.
 */
export function recordKeys(resource: string) {
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (params: ListParams) => [resource, 'list', params] as const,
    detail: (id: string) => [resource, 'detail', id] as const,
  };
}

export type RecordKeys = ReturnType<typeof recordKeys>;
