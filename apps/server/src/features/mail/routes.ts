import {
  idParams,
  invoiceEmailDraft,
  invoiceEmailDraftQuery,
  invoiceEmailFields,
  invoiceEmailRecord,
  mailStatusRecord,
  outboxMessageRecord,
} from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import { type Api, tenantCallerOf } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { createSchema, readSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import type { MailWorker } from '../../platform/mail/mail-worker.ts';
import { findAttachment, findOutboxMessage, outboxList, resendMessage } from '../../platform/mail/outbox.ts';
import type { Renderer } from '../../platform/renderer/renderer.ts';
import { asSentInvoice, readRecordSource, renderDocument } from '../documents/index.ts';
import { invoiceEmailDraft as draftOf, emailInvoice, listInvoiceEmails } from './invoice-emails.ts';
import { registerStatementEmailRoutes } from './statement-email-routes.ts';

const tags = ['mail'];

/** The outbox (Owners) and emailing an invoice (Office and Owners). */
export function registerMailRoutes(api: Api, db: Db, mail: MailWorker, renderer: Renderer): void {
  api.get(
    '/mail',
    {
      schema: {
        operationId: 'getMailStatus',
        summary: 'Whether the server sends mail, and from which address',
        tags,
        response: { 200: mailStatusRecord, ...tenantErrors.with() },
      },
    },
    (request) => inRequestTenant(db, request, async () => ({ configured: mail.configured, from: mail.from })),
  );

  registerRecordRoutes(api, db, {
    path: '/outbox',
    name: 'OutboxMessage',
    tags,
    record: outboxMessageRecord,
    list: {
      operationId: 'listOutbox',
      summary: "The organisation's outgoing messages, newest first",
      description:
        'With no mail server set up (`SMTP_URL`), messages stay here, QUEUED: exactly what would have been sent.',
      list: outboxList,
    },
    read: { summary: 'A message of the outbox', command: findOutboxMessage },
  });

  api.post(
    '/outbox/:id/resend',
    {
      schema: {
        operationId: 'resendOutboxMessage',
        summary: 'Send a failed message again',
        description:
          'Puts a FAILED message back in the queue, due now, with its attempts counted afresh and its last error cleared; the mail worker sends it (with retries) under the same Message-ID. A message that is not FAILED is a 409, and nothing changes.',
        tags,
        params: idParams,
        response: { 200: outboxMessageRecord, ...tenantErrors.with('NOT_FOUND', 'CONFLICT') },
      },
    },
    async (request) => {
      const message = await inRequestTenant(db, request, (tx, tenantId) =>
        resendMessage(tx, tenantId, request.params.id),
      );
      mail.kick();
      return message;
    },
  );

  api.get(
    '/outbox/:id/attachments/:index',
    {
      schema: {
        operationId: 'getOutboxAttachment',
        summary: "A message's attachment, as it was sent",
        tags,
        params: idParams.extend({ index: z.coerce.number().int().min(0).max(100) }),
        response: { 200: z.any().describe('The attachment’s bytes.'), ...tenantErrors.read },
      },
    },
    async (request, reply) => {
      const attachment = await inRequestTenant(db, request, (tx, tenantId) =>
        findAttachment(tx, tenantId, request.params.id, request.params.index),
      );
      return reply
        .type(attachment.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${attachment.filename.replace(/["\\\r\n]/g, '')}"`,
        )
        .header('cache-control', 'no-store')
        .send(attachment.content);
    },
  );

  const invoiceTags = ['invoices'];
  const draftSchema = readSchema(
    {
      operationId: 'getInvoiceEmailDraft',
      summary: 'The invoice email, or a payment reminder, as it starts',
      description:
        "To the customer's billing email; the organisation's subject and message with the invoice's number, total, amount due, due date and days overdue filled in. `kind=reminder`: the payment reminder's texts, only for an overdue invoice (409 otherwise).",
      tags: invoiceTags,
    },
    invoiceEmailDraft,
  );
  api.get(
    '/sales/invoices/:id/email-draft',
    {
      schema: {
        ...draftSchema.schema,
        querystring: invoiceEmailDraftQuery,
        response: {
          ...draftSchema.schema.response,
          ...tenantErrors.with('VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT'),
        },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId) =>
        draftOf(tx, tenantId, request.params.id, request.query.kind === 'reminder' ? 'REMINDER' : 'INVOICE'),
      ),
  );

  const emails = {
    operationId: 'getInvoiceEmails',
    summary: 'Who emailed the invoice to whom, when, and what became of each message',
    tags: invoiceTags,
  };
  api.get('/sales/invoices/:id/emails', readSchema(emails, z.array(invoiceEmailRecord)), (request) =>
    inRequestTenant(db, request, (tx, tenantId) => listInvoiceEmails(tx, tenantId, request.params.id)),
  );

  const send = {
    operationId: 'emailInvoice',
    summary: 'Email the invoice, or a payment reminder of it, with its PDF',
    description:
      'Stores the message, with the PDF, in the outbox; records the send; moves a Draft invoice to Sent. The mail worker sends it (with retries). `kind: REMINDER` is a payment reminder: only of an overdue invoice (409 otherwise). Honours `Idempotency-Key`.',
    tags: invoiceTags,
  };
  const sendSchema = createSchema(send, invoiceEmailFields, invoiceEmailRecord);
  api.post(
    '/sales/invoices/:id/emails',
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
      const { record: invoice, source } = await readRecordSource(
        db,
        tenantCallerOf(request),
        'invoice',
        request.params.id,
      );
      // The render waits in the renderer's queue, not the API's; the send after it takes a place again.
      request.handBackPlace();
      const pdf = await renderDocument(renderer, asSentInvoice(source), 'pdf');
      await request.takePlaceAgain();
      const sent = await replyCreated(db, request, reply, (tx, tenantId, member) =>
        emailInvoice(tx, tenantId, invoice, pdf as Uint8Array, request.body, member.subject),
      );
      mail.kick();
      return sent;
    },
  );

  registerStatementEmailRoutes(api, db, mail, renderer);
}
