import { PAYMENT_METHODS } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { oneOf, recordTimes, tenantForeignKey, tenantId } from '../../platform/db/columns.ts';
import { invoices } from './invoice-tables.ts';

/**
 * Payments against an invoice: deposits, part payments, the rest. Recorded by a member (`recorded_by_subject`, the
 * token's subject, with their name as it was then). An invoice with payments cannot be deleted (RESTRICT): it is
 * issued, and its payments are removed first.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    tenantId: tenantId(),
    id: uuid('id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    date: date('date').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    note: text('note'),
    recordedBySubject: text('recorded_by_subject').notNull(),
    recordedByName: text('recorded_by_name'),
    ...recordTimes(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('invoice_payments_invoice_idx').on(t.tenantId, t.invoiceId, t.date),
    index('invoice_payments_date_idx').on(t.tenantId, t.date),
    tenantForeignKey('invoice_payments_invoice_fk', t, t.invoiceId, invoices).onDelete('restrict'),
    check('invoice_payments_amount_check', sql`${t.amount} > 0`),
    check('invoice_payments_method_check', sql`${t.method} in ${oneOf(PAYMENT_METHODS)}`),
  ],
);
