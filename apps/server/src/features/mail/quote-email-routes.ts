import {
  idParams,
  invoiceEmailDraft,
  type Quote,
  quoteEmailFields,
  quoteEmailRecord,
} from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { type Api, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import { createSchema, readSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { readRecordSource, renderDocument, withQuoteLink } from '../documents/index.ts';
import { newQuoteToken } from '../quotes/index.ts';
import { emailQuote, listQuoteEmails, quoteEmailDraft, quotePageUrl } from './quote-emails.ts';

const tags = ['quotes'];

/** Emailing a quote with its PDF and the link to its public page, and the quote's sends (Office and Owners). */
export function registerQuoteEmailRoutes(
  api: Api,
  db: Db,
  mail: MailWorker,
  renderer: Renderer,
  publicUrl: string,
): void {
  const draftSchema = readSchema(
    {
      operationId: 'getQuoteEmailDraft',
      summary: 'The quote email as it starts',
      description:
        "To the customer's billing email, with the quote's number, title, total (each option's), expiry and names " +
        'filled in. A quote that is answered, converted or expired cannot be emailed for an answer: 409.',
      tags,
    },
    invoiceEmailDraft,
  );
  api.get(
    '/sales/quotes/:id/email-draft',
    {
      schema: {
        ...draftSchema.schema,
        response: { ...draftSchema.schema.response, ...tenantErrors.with('NOT_FOUND', 'CONFLICT') },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId) => quoteEmailDraft(tx, tenantId, request.params.id)),
  );

  const emails = {
    operationId: 'getQuoteEmails',
    summary: 'Who emailed the quote to whom, when, and what became of each message',
    tags,
  };
  api.get('/sales/quotes/:id/emails', readSchema(emails, z.array(quoteEmailRecord)), (request) =>
    inRequestTenant(db, request, (tx, tenantId) => listQuoteEmails(tx, tenantId, request.params.id)),
  );

  const send = {
    operationId: 'emailQuote',
    summary: 'Email the quote with its PDF and a link to accept or decline it online',
    description:
      'Stores the message in the outbox with the PDF, and below the message a link to the public page (`/q/{token}`) ' +
      'where the customer accepts or declines it; the token is new with each email, so an earlier link stops ' +
      'working. Records the send and moves a Draft quote to Sent. Only a Draft, or a Sent quote that has not ' +
      'expired (409 otherwise). The mail worker sends it (with retries). Honours `Idempotency-Key`.',
    tags,
  };
  const sendSchema = createSchema(send, quoteEmailFields, quoteEmailRecord);
  api.post(
    '/sales/quotes/:id/emails',
    {
      schema: {
        ...sendSchema.schema,
        params: idParams,
        response: {
          ...sendSchema.schema.response,
          ...tenantErrors.with('NOT_FOUND', 'CONFLICT', 'DOCUMENT_FAILED', 'RATE_LIMITED'),
        },
      },
    },
    async (request, reply) => {
      const { record, source } = await readRecordSource(
        db,
        tenantCallerOf(request),
        'quote',
        request.params.id,
      );
      const token = newQuoteToken();
      const url = quotePageUrl(publicUrl, token);
      // The render waits in the renderer's queue, not the API's; the send after it takes a place again.
      request.handBackPlace();
      const pdf = await renderDocument(renderer, withQuoteLink(source, url), 'pdf');
      await request.takePlaceAgain();
      const sent = await replyCreated(db, request, reply, (tx, tenantId, member) =>
        emailQuote(
          tx,
          tenantId,
          record as Quote,
          pdf as Uint8Array,
          { token, url },
          request.body,
          member.subject,
        ),
      );
      mail.kick();
      return sent;
    },
  );
}
