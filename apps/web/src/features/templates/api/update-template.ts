import type { Template, TemplateFields, TemplateUpdate } from '@fieldbook/domain';
import { apiFetch } from '../../../lib/api-client';
import { type RecordVersion, useUpdateRecord } from '../../../lib/record-mutations';
import { templateKeys } from './template-keys';

/**
 * PUT /templates/{id} with the fields and the `updated` that was read; a newer template is a 409. The body is
 * compiled first (a 400 on `body`), and a default template stays the default (a 400 on `default`).
 */
export function updateTemplate(
  id: string,
  template: TemplateUpdate,
  idempotencyKey?: string,
): Promise<Template> {
  return apiFetch<Template>(`/templates/${encodeURIComponent(id)}`, {
    method: 'PUT',
    json: template,
    idempotencyKey,
  });
}

/** Saves over `read`, the version the editor started from. */
export const useUpdateTemplate = (read: RecordVersion) =>
  useUpdateRecord<TemplateFields, Template>(templateKeys, read, updateTemplate);
