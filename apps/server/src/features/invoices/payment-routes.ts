import { idParams, paymentFields, paymentRecord, paymentUpdate } from '@fieldbook/domain';
import { z } from 'zod';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { tenantErrors } from '../../platform/http/error-responses.ts';
import { replyCreated, replySaved } from '../../platform/http/idempotency.ts';
import { createSchema, deleteSchema, listSchema, updateSchema } from '../../platform/http/route-schemas.ts';
import { inRequestTenant } from '../../platform/http/tenant-requests.ts';
import { sendList } from '../../platform/lists/read-list.ts';
import { paymentList } from './payment-reads.ts';
import { deletePayment, listPayments, recordPayment, savePayment } from './payments.ts';

const tags = ['invoices'];
const paymentParams = idParams.extend({ paymentId: z.string().describe('The payment id (a UUID).') });
const money =
  'The invoice in the answer is as the payment left it: its status follows the money (Paid once its payments ' +
  'reach its total, Sent again below it), and `amountDue` is its total less its payments.';

/** An invoice's payments: recorded, changed and deleted by Owners and Office staff. */
export function registerPaymentRoutes(api: Api, db: Db): void {
  const all = {
    operationId: 'listPayments',
    summary: 'List or search the payments of every invoice, newest first',
    description:
      '`q` takes `invoice.id`, `date` (dates and ranges), `amount`, `method` and `reference`; bare words match ' +
      'the reference and the note. Each payment carries its invoice as it now is.',
    tags,
  };
  api.get('/payments', listSchema(all, paymentRecord), (request, reply) =>
    sendList(db, request, reply, paymentList),
  );

  api.get(
    '/sales/invoices/:id/payments',
    {
      schema: {
        operationId: 'getInvoicePayments',
        summary: "The invoice's payments, by date",
        description: 'Each with who recorded it and the invoice as it now is.',
        tags,
        params: idParams,
        response: { 200: z.array(paymentRecord), ...tenantErrors.read },
      },
    },
    (request) =>
      inRequestTenant(db, request, (tx, tenantId) => listPayments(tx, tenantId, request.params.id)),
  );

  const add = createSchema(
    {
      operationId: 'recordInvoicePayment',
      summary: 'Record a payment against the invoice',
      description:
        `On a Sent invoice, dated on or after the invoice and no later than today in the organisation's time zone, of at most the amount due. ${money} ` +
        'Honours `Idempotency-Key`.',
      tags,
    },
    paymentFields,
    paymentRecord,
  );
  api.post(
    '/sales/invoices/:id/payments',
    {
      schema: { ...add.schema, params: idParams, response: { ...add.schema.response, ...tenantErrors.read } },
    },
    (request, reply) =>
      replyCreated(db, request, reply, (tx, tenantId, member) =>
        recordPayment(tx, tenantId, request.params.id, request.body, member),
      ),
  );

  const save = updateSchema(
    {
      operationId: 'saveInvoicePayment',
      summary: 'Change a payment',
      description: `Carries the \`updated\` it read (409 when it changed since). ${money}`,
      tags,
    },
    paymentUpdate,
    paymentRecord,
  );
  api.put(
    '/sales/invoices/:id/payments/:paymentId',
    { schema: { ...save.schema, params: paymentParams } },
    (request, reply) =>
      replySaved(db, request, reply, (tx, tenantId) =>
        savePayment(tx, tenantId, request.params.id, request.params.paymentId, request.body),
      ),
  );

  const remove = deleteSchema({
    operationId: 'deleteInvoicePayment',
    summary: 'Delete a payment',
    description: 'A Paid invoice it leaves with an amount due is Sent again.',
    tags,
  });
  api.delete(
    '/sales/invoices/:id/payments/:paymentId',
    { schema: { ...remove.schema, params: paymentParams } },
    async (request, reply) => {
      await inRequestTenant(db, request, (tx, tenantId) =>
        deletePayment(tx, tenantId, request.params.id, request.params.paymentId),
      );
      return reply.code(204).send(null);
    },
  );
}
