import {
  type Customer,
  type CustomerLocation,
  formatDollars,
  QUOTE_STATUS_NAMES,
  type Quote,
} from '@fieldbook/domain';
import { desc, eq } from 'drizzle-orm';
import { runTogether, type Tx } from '../../platform/db/database.ts';
import { customerOf, locationOf } from '../customers/index.ts';
import { findQuote, quotes } from '../quotes/index.ts';
import type { QuoteData } from './document-data.ts';
import { showDate } from './document-formats.ts';
import { addressOf, lineData, partyOf } from './document-parts.ts';
import { sampleQuote } from './sample-records.ts';

/**
 * The quote's figures exactly as the API returns them, formatted as the screens show them: the lines common to
 * every option, then each option with its own lines and totals. Without a link (`withQuoteLink` gives one).
 */
export function quoteData(quote: Quote, customer: Customer, location: CustomerLocation | null): QuoteData {
  const linesOf = (option: string | null) =>
    quote.lineItems.filter((line) => line.option === option).map(lineData);
  return {
    number: String(quote.number),
    reference: quote.reference,
    status: QUOTE_STATUS_NAMES[quote.status],
    expired: quote.expired,
    date: showDate(quote.date),
    expiry: showDate(quote.expiry),
    customer: partyOf(customer),
    location: location ? { name: location.name, address: addressOf(location) } : null,
    title: quote.title,
    description: quote.description,
    terms: quote.terms,
    amountsIncludeTax: quote.amountsEnteredIncludeTax,
    lines: linesOf(null),
    options: quote.options.map((option) => ({
      name: option.name,
      lines: linesOf(option.name),
      subtotal: formatDollars(option.subtotal),
      tax: formatDollars(option.tax),
      total: formatDollars(option.total),
      accepted: option.name === quote.acceptedOption,
    })),
    acceptedOption: quote.acceptedOption,
    subtotal: formatDollars(quote.subtotal),
    tax: formatDollars(quote.tax),
    total: formatDollars(quote.total),
    link: null,
  };
}

/**
 * The quote and its data, read in the tenant's transaction: the quote (404 for another tenant's), then its
 * customer and location together, by the quote's id.
 */
export async function readQuoteData(
  tx: Tx,
  tenantId: string,
  id: string,
): Promise<{ quote: Quote; data: QuoteData }> {
  const quote = await findQuote(tx, tenantId, id);
  const customer = customerOf(quotes, tenantId, id);
  const location = locationOf(quotes, tenantId, id);
  const [customerRows = [], locationRows = []] = await runTogether(tx, [
    customer.statement,
    location.statement,
  ]);
  return { quote, data: quoteData(quote, customer.record(customerRows), location.record(locationRows)) };
}

/** What a quote template is previewed against: the organisation's latest quote, else a sample. */
export async function previewQuote(tx: Tx, tenantId: string, gstRegistered: boolean): Promise<QuoteData> {
  const [latest] = await tx
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.tenantId, tenantId))
    .orderBy(desc(quotes.number))
    .limit(1);
  return latest ? (await readQuoteData(tx, tenantId, latest.id)).data : sampleQuote(gstRegistered);
}
