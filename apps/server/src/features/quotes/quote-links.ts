import { createHash, randomBytes } from 'node:crypto';
import {
  formatDollars,
  type PublicQuote,
  type PublicQuoteState,
  QUOTE_TOKEN,
  type Quote,
  type QuoteAcceptFields,
  type QuoteDeclineFields,
  quoteAnswerMessages,
  quoteOptionNames,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/database.ts';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { ApiError, conflict, fieldInvalid } from '../../platform/http/errors.ts';
import { storeMessage } from '../../platform/mail/outbox.ts';
import { nextUpdated } from '../../platform/records/record-rows.ts';
import { findLocation } from '../customers/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { memberships } from '../team/index.ts';
import { quotes } from './quote-tables.ts';
import { findQuote } from './quotes.ts';

// The quote's public page (`/q/{token}`): whoever holds the link the latest email gave reads the quote and accepts
// or declines it, without signing in. The token is 24 random bytes (192 bits); only its SHA-256 is kept
// (`quotes.link_hash`), and each email replaces it, so an earlier link stops working.

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new token for a quote's link: 24 random bytes as base64url. */
export const newQuoteToken = () => randomBytes(24).toString('base64url');

/** Gives the quote the link of `token`; the link before it stops working. In the email's transaction. */
export async function setQuoteLink(tx: Tx, tenantId: string, quoteId: string, token: string): Promise<void> {
  await tx
    .update(quotes)
    .set({ linkHash: hashOf(token) })
    .where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, quoteId)));
}

/** The key a token is throttled under: its hash, so a guess and a real link are counted alike. */
export const quoteLinkKey = (token: string) => hashOf(token).slice(0, 32);

/**
 * The tenant and quote a link opens, read by the system (no tenant yet) by the token's hash; 404 for a token that
 * is not one, or no longer is. Another organisation's quote and no quote at all answer alike.
 */
async function openLink(db: Db, token: string): Promise<{ tenantId: string; id: string }> {
  if (!QUOTE_TOKEN.test(token)) throw new ApiError('NOT_FOUND', quoteAnswerMessages.notFound);
  const [row] = await db
    .select({ tenantId: quotes.tenantId, id: quotes.id })
    .from(quotes)
    .where(eq(quotes.linkHash, hashOf(token)));
  if (!row) throw new ApiError('NOT_FOUND', quoteAnswerMessages.notFound);
  return row;
}

/** What the page says of a quote in `quote`'s status. */
function stateOf(quote: Pick<Quote, 'status' | 'expired'>): PublicQuoteState {
  switch (quote.status) {
    case 'OPEN_DRAFT':
      return 'WITHDRAWN';
    case 'OPEN_SENT':
      return quote.expired ? 'EXPIRED' : 'OPEN';
    case 'CLOSED_DECLINED':
      return 'DECLINED';
    default:
      return 'ACCEPTED';
  }
}

/** One line of a site's address ("12 Smith St, Richmond VIC 3121"). */
const addressLine = (parts: (string | null)[]) => parts.filter((part) => part).join(', ');

async function publicQuoteIn(tx: Tx, tenantId: string, id: string): Promise<PublicQuote> {
  const quote = await findQuote(tx, tenantId, id);
  const [organisation] = await tx
    .select({ name: tenants.name, hasLogo: sql<boolean>`${organisationDetails.logo} is not null` })
    .from(organisationDetails)
    .innerJoin(tenants, eq(tenants.id, organisationDetails.tenantId))
    .where(eq(organisationDetails.tenantId, tenantId));
  if (!organisation) throw new Error('The organisation has no details');
  const location = quote.location ? await findLocation(tx, tenantId, quote.location.id) : null;
  return {
    organisation,
    state: stateOf(quote),
    customer: quote.customer.name,
    location: location
      ? addressLine([
          location.street1,
          [location.suburb, location.state, location.postcode].filter((part) => part).join(' '),
        ]) || location.name
      : null,
    number: quote.number,
    reference: quote.reference,
    date: quote.date,
    expiry: quote.expiry,
    title: quote.title,
    description: quote.description,
    terms: quote.terms,
    amountsEnteredIncludeTax: quote.amountsEnteredIncludeTax,
    options: quote.options,
    acceptedOption: quote.acceptedOption,
    subtotal: quote.subtotal,
    tax: quote.tax,
    total: quote.total,
    acceptedName: quote.acceptedName,
    acceptedAt: quote.acceptedAt,
    declinedReason: quote.declinedReason,
    lineItems: quote.lineItems.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      price: line.price,
      amount: line.amount,
      tax: line.taxRate?.name ?? null,
      option: line.option,
    })),
  };
}

/** The quote a link opens, as its page shows it. */
export async function readPublicQuote(db: Db, token: string): Promise<PublicQuote> {
  const { tenantId, id } = await openLink(db, token);
  return inTenant(db, tenantId, (tx) => publicQuoteIn(tx, tenantId, id));
}

/** The logo of the organisation whose quote a link opens; null when it has none. */
export async function readQuoteLogo(db: Db, token: string): Promise<{ bytes: Buffer; type: string } | null> {
  const { tenantId } = await openLink(db, token);
  const [row] = await db
    .select({ bytes: organisationDetails.logo, type: organisationDetails.logoType })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  return row?.bytes && row.type ? { bytes: row.bytes, type: row.type } : null;
}

