import type { TemplateFields } from '@fieldbook/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { ApiRequestError, NetworkError, parseErrorBody } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config-context';
import { useAuth } from '../../auth';

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

interface Connection {
  baseUrl: string;
  accessToken: string | undefined;
}

/**
 * POST /templates/preview: the template rendered against the organisation's latest invoice or job (else a
 * sample), as a PDF or an SVG, in a Blob of that type. A failure's body is read as text and parsed as the API's
 * error shape (`ApiRequestError`): a body that does not compile is a 400 VALIDATION_FAILED on `body` with the
 * compiler's line ("Line 4: expected expression"), a render over a limit a 422 DOCUMENT_FAILED.
 *
 * The shared API client reads every answer as JSON or text, which would garble a PDF; this one call reads bytes.
 */
export async function previewTemplate(
  { baseUrl, accessToken }: Connection,
  fields: PreviewFields,
  format: PreviewFormat,
  signal?: AbortSignal,
): Promise<Blob> {
  const headers = new Headers({ Accept: ACCEPT[format], 'Content-Type': 'application/json' });
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  let response: Response;
  try {
    response = await fetch(`${baseUrl.replace(/\/+$/, '')}/templates/preview`, {
      method: 'POST',
      headers,
      body: JSON.stringify(fields),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }
  if (!response.ok) throw new ApiRequestError(response.status, parseErrorBody(await response.text()));
  return new Blob([await response.arrayBuffer()], { type: ACCEPT[format] });
}

/** Renders the fields in a format; the signal cancels a request that is no longer wanted. */
export type PreviewRenderer = (
  fields: PreviewFields,
  format: PreviewFormat,
  signal?: AbortSignal,
) => Promise<Blob>;

/**
 * `previewTemplate` with the app's API address and the signed-in user's token. The function stays the same
 * when the token is renewed, so a live preview does not render again for that.
 */
export function usePreviewRenderer(): PreviewRenderer {
  const { apiBaseUrl } = useConfig();
  const { user } = useAuth();
  const connection = useRef<Connection>({ baseUrl: apiBaseUrl, accessToken: undefined });
  connection.current = { baseUrl: apiBaseUrl, accessToken: user?.access_token };
  return useCallback(
    (fields, format, signal) => previewTemplate(connection.current, fields, format, signal),
    [],
  );
}

/** The Preview button's request: the PDF of the form's fields. */
export function usePdfPreviewMutation() {
  const render = usePreviewRenderer();
  return useMutation({ mutationFn: (fields: PreviewFields) => render(fields, 'pdf') });
}
