import {
  idParams,
  invoiceEmailDraft,
  statementEmailFields,
  statementEmailRecord,
  statementQuery,
} from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import { createSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { readStatementSource, renderDocument } from '../documents/index.ts';
import { emailStatement, statementEmailDraft } from './statement-emails.ts';

const tags = ['customers'];

/** Emailing a customer's statement (Office and Owners). */
export function registerStatementEmailRoutes(api: Api, db: Db, mail: MailWorker, renderer: Renderer): void {
  api.get(
    '/customers/:id/statement/email-draft',
    {
      schema: {
        operationId: 'getStatementEmailDraft',
        summary: 'The statement email as it starts',
        description:
          "To the customer's billing email; a subject and message with the customer, the organisation, the date " +
          'and the total owing filled in.',
        tags,
        params: idParams,
        querystring: statementQuery,
        response: {
          200: invoiceEmailDraft,
          ...tenantErrors.with('NOT_FOUND', 'VALIDATION_FAILED', 'DOCUMENT_FAILED'),
        },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId) =>
        statementEmailDraft(tx, tenantId, request.params.id, request.query.asAt),
      ),
  );

  const send = {
    operationId: 'emailStatement',
    summary: "Email the customer's statement with its PDF",
    description:
      'Stores the message, with the statement as at `asAt` (default today in the organisation’s time zone) as a ' +
      'PDF, in the outbox; the mail worker sends it (with retries). Honours `Idempotency-Key`.',
    tags,
  };
  const sendSchema = createSchema(send, statementEmailFields, statementEmailRecord);
  api.post(
    '/customers/:id/statement/emails',
    {
      schema: {
        ...sendSchema.schema,
        params: idParams,
        response: {
          ...sendSchema.schema.response,
          ...tenantErrors.with('NOT_FOUND', 'DOCUMENT_FAILED', 'RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const { customer, owing, source } = await inRequestTenant(db, request, (tx, tenantId) =>
        readStatementSource(tx, tenantId, request.params.id, request.body.asAt),
      );
      // The render waits in the renderer's queue, not the API's; the send after it takes a place again.
      request.handBackPlace();
      const pdf = (await renderDocument(renderer, source, 'pdf')) as Uint8Array;
      await request.takePlaceAgain();
      const statement = { customerNumber: customer.number, asAt: owing.asAt, pdf };
      const sent = await replyCreated(db, request, reply, (tx, tenantId) =>
        emailStatement(tx, tenantId, statement, request.body),
      );
      mail.kick();
      return sent;
    },
  );
}
