import { apiMessages, type Template } from '@fieldbook/domain';
import { errorResponse, type installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';

let sequence = 0;

/** A template as the API returns it: a plain Typst invoice, not the default. */
export function template(overrides: Partial<Template> = {}): Template {
  sequence += 1;
  return {
    id: `00000000-0000-7000-9100-${String(sequence).padStart(12, '0')}`,
    name: 'Plain invoice',
    type: 'typst',
    document: 'invoice',
    body: '= Tax invoice\n\n#invoice.number\n\nThank you for your business.',
    default: false,
    created: '2025-03-01T09:30:00.000Z',
    updated: '2025-03-01T09:30:00.000Z',
    ...overrides,
  };
}

/** The preview the server renders for `Accept: image/svg+xml`. */
export function svgResponse(text = 'Tax invoice'): Response {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 595 842"><text y="40">${text}</text></svg>`;
  return new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } });
}

/** The preview the server renders by default: a PDF (only its first bytes matter here). */
export function pdfResponse(): Response {
  return new Response(new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n'), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="invoice-preview.pdf"',
    },
  });
}

/** A request for the preview in a format: `image/svg+xml` (the live preview) or `application/pdf` (Preview). */
export const isPreview = (request: RecordedRequest, accept: string) =>
  request.method === 'POST' &&
  request.path === '/templates/preview' &&
  request.headers.get('Accept') === accept;

/** The server's refusal of a body that does not compile: the compiler's line on `body`. */
export const compileError = (line: string) =>
  errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [{ field: 'body', message: line }]);

/** The server for one test: the template at GET, a live preview for each SVG request, else `respond`. */
export function serveTemplate(
  api: ReturnType<typeof installFakeApi>,
  /** The template every GET answers with: fixed, or as it is now (after a save). */
  record: Template | null | (() => Template),
  respond: (request: RecordedRequest) => Response | Promise<Response> = () => svgResponse(),
) {
  api.handle = (request) => {
    if (isPreview(request, 'image/svg+xml')) return respond(request);
    const current = typeof record === 'function' ? record() : record;
    if (request.method === 'GET' && current) return jsonResponse(current);
    return respond(request);
  };
}
