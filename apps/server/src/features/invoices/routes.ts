import { invoiceFields, invoiceRecord, invoiceUpdate } from '@fieldbook/domain';
import type { Db } from '../../platform/db/database.ts';
import type { Api } from '../../platform/http/api-scopes.ts';
import { registerRecordRoutes } from '../../platform/http/record-routes.ts';
import { numberedInvoices } from './invoice-list.ts';
import { deleteInvoice, findInvoice, invoiceCreate, invoiceSave } from './invoices.ts';
import { registerPaymentRoutes } from './payment-routes.ts';

const totals =
  'The server computes every line amount and the subtotal, tax and total (`invoiceTotals` in the domain ' +
  'package); totals a client sends are ignored. Lines keep their tax rate as it was when the invoice was saved.';

/** A create or a save reads what the invoice names with the transaction's BEGIN and writes with its COMMIT. */
export function registerInvoiceRoutes(api: Api, db: Db): void {
  registerRecordRoutes(api, db, {
    path: '/sales/invoices',
    name: 'Invoice',
    tags: ['invoices'],
    record: invoiceRecord,
    list: {
      summary: 'List or search the sales invoices, newest first',
      description:
        '`q` takes `customer.id`, `status`, `reference`, `number`, `date` and `due` (dates and ranges), `total` ' +
        'and `amountDue` (numbers), and `overdue:true|false`; bare words match the number whole, the reference ' +
        'and the customer name.',
      list: numberedInvoices,
    },
    create: {
      summary: 'Create a sales invoice',
      description: `Numbered per organisation. ${totals} Honours \`Idempotency-Key\`.`,
      body: invoiceFields,
      command: (body) => invoiceCreate(db, body),
    },
    read: { summary: 'Get a sales invoice', command: findInvoice },
    save: {
      summary: 'Save a sales invoice',
      description: totals,
      body: invoiceUpdate,
      command: (id, body) => invoiceSave(db, id, body),
    },
    remove: {
      summary: 'Delete a draft sales invoice',
      description:
        'Only a draft can be deleted: any other status is refused with 409 (cancel the invoice instead).',
      command: deleteInvoice,
    },
  });
  registerPaymentRoutes(api, db);
}
