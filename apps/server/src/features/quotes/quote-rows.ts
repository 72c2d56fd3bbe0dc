import {
  type Quote,
  type QuoteLine,
  type QuoteStatus,
  quoteLineAmounts,
  quoteTotals,
} from '@fieldbook/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apiTime } from '../../platform/db/timestamps.ts';
import { locations, visibleCustomers } from '../customers/index.ts';
import { invoices } from '../invoices/index.ts';
import { jobs } from '../jobs/index.ts';
import { organisationToday } from '../organisation/index.ts';
import { visibleQuotes as visible } from './quote-tables.ts';

// How a quote is read back: its row (with its kept lines, `quotes.line_items`), its customer's and location's
// names and whether it has expired, in one statement.

/** Expired (the domain's `isQuoteExpired`): Sent, and its expiry date before today in the organisation's zone. */
export const quoteExpired = sql<boolean>`(${visible.status} = 'OPEN_SENT' and ${visible.expiry} < ${organisationToday})`;

/** The name of the quote's location (null for none). */
const locationNameOf = sql<string | null>`(
  select ${locations.name} from ${locations}
  where ${locations.tenantId} = ${visible.tenantId} and ${locations.id} = ${visible.locationId})`;

/** The number of the job the quote was made into (null for none). */
const jobNumberOf = sql<number | null>`(
  select ${jobs.number} from ${jobs} where ${jobs.tenantId} = ${visible.tenantId} and ${jobs.id} = ${visible.jobId})`;

/** The number of the invoice the quote was made into (null for none). */
const invoiceNumberOf = sql<number | null>`(
  select ${invoices.number} from ${invoices}
  where ${invoices.tenantId} = ${visible.tenantId} and ${invoices.id} = ${visible.invoiceId})`;

const quoteSelection = {
  id: visible.id,
  number: visible.number,
  reference: visible.reference,
  customerId: visible.customerId,
  customerName: visibleCustomers.name,
  locationId: visible.locationId,
  locationName: locationNameOf,
  status: visible.status,
  expired: quoteExpired,
  date: visible.date,
  expiry: visible.expiry,
  title: visible.title,
  description: visible.description,
  terms: visible.terms,
  amountsIncludeTax: visible.amountsIncludeTax,
  lineItems: visible.lineItems,
  acceptedOption: visible.acceptedOption,
  jobId: visible.jobId,
  jobNumber: jobNumberOf,
  invoiceId: visible.invoiceId,
  invoiceNumber: invoiceNumberOf,
  acceptedName: visible.acceptedName,
  acceptedAt: apiTime(visible.acceptedAt),
  declinedReason: visible.declinedReason,
  created: apiTime(visible.created),
  updated: apiTime(visible.updated),
};

/** Quotes with their customer's name, and `more` columns beside them (a list's `total`). */
export function selectQuotes<More extends Record<string, SQL>>(tx: Db, more: More = {} as More) {
  return tx
    .select({ ...quoteSelection, ...more })
    .from(visible)
    .innerJoin(
      visibleCustomers,
      and(eq(visibleCustomers.tenantId, visible.tenantId), eq(visibleCustomers.id, visible.customerId)),
    );
}

export type QuoteRow = Awaited<ReturnType<ReturnType<typeof selectQuotes>['execute']>>[number];

/** A quote as the API returns it, its totals computed from its lines by the domain's one function. */
export function toQuote(row: QuoteRow): Quote {
  const lineItems = row.lineItems as QuoteLine[];
  const { options, ...totals } = quoteTotals(
    quoteLineAmounts(lineItems),
    row.amountsIncludeTax,
    row.acceptedOption,
  );
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    status: row.status as QuoteStatus,
    expired: row.expired,
    customer: { id: row.customerId, name: row.customerName },
    location:
      row.locationId === null || row.locationName === null
        ? null
        : { id: row.locationId, name: row.locationName },
    date: row.date,
    expiry: row.expiry,
    title: row.title,
    description: row.description,
    terms: row.terms,
    lineItems,
    amountsEnteredIncludeTax: row.amountsIncludeTax,
    options,
    acceptedOption: row.acceptedOption,
    ...totals,
    job: row.jobId === null || row.jobNumber === null ? null : { id: row.jobId, number: row.jobNumber },
    invoice:
      row.invoiceId === null || row.invoiceNumber === null
        ? null
        : { id: row.invoiceId, number: row.invoiceNumber },
    acceptedName: row.acceptedName,
    acceptedAt: row.acceptedAt,
    declinedReason: row.declinedReason,
    created: row.created,
    updated: row.updated,
  };
}
