import { invoiceFields, invoiceRecord, invoiceUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { replyCreated } from '../../platform/http/idempotency.ts';
import {
  createSchema,
  deleteSchema,
  listSchema,
  readSchema,
  updateSchema,
} from '../../platform/http/route-schemas.ts';
import { inRequestTenant, samePathId } from '../../platform/http/tenant-requests.ts';
import { sendList } from '../../platform/lists/read-list.ts';
import { numberedInvoices } from './invoice-list.ts';
import { deleteInvoice, findInvoice, invoiceCreate, invoiceSave } from './invoices.ts';

const tags = ['invoices'];
const totals =
  'The server computes every line amount and the subtotal, tax and total (`invoiceTotals` in the domain ' +
  'package); totals a client sends are ignored. Lines keep their tax rate as it was when the invoice was saved.';

export function registerInvoiceRoutes(api: Api, db: Db): void {
  const create = {
    operationId: 'createInvoice',
    summary: 'Create a sales invoice',
    description: `Numbered per organisation. ${totals} Honours \`Idempotency-Key\`.`,
    tags,
  };
  api.post('/sales/invoices', createSchema(create, invoiceFields, invoiceRecord), (request, reply) => {
    // What the invoice names goes with the transaction's BEGIN; its insert with the COMMIT.
    return replyCreated(db, request, reply, invoiceCreate(db, request.body));
  });

  api.get(
    '/sales/invoices/:id',
    readSchema({ operationId: 'getInvoice', summary: 'Get a sales invoice', tags }, invoiceRecord),
    (request) => inRequestTenant(db, request, (tx, tenantId) => findInvoice(tx, tenantId, request.params.id)),
  );

  const save = { operationId: 'updateInvoice', summary: 'Save a sales invoice', description: totals, tags };
  api.put('/sales/invoices/:id', updateSchema(save, invoiceUpdate, invoiceRecord), (request) => {
    samePathId(request.params.id, request.body);
    // The invoice and what it names go with the transaction's BEGIN; the save goes with its COMMIT.
    return inRequestTenant(db, request, invoiceSave(db, request.params.id, request.body));
  });

  const remove = {
    operationId: 'deleteInvoice',
    summary: 'Delete a draft sales invoice',
    description:
      'Only a draft can be deleted: any other status is refused with 409 (cancel the invoice instead).',
    tags,
  };
  api.delete('/sales/invoices/:id', deleteSchema(remove), async (request, reply) => {
    await inRequestTenant(db, request, (tx, tenantId) => deleteInvoice(tx, tenantId, request.params.id));
    return reply.code(204).send(null);
  });

  api.get(
    '/sales/invoices',
    listSchema(
      {
        operationId: 'listInvoices',
        summary: 'List or search the sales invoices, newest first',
        description:
          '`q` takes `customer.id`, `status`, `reference`, `number`, and `date` and `due` (dates and ranges); ' +
          'bare words match the number whole, the reference and the customer name.',
        tags,
      },
      invoiceRecord,
    ),
    (request, reply) => sendList(db, request, reply, numberedInvoices),
  );
}
