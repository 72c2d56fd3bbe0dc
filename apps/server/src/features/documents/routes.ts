import { idParams } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import { type Api, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { pdfResponse } from './document-responses.ts';
import { readRecordSource, renderDocument } from './documents.ts';
import { registerStatementRoutes } from './statement-routes.ts';

/**
 * The PDF of an invoice, a job, a quote or a customer's statement, made from the organisation's default template
 * for it; a job's shows its photos, read from `files`.
 */
export function registerDocumentRoutes(api: Api, db: Db, renderer: Renderer, files: FileStore): void {
  const pdfRoute = (
    path: string,
    document: 'invoice' | 'job' | 'quote',
    operationId: string,
    noun: string,
    tags: string[],
  ) =>
    api.get(
      path,
      {
        schema: {
          operationId,
          summary: `The ${noun} as a PDF`,
          description:
            `Rendered from the organisation's default ${document} template, saved as \`${document}-{number}.pdf\`. ` +
            (document === 'job' ? "Its data holds the job's notes, photos (thumbnails) and sign-off. " : '') +
            'A template that fails, or breaks a limit, is a 422 saying why; an organisation with too many documents ' +
            'being made at once is a 429.',
          tags,
          params: idParams,
          response: {
            200: pdfResponse(`The ${noun} as a PDF.`),
            ...tenantErrors.with('NOT_FOUND', 'DOCUMENT_FAILED', 'RATE_LIMITED'),
          },
        },
      },
      async (request, reply) => {
        const { record, source } = await readRecordSource(
          db,
          tenantCallerOf(request),
          document,
          request.params.id,
        );
        // The photos' reads and the render wait outside the API's queue: its place goes to the next request.
        request.handBackPlace();
        const pdf = await renderDocument(renderer, source, 'pdf', (key) => files.get(key));
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${document}-${record.number}.pdf"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(pdf as Uint8Array));
      },
    );

  pdfRoute('/sales/invoices/:id/pdf', 'invoice', 'getInvoicePdf', 'sales invoice', ['invoices']);
  pdfRoute('/jobs/:id/pdf', 'job', 'getJobPdf', 'job', ['jobs']);
  pdfRoute('/sales/quotes/:id/pdf', 'quote', 'getQuotePdf', 'quote', ['quotes']);
  registerStatementRoutes(api, db, renderer);
}
