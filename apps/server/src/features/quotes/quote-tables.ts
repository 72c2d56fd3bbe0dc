import { QUOTE_STATUSES, type QuoteLine } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  pgView,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  oneOf,
  recordTimes,
  searchWordsOf,
  tenantForeignKey,
  tenantId,
  trigram,
} from '../../platform/db/columns.ts';
import { keptLines, lineColumns, linesKeys } from '../../platform/records/lines.ts';
import { customers, locations } from '../customers/index.ts';
import { invoices } from '../invoices/index.ts';
import { jobs } from '../jobs/index.ts';
import { taxRates } from '../tax-rates/index.ts';

const quoteColumns = () => ({
  tenantId: tenantId(),
  id: uuid('id').notNull(),
  number: integer('number').notNull(),
  reference: text('reference'),
  customerId: uuid('customer_id').notNull(),
  locationId: uuid('location_id'),
  status: text('status').notNull(),
  date: date('date').notNull(),
  expiry: date('expiry').notNull(),
  title: text('title').notNull(),
  description: text('description'),
  terms: text('terms'),
  amountsIncludeTax: boolean('amounts_include_tax').notNull(),
  /** The option the customer accepted (a quote with options, once Accepted). */
  acceptedOption: text('accepted_option'),
  /** What the customer gives when answering on the quote's public page; saves never write them. */
  acceptedName: text('accepted_name'),
  acceptedAt: timestamp('accepted_at', { withTimezone: true, precision: 3 }),
  acceptedAddress: text('accepted_address'),
  declinedReason: text('declined_reason'),
  /** The job and the invoice made from the quote (Converted): `POST /sales/quotes/{id}/job` and `/invoice`. */
  jobId: uuid('job_id'),
  invoiceId: uuid('invoice_id'),
  /**
   * The SHA-256 (hex) of the token of the public page's link the latest email gave (`/q/{token}`); null before the
   * first. Each email makes a new token, so an earlier link stops working.
   */
  linkHash: text('link_hash'),
  ...recordTimes(),
  lineItems: keptLines<QuoteLine>('line_items'),
  referenceWords: searchWordsOf('reference_words', 'reference'),
  titleWords: searchWordsOf('title_words', 'title'),
  /** The quote's total (`quoteTotals`: the accepted option's, else the first's), written with its lines. */
  total: numeric('total', { precision: 20, scale: 2 }).notNull().default('0'),
});

/**
 * A quote for a customer, at one of its locations or none. A customer or a location with quotes cannot be deleted
 * (RESTRICT), and the location is always the customer's (`quotes_location_fk`, as a job's). Its totals are computed
 * from the lines by the domain's `quoteTotals` on every read; `total` is also written by every write of its lines,
 * for the list.
 */
export const quotes = pgTable('quotes', quoteColumns(), (t) => [
  primaryKey({ columns: [t.tenantId, t.id] }),
  uniqueIndex('quotes_number_key').on(t.tenantId, t.number),
  tenantForeignKey('quotes_customer_fk', t, t.customerId, customers).onDelete('restrict'),
  foreignKey({
    name: 'quotes_location_fk',
    columns: [t.tenantId, t.customerId, t.locationId],
    foreignColumns: [locations.tenantId, locations.customerId, locations.id],
  }).onDelete('restrict'),
  // What the quote was made into: the job or invoice cannot be deleted while the quote names it (RESTRICT), as a
  // job an invoice bills cannot (`invoices_job_fk`): the quote keeps the record of what it became.
  tenantForeignKey('quotes_job_fk', t, t.jobId, jobs).onDelete('restrict'),
  tenantForeignKey('quotes_invoice_fk', t, t.invoiceId, invoices).onDelete('restrict'),
  check('quotes_status_check', sql`${t.status} in ${oneOf(QUOTE_STATUSES)}`),
  check('quotes_expiry_check', sql`${t.expiry} >= ${t.date}`),
  // As for invoices: each filter's index ends with the number, the list's order.
  index('quotes_customer_idx').on(t.tenantId, t.customerId, t.number),
  index('quotes_location_idx').on(t.tenantId, t.locationId),
  index('quotes_status_idx').on(t.tenantId, t.status, t.number),
  index('quotes_date_idx').on(t.tenantId, t.date, t.number),
  index('quotes_expiry_idx').on(t.tenantId, t.expiry, t.number),
  index('quotes_job_idx').on(t.tenantId, t.jobId),
  index('quotes_invoice_idx').on(t.tenantId, t.invoiceId),
  // The public page finds its quote by the token's hash, across organisations (192 random bits: never two alike).
  index('quotes_link_hash_idx').on(t.linkHash),
  trigram('quotes_reference_words_trgm', t.referenceWords),
  trigram('quotes_title_words_trgm', t.titleWords),
]);

/**
 * A quote's lines, in the order the user gave them: an invoice line's columns (the tax rate kept as it was when the
 * quote was saved) and the option the line belongs to (null: common to every option).
 */
export const quoteLines = pgTable(
  'quote_lines',
  {
    tenantId: tenantId(),
    quoteId: uuid('quote_id').notNull(),
    ...lineColumns(),
    taxRateId: uuid('tax_rate_id'),
    taxName: text('tax_name'),
    taxRate: numeric('tax_rate', { precision: 14, scale: 4 }),
    option: text('option'),
  },
  (t) => [
    ...linesKeys(t, t.quoteId, quotes, 'quote_lines_quote_fk'),
    tenantForeignKey('quote_lines_tax_rate_fk', t, t.taxRateId, taxRates).onDelete('restrict'),
    index('quote_lines_tax_rate_idx').on(t.tenantId, t.taxRateId),
    check(
      'quote_lines_tax_check',
      sql`(${t.taxRateId} is null) = (${t.taxName} is null) and (${t.taxName} is null) = (${t.taxRate} is null)`,
    ),
  ],
);

/** The current tenant's quotes, for list searches (see `visibleCustomers`). */
export const visibleQuotes = pgView('visible_quotes', quoteColumns()).existing();
