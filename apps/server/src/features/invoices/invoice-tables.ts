import { INVOICE_STATUSES, type InvoiceLine } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  keptWords,
  numberBlockCounts,
  oneOf,
  recordTimes,
  searchWordsOf,
  statusCounts,
  tenantForeignKey,
  tenantId,
  trigram,
} from '../../platform/db/columns.ts';
import { keptLines, lineColumns, linesKeys } from '../../platform/records/lines.ts';
import { customers } from '../customers/index.ts';
import { jobs } from '../jobs/index.ts';
import { taxRates } from '../tax-rates/index.ts';

const invoiceColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  number: integer('number').notNull(),
  reference: text('reference'),
  customerId: uuid('customer_id').notNull(),
  jobId: uuid('job_id'),
  status: text('status').notNull(),
  date: date('date').notNull(),
  due: date('due').notNull(),
  amountsIncludeTax: boolean('amounts_include_tax').notNull(),
  ...recordTimes(),
  lineItems: keptLines<InvoiceLine>('line_items'),
  referenceWords: searchWordsOf('reference_words', 'reference'),
  total: numeric('total', { precision: 20, scale: 2 }).notNull().default('0'),
  amountPaid: numeric('amount_paid', { precision: 20, scale: 2 }).notNull().default('0'),
});

/**
 * A sales invoice, and the job it was made from, if any. A customer or a job with invoices cannot be deleted
 * (RESTRICT). Its subtotal and tax are computed from the lines by the domain's `invoiceTotals` on every read; its
 * `total` (the same function's) is also written by every write of its lines, for the lists, reports and checks that
 * add up money in SQL; `amount_paid` is the sum of its payments, written by each payment's write in the same
 * statement (`payments.ts`). The database holds what is paid to at most the total, whoever writes.
 */
export const invoices = pgTable('invoices', invoiceColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('invoices_number_key').on(t.tenantId, t.number),
  tenantForeignKey('invoices_customer_fk', t, t.customerId, customers).onDelete('restrict'),
  tenantForeignKey('invoices_job_fk', t, t.jobId, jobs).onDelete('restrict'),
  index('invoices_job_idx').on(t.tenantId, t.jobId),
  check('invoices_status_check', sql`${t.status} in ${oneOf(INVOICE_STATUSES)}`),
  check('invoices_due_check', sql`${t.due} >= ${t.date}`),
  check('invoices_paid_check', sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.total}`),
  // As for jobs (docs/server.md, "Fast lists"): each filter's index ends with the number.
  index('invoices_customer_idx').on(t.tenantId, t.customerId, t.number),
  index('invoices_status_idx').on(t.tenantId, t.status, t.number),
  index('invoices_date_idx').on(t.tenantId, t.date, t.number),
  index('invoices_due_idx').on(t.tenantId, t.due, t.number),
  trigram('invoices_reference_words_trgm', t.referenceWords),
  // What is owed (aged receivables, overdue): the few Sent invoices with an amount due, read from the index alone.
  index('invoices_owing_idx')
    .on(t.tenantId, t.customerId, t.due, t.total, t.amountPaid)
    .where(sql`${t.status} = 'OPEN_SENT' and ${t.total} > ${t.amountPaid}`),
]);

/**
 * An invoice's lines, in the order the user gave them. The tax rate's name and rate are kept as they were when
 * the invoice was saved, so changing a rate does not rewrite invoices already issued; the rate itself cannot be
 * deleted while a line refers to it (RESTRICT).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    tenantId: tenantId(),
    invoiceId: uuid('invoice_id').notNull(),
    ...lineColumns(),
    taxRateId: uuid('tax_rate_id'),
    taxName: text('tax_name'),
    taxRate: numeric('tax_rate', { precision: 14, scale: 4 }),
  },
  (t) => [
    ...linesKeys(t, t.invoiceId, invoices, 'invoice_lines_invoice_fk'),
    tenantForeignKey('invoice_lines_tax_rate_fk', t, t.taxRateId, taxRates).onDelete('restrict'),
    index('invoice_lines_tax_rate_idx').on(t.tenantId, t.taxRateId),
    check(
      'invoice_lines_tax_check',
      sql`(${t.taxRateId} is null) = (${t.taxName} is null) and (${t.taxName} is null) = (${t.taxRate} is null)`,
    ),
  ],
);

/** How many invoices a tenant has in each status, kept by statement triggers on `invoices` (migration 0014). */
export const invoiceCounts = statusCounts('invoice_counts');

/** How many invoices a tenant has in each status in each block of numbers, kept by the same triggers (0019). */
export const invoiceNumberBlocks = numberBlockCounts('invoice_number_blocks');

/**
 * How many invoices a tenant has for each customer, kept by the same triggers: a word that matches customers'
 * names is counted from these few rows.
 */
export const invoiceCustomerCounts = pgTable(
  'invoice_customer_counts',
  {
    tenantId: tenantId(),
    customerId: uuid('customer_id').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.customerId] })],
);

/**
 * Each invoice's words: those of its reference and of its customer's name (`keptWords`), made again by triggers on an
 * invoice's create, save or delete and on a customer's rename (each of its invoices).
 */
export const invoiceWords = keptWords('invoice_words');

/** The current tenant's invoices, for list searches (see `visibleCustomers`). */
export const visibleInvoices = pgView('visible_invoices', invoiceColumns()).existing();
