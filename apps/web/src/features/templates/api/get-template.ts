import type { Template } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { templateKeys } from './template-keys';

/** GET /templates/{id}. */
export function getTemplate(id: string): Promise<Template> {
  return apiFetch<Template>(`/templates/${encodeURIComponent(id)}`);
}

export function templateQueryOptions(id: string) {
  return queryOptions({ queryKey: templateKeys.detail(id), queryFn: () => getTemplate(id) });
}