/**
 * What the quote a link opens is made into a PDF from: `read`'s source (the documents feature's, handed in), read
 * in a transaction of the quote's organisation. A withdrawn quote (a Draft again, which the business may be
 * changing) is refused (409); an expired or answered one is the record of what was offered, and gives its PDF.
 */
export async function readQuotePdfSource<Source>(
  db: Db,
  token: string,
  read: (tx: Tx, tenantId: string, id: string) => Promise<Source>,
): Promise<{ number: number; source: Source }> {
  const { tenantId, id } = await openLink(db, token);
  return inTenant(db, tenantId, async (tx) => {
    const quote = await findQuote(tx, tenantId, id);
    if (stateOf(quote) === 'WITHDRAWN') throw conflict(quoteAnswerMessages.withdrawnPdf);
    return { number: quote.number, source: await read(tx, tenantId, id) };
  });
}

/** Refuses an answer to a quote that is not open to one, saying plainly why. */
function requireOpen(state: PublicQuoteState): void {
  if (state === 'OPEN') return;
  if (state === 'EXPIRED') throw conflict(quoteAnswerMessages.expired);
  if (state === 'WITHDRAWN') throw conflict(quoteAnswerMessages.withdrawn);
  throw conflict(quoteAnswerMessages.answered(state));
}

/** Where the organisation hears of answers: its email, else its Owners'. */
async function noticeRecipients(tx: Tx, tenantId: string): Promise<string[]> {
  const [details] = await tx
    .select({ email: organisationDetails.email })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  if (details?.email) return [details.email];
  const owners = await tx
    .select({ email: memberships.email })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.role, 'OWNER')));
  return owners.flatMap((owner) => (owner.email ? [owner.email] : []));
}

interface Answer {
  subject: string;
  text: string;
}

/**
 * Records an answer under the quote's row lock, so two answers at once make one (the second is 409), and tells
 * the organisation through its outbox. `write` checks the answer against the quote and gives the columns to set
 * and the notice.
 */
async function answer(
  db: Db,
  token: string,
  write: (quote: Quote) => { set: PgUpdateSetSource<typeof quotes>; notice: Answer },
): Promise<PublicQuote> {
  const { tenantId, id } = await openLink(db, token);
  return inTenant(db, tenantId, async (tx) => {
    await tx
      .select({ id: quotes.id })
      .from(quotes)
      .where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, id)))
      .for('update');
    const quote = await findQuote(tx, tenantId, id);
    requireOpen(stateOf(quote));
    const { set, notice } = write(quote);
    await tx
      .update(quotes)
      .set({ ...set, updated: nextUpdated(quotes.updated) })
      .where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, id)));
    for (const to of await noticeRecipients(tx, tenantId))
      await storeMessage(tx, tenantId, { kind: 'QUOTE_ANSWER', to, ...notice });
    return publicQuoteIn(tx, tenantId, id);
  });
}

/** Where the office opens the quote. */
const quoteUrl = (publicUrl: string, id: string) => new URL(`/sales/quotes/${id}`, publicUrl).href;

/**
 * Accepts the quote a link opens: the name typed, the time, the option (one of the quote's, required when it has
 * options) and the client's network address are kept, and the quote is Accepted.
 */
export function acceptQuote(
  db: Db,
  token: string,
  fields: QuoteAcceptFields,
  address: string,
  publicUrl: string,
): Promise<PublicQuote> {
  return answer(db, token, (quote) => {
    const options = quoteOptionNames(quote.lineItems);
    if (options.length > 0 && (fields.option === null || !options.includes(fields.option)))
      throw fieldInvalid('option', quoteAnswerMessages.option);
    const option = options.length > 0 ? fields.option : null;
    const total = quote.options.find((each) => each.name === option)?.total ?? quote.total;
    return {
      set: {
        status: 'CLOSED_ACCEPTED',
        acceptedOption: option,
        acceptedName: fields.name,
        acceptedAt: sql`now()`,
        acceptedAddress: address,
        declinedReason: null,
      },
      notice: {
        subject: `Quote ${quote.number} accepted by ${fields.name}`,
        text:
          `${fields.name} accepted quote ${quote.number} for ${quote.customer.name}: ${quote.title}` +
          `${option ? `, ${option}` : ''}, ${formatDollars(total)}.\n\nOpen it in Fieldbook: ${quoteUrl(publicUrl, quote.id)}`,
      },
    };
  });
}

/** Declines the quote a link opens, with the reason given (if any). */
export function declineQuote(
  db: Db,
  token: string,
  fields: QuoteDeclineFields,
  publicUrl: string,
): Promise<PublicQuote> {
  return answer(db, token, (quote) => ({
    set: { status: 'CLOSED_DECLINED', acceptedOption: null, declinedReason: fields.reason },
    notice: {
      subject: `Quote ${quote.number} declined`,
      text:
        `Quote ${quote.number} for ${quote.customer.name} (${quote.title}) was declined online` +
        `${fields.reason ? `: "${fields.reason}"` : ', with no reason given'}.\n\nOpen it in Fieldbook: ${quoteUrl(publicUrl, quote.id)}`,
    },
  }));
}
