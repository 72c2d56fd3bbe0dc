import {
  amountDue,
  type InvoiceStatus,
  PAGE_SIZES,
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  type Payment,
  type PaymentMethod,
} from '@fieldbook/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { builtOnce, type Statement } from '../../platform/db/built-selects.ts';
import { apiTime } from '../../platform/db/timestamps.ts';
import { descending } from '../../platform/lists/paged-list.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { customers } from '../customers/index.ts';
import { invoices } from './invoice-tables.ts';
import { invoicePayments } from './payment-tables.ts';

// Payments as they are read (docs/invoices.md, "Payments"): a payment with its invoice as it now is, every payment of
// the tenant's invoices as a list, and an invoice's payments as its document lists them. Their writes are payments.ts.

/** The invoice as a payment sees it, locked until the transaction ends. */
export interface PaidInvoice {
  id: string;
  number: number;
  status: InvoiceStatus;
  date: string;
  total: string;
  amountPaid: string;
  customerId: string;
  customerName: string;
  updated: string;
}

export type PaymentRow = typeof invoicePayments.$inferSelect;

/** A payment as the API gives it, with its invoice as `invoice` now is. */
export const toPayment = (row: PaymentRow, invoice: PaidInvoice): Payment => ({
  id: row.id,
  invoice: {
    id: invoice.id,
    number: invoice.number,
    status: invoice.status,
    total: invoice.total,
    amountPaid: invoice.amountPaid,
    amountDue: amountDue(invoice.total, invoice.amountPaid),
    updated: invoice.updated,
  },
  customer: { id: invoice.customerId, name: invoice.customerName },
  date: row.date,
  amount: row.amount,
  method: row.method as PaymentMethod,
  reference: row.reference,
  note: row.note,
  recordedBy: { name: row.recordedByName },
  created: row.created.toISOString(),
  updated: row.updated.toISOString(),
});

/** A payment as an invoice's document lists it. */
export interface PaymentLine {
  date: string;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
}

/** The read of an invoice's payments as its document lists them, by date: a named statement, built once. */
const paymentLines = builtOnce<PaymentLine>(
  (db) =>
    db
      .select({
        date: invoicePayments.date,
        amount: invoicePayments.amount,
        method: sql<PaymentMethod>`${invoicePayments.method}`,
        reference: invoicePayments.reference,
      })
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.tenantId, sql.placeholder('tenantId')),
          eq(invoicePayments.invoiceId, sql.placeholder('invoiceId')),
        ),
      )
      .orderBy(asc(invoicePayments.date), asc(invoicePayments.created), asc(invoicePayments.id)),
  'invoice_payment_lines',
);

/** The read of an invoice's payments, to send with others (`readAsMember`). */
export const paymentLinesRead = (tenantId: string, invoiceId: string): Statement =>
  paymentLines.with({ tenantId, invoiceId });

/** The columns of a payment with its invoice's and its customer's, flat, as `paymentOfRow` takes them. */
const paymentWithInvoice = {
  id: invoicePayments.id,
  invoiceId: invoicePayments.invoiceId,
  date: invoicePayments.date,
  amount: invoicePayments.amount,
  method: invoicePayments.method,
  reference: invoicePayments.reference,
  note: invoicePayments.note,
  recordedByName: invoicePayments.recordedByName,
  created: apiTime(invoicePayments.created),
  updated: apiTime(invoicePayments.updated),
  invoiceNumber: invoices.number,
  status: invoices.status,
  invoiceDate: invoices.date,
  // Not `total`: a list's page carries its count under that name.
  invoiceTotal: invoices.total,
  amountPaid: invoices.amountPaid,
  customerId: invoices.customerId,
  customerName: customers.name,
  invoiceUpdated: apiTime(invoices.updated),
};

type PaymentWithInvoice = {
  [Key in keyof typeof paymentWithInvoice]: Key extends 'invoiceNumber' ? number : string | null;
};

const paymentOfRow = (row: PaymentWithInvoice): Payment => ({
  ...toPayment(
    {
      ...(row as unknown as PaymentRow),
      created: new Date(row.created as string),
      updated: new Date(row.updated as string),
    },
    {
      id: row.invoiceId as string,
      number: row.invoiceNumber,
      status: row.status as InvoiceStatus,
      date: row.invoiceDate as string,
      total: row.invoiceTotal as string,
      amountPaid: row.amountPaid as string,
      customerId: row.customerId as string,
      customerName: row.customerName as string,
      updated: row.invoiceUpdated as string,
    },
  ),
});

/**
 * Every payment of the tenant's invoices as `readList` reads them, newest first, each with its invoice as it now is:
 * `q` takes `invoice.id`, `date` (dates and ranges), `amount`, `method`, and words of the reference and note.
 */
export const paymentList: SortedList<Payment> = {
  pageSize: PAGE_SIZES.payments,
  resource: {
    fields: {
      'invoice.id': { kind: 'exact', column: invoicePayments.invoiceId, uuid: true },
      date: { kind: 'timestamp', column: invoicePayments.date },
      amount: { kind: 'number', column: invoicePayments.amount },
      method: {
        kind: 'exact',
        column: invoicePayments.method,
        values: PAYMENT_METHODS,
        names: PAYMENT_METHOD_NAMES,
      },
      reference: { kind: 'text', column: invoicePayments.reference },
    },
    searchable: [invoicePayments.reference, invoicePayments.note],
  },
  source: invoicePayments,
  select: (db, total) =>
    db
      .select({ ...paymentWithInvoice, total })
      .from(invoicePayments)
      .innerJoin(
        invoices,
        and(eq(invoices.tenantId, invoicePayments.tenantId), eq(invoices.id, invoicePayments.invoiceId)),
      )
      .innerJoin(
        customers,
        and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId)),
      ),
  keys: [
    descending(invoicePayments.date),
    descending(invoicePayments.created),
    descending(invoicePayments.id),
  ],
  toRecord: paymentOfRow,
};
