import type { Template, TemplateFields } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { useCreateRecord } from '../../../lib/record-mutations';
import { templateKeys } from './template-keys';

/** POST /templates: the new template. The body is compiled first: one that does not compile is a 400 on `body`. */
export function createTemplate(fields: TemplateFields, idempotencyKey: string): Promise<Template> {
  return apiFetch<Template>('/templates', { method: 'POST', json: fields, idempotencyKey });
}

export const useCreateTemplate = () => useCreateRecord(templateKeys, createTemplate);
