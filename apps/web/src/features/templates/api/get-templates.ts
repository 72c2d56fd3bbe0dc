import type { TemplateSummary } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList, type ListPage } from '../../../lib/api-client';
import { type ListParams, listRequestPath } from '../../../lib/list-params';
import { templateKeys } from './template-keys';

/** GET /templates?q&p&s: one page of the templates (id, name, document, type, default), by name, and the total. */
export function getTemplates(params: ListParams): Promise<ListPage<TemplateSummary>> {
  return apiFetchList<TemplateSummary>(listRequestPath('/templates', params));
}

/** Re-evaluated on every navigation (stale at once). */
export function templatesQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: templateKeys.list(params),
    queryFn: () => getTemplates(params),
    staleTime: 0,
  });
}
