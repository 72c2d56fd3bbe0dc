import type { TemplateFields } from '@fieldbook/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetchBlob } from '../../../lib/api-client';

/** What a preview renders: the form's fields, without `default`. */
export type PreviewFields = Omit<TemplateFields, 'default'>;

/** What the request accepts, by format: the PDF the Preview button downloads, the SVG shown beside the editor. */
const ACCEPT = { pdf: 'application/pdf', svg: 'image/svg+xml' } as const;
export type PreviewFormat = keyof typeof ACCEPT;

/** The name the spec gives the downloaded preview, whatever the document. */
export const PREVIEW_FILE = 'invoice-preview.pdf';

export const previewFieldsOf = ({ name, type, document, body }: TemplateFields): PreviewFields => ({
  name,
  type,
  document,
  body,
});

/**
 * POST /templates/preview: the template rendered against the organisation's latest invoice or job (else a
 * sample), as a PDF or an SVG. A failure's body is read as text and parsed as the API's error shape
 * (`ApiRequestError`): a body that does not compile is a 400 VALIDATION_FAILED on `body` with the compiler's line
 * ("Line 4: expected expression"), a render over a limit a 422 DOCUMENT_FAILED.
 */
export async function previewTemplate(
  fields: PreviewFields,
  format: PreviewFormat,
  signal?: AbortSignal,
): Promise<Blob> {
  const blob = await apiFetchBlob('/templates/preview', {
    method: 'POST',
    json: fields,
    headers: { Accept: ACCEPT[format] },
    signal: signal ?? null,
  });
  return blob.type === ACCEPT[format] ? blob : new Blob([blob], { type: ACCEPT[format] });
}

/** Renders the fields in a format; the signal cancels a request that is no longer wanted. */
export type PreviewRenderer = typeof previewTemplate;

/** The renderer the editor's preview uses (a hook, so a test can render the pane with another). */
export function usePreviewRenderer(): PreviewRenderer {
  return previewTemplate;
}

/** The Preview button's request: the PDF of the form's fields. */
export function usePdfPreviewMutation() {
  const render = usePreviewRenderer();
  return useMutation({ mutationFn: (fields: PreviewFields) => render(fields, 'pdf') });
}
