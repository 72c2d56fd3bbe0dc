import {
  DEFAULT_QUOTE_EMAIL,
  fillPlaceholders,
  formatDollars,
  type InvoiceEmailDraft,
  type OutboxStatus,
  type Quote,
  type QuoteEmail,
  type QuoteEmailFields,
} from '@fieldbook/domain';
import { and, desc, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { conflict } from '../../platform/http/errors.ts';
import { emailDate, storeMessage } from '../../platform/mail/outbox.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { nextUpdated } from '../../platform/records/record-rows.ts';
import { findCustomer } from '../customers/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { findQuote, quotes, setQuoteLink } from '../quotes/index.ts';
import { memberName } from '../team/index.ts';
import { quoteEmails } from './quote-email-tables.ts';

// Emailing a quote: its PDF and the link to its public page, where the customer accepts or declines it
// (features/quotes/quote-links.ts). Each email makes a new link, so the one an earlier email gave stops working.

/** The page a link opens (the web app's `/q/{token}`). */
export const quotePageUrl = (publicUrl: string, token: string) => new URL(`/q/${token}`, publicUrl).href;

/** Only a quote the customer can still answer is emailed with its link: a Draft, or a Sent one not expired. */
function requireSendable(quote: Quote): void {
  if (quote.status !== 'OPEN_DRAFT' && quote.status !== 'OPEN_SENT')
    throw conflict(
      `Quote ${quote.number} has been answered, so it cannot be emailed for an answer again. Move it back to Sent first.`,
    );
  if (quote.expired)
    throw conflict(
      `Quote ${quote.number} has expired, so its link could not be answered. Change its valid-until date first.`,
    );
}

async function organisationOf(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({ name: tenants.name, timeZone: organisationDetails.timeZone })
    .from(organisationDetails)
    .innerJoin(tenants, eq(tenants.id, organisationDetails.tenantId))
    .where(eq(organisationDetails.tenantId, tenantId));
  if (!row) throw new Error('The organisation has no details');
  return row;
}

/** The quote email as it starts: to the customer's billing email, the default texts filled in. */
export async function quoteEmailDraft(tx: Tx, tenantId: string, quoteId: string): Promise<InvoiceEmailDraft> {
  const quote = await findQuote(tx, tenantId, quoteId);
  requireSendable(quote);
  const [customer, organisation] = await Promise.all([
    findCustomer(tx, tenantId, quote.customer.id),
    organisationOf(tx, tenantId),
  ]);
  const totals = quote.options.length > 0 ? quote.options.map((option) => option.total) : [quote.total];
  const total = totals
    .map((each) => formatDollars(each))
    .join(' or ')
    .replace(/^(.*) or (.*) or /, '$1, $2 or ');
  const values = {
    number: String(quote.number),
    title: quote.title,
    total,
    expiry: emailDate(new Date(`${quote.expiry}T00:00:00Z`), 'UTC'),
    customer: customer.name,
    organisation: organisation.name,
  };
  return {
    to: customer.billingEmail,
    subject: fillPlaceholders(DEFAULT_QUOTE_EMAIL.subject, values),
    message: fillPlaceholders(DEFAULT_QUOTE_EMAIL.message, values),
  };
}

const sendColumns = {
  id: quoteEmails.id,
  to: quoteEmails.recipient,
  subject: quoteEmails.subject,
  sentBy: quoteEmails.sentBy,
  created: quoteEmails.created,
  status: outboxMessages.status,
  lastError: outboxMessages.lastError,
  messageId: quoteEmails.messageId,
};

const selectSends = (tx: Tx) =>
  tx
    .select(sendColumns)
    .from(quoteEmails)
    .innerJoin(
      outboxMessages,
      and(eq(outboxMessages.tenantId, quoteEmails.tenantId), eq(outboxMessages.id, quoteEmails.messageId)),
    );

const toSend = (row: Awaited<ReturnType<ReturnType<typeof selectSends>['execute']>>[number]): QuoteEmail => ({
  ...row,
  status: row.status as OutboxStatus,
  created: row.created.toISOString(),
});

/** Who emailed the quote, to whom and when, and what became of each message; newest first. */
export async function listQuoteEmails(tx: Tx, tenantId: string, quoteId: string): Promise<QuoteEmail[]> {
  await findQuote(tx, tenantId, quoteId);
  const rows = await selectSends(tx)
    .where(and(eq(quoteEmails.tenantId, tenantId), eq(quoteEmails.quoteId, quoteId)))
    .orderBy(desc(quoteEmails.created), desc(quoteEmails.id));
  return rows.map(toSend);
}

/** The paragraph the server adds below the message: the link, and until when it can be answered. */
export const linkParagraph = (url: string, expiry: string) =>
  `Accept or decline this quote online (until ${emailDate(new Date(`${expiry}T00:00:00Z`), 'UTC')}):\n${url}`;

/**
 * Emails the quote: stores the message with the PDF made from the quote as it was read (`read`, with `token`'s
 * link in it) and the link below the message, gives the quote that link (an earlier one stops working), records the
 * send, and moves a Draft quote to Sent, all in one transaction. A quote saved since its PDF was made is a 409: the PDF would not be the quote.
 */
export async function emailQuote(
  tx: Tx,
  tenantId: string,
  read: Quote,
  pdf: Uint8Array,
  link: { token: string; url: string },
  fields: QuoteEmailFields,
  senderSubject: string,
): Promise<QuoteEmail> {
  const current = await findQuote(tx, tenantId, read.id);
  if (current.updated !== read.updated)
    throw conflict('The quote was changed while its PDF was made. Nothing was sent: send it again.');
  requireSendable(current);
  await setQuoteLink(tx, tenantId, read.id, link.token);
  const messageId = await storeMessage(tx, tenantId, {
    kind: 'QUOTE',
    to: fields.to,
    subject: fields.subject,
    text: `${fields.message}\n\n${linkParagraph(link.url, read.expiry)}`,
    attachments: [
      { filename: `quote-${read.number}.pdf`, contentType: 'application/pdf', content: Buffer.from(pdf) },
    ],
  });
  const id = uuidv7();
  await tx.insert(quoteEmails).values({
    tenantId,
    id,
    quoteId: read.id,
    messageId,
    recipient: fields.to,
    subject: fields.subject,
    sentBy: await memberName(tx, tenantId, senderSubject),
  });
  await tx
    .update(quotes)
    .set({ status: 'OPEN_SENT', updated: nextUpdated(quotes.updated) })
    .where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, read.id), eq(quotes.status, 'OPEN_DRAFT')));
  const [row] = await selectSends(tx).where(and(eq(quoteEmails.tenantId, tenantId), eq(quoteEmails.id, id)));
  if (!row) throw new Error('The quote email was not recorded');
  return toSend(row);
}
