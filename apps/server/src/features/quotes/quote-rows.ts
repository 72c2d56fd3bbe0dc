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
    acceptedName: row.acceptedName,
    acceptedAt: row.acceptedAt,
    declinedReason: row.declinedReason,
    created: row.created,
    updated: row.updated,
  };
}
