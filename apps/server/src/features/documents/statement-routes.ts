import { idParams, statementFileName, statementQuery } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { pdfResponse } from './document-responses.ts';
import { renderDocument } from './documents.ts';
import { readStatementSource } from './statements.ts';

/** A customer's statement as a PDF, made from the organisation's default statement template. */
export function registerStatementRoutes(api: Api, db: Db, renderer: Renderer): void {
  api.get(
    '/customers/:id/statement',
    {
      schema: {
        operationId: 'getCustomerStatement',
        summary: "The customer's statement as a PDF",
        description:
          'Every invoice the customer owed on `asAt` (payments dated after it not yet received), and the aged totals ' +
          '(Current, 1–30, 31–60, 61–90 and 90+ days past due) as the receivables report gives them for the customer, as at `asAt` (default ' +
          "today in the organisation's time zone). Rendered from the organisation's default statement template, " +
          'saved as `statement-{customer number}-{asAt}.pdf`. A template that fails, or breaks a limit, is a 422.',
        tags: ['customers'],
        params: idParams,
        querystring: statementQuery,
        response: {
          200: pdfResponse("The customer's statement as a PDF."),
          ...tenantErrors.with('NOT_FOUND', 'VALIDATION_FAILED', 'DOCUMENT_FAILED', 'RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const { customer, owing, source } = await inRequestTenant(db, request, (tx, tenantId) =>
        readStatementSource(tx, tenantId, request.params.id, request.query.asAt),
      );
      // The render waits in the renderer's queue: the request's place goes to the next request.
      request.handBackPlace();
      const pdf = await renderDocument(renderer, source, 'pdf');
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="${statementFileName(customer.number, owing.asAt)}"`,
        )
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf as Uint8Array));
    },
  );
}
