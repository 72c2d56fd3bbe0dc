import {
  acceptedQuoteLines,
  addDays,
  type Invoice,
  isUuid,
  type Job,
  jobLineOfQuoteLine,
  type QuoteLine,
  type QuoteStatus,
  quoteConvertible,
  quoteMessages,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { writeIn } from '../../platform/http/tenant-requests.ts';
import { findInvoice, invoiceCreate, type RateSnapshot } from '../invoices/index.ts';
import { jobNotes } from '../job-notes/index.ts';
import { createJob, findJob } from '../jobs/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { memberName } from '../team/index.ts';
import { quotes } from './quote-tables.ts';

// Turning an Accepted quote into work (docs/quotes.md, "Turning a quote into work"): a job, or a Draft invoice, made
// in the transaction that locks the quote's row (`for update`, as a payment locks its invoice), so two presses at
// once make one. A quote that already made one answers with it.

/** What a conversion answers: the record, and whether this call made it (201) or found it (200). */
export interface Made<T> {
  record: T;
  created: boolean;
}

/** The quote's row, locked for the conversion: 404 when this tenant has no such quote. */
async function lockQuote(tx: Tx, tenantId: string, id: string) {
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(quotes)
        .where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, id)))
        .for('update')
    : [];
  if (!row) throw notFound('quote');
  return row;
}

type LockedQuote = Awaited<ReturnType<typeof lockQuote>>;

/** The lines of the quote's accepted option (every line without options), as the quote keeps them. */
const acceptedLines = (quote: LockedQuote): QuoteLine[] =>
  acceptedQuoteLines(quote.lineItems as QuoteLine[], quote.acceptedOption);

/** Accepted or Converted, else 409 naming the status. */
function requireConvertible(quote: LockedQuote, into: 'job' | 'invoice'): void {
  const status = quote.status as QuoteStatus;
  if (!quoteConvertible(status)) throw conflict(quoteMessages.notAccepted(into, status));
}

/** The quote, Converted, naming what it was made into. */
async function markConverted(
  tx: Tx,
  tenantId: string,
  id: string,
  made: { jobId?: string; invoiceId?: string },
) {
  await tx
    .update(quotes)
    .set({ ...made, status: 'CLOSED_CONVERTED', updated: sql`now()` })
    .where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, id)));
}

/**
 * Makes the Accepted quote a job: its customer and location, Ready to be scheduled, its reference, the accepted
 * option's lines as job lines (`jobLineOfQuoteLine`: tax-exclusive), and its title and description as the job's
 * first note, by the caller. A quote that already made a job answers with that job.
 */
export async function quoteToJob(tx: Tx, tenantId: string, id: string, member: Member): Promise<Made<Job>> {
  const quote = await lockQuote(tx, tenantId, id);
  if (quote.jobId !== null) return { record: await findJob(tx, tenantId, quote.jobId), created: false };
  requireConvertible(quote, 'job');
  const created = await createJob(
    tx,
    tenantId,
    {
      reference: quote.reference,
      customer: { id: quote.customerId },
      location: quote.locationId === null ? null : { id: quote.locationId },
      territory: null,
      priority: null,
      rag: null,
      due: null,
      scheduledStart: null,
      scheduledFinish: null,
      actualStart: null,
      actualFinish: null,
      assignee: null,
      items: acceptedLines(quote).map((line) => jobLineOfQuoteLine(line, quote.amountsIncludeTax)),
    },
    undefined,
    'OPEN_READY_TO_BE_SCHEDULED',
  );
  const text = [`Quote ${quote.number}: ${quote.title}`, quote.description].filter(Boolean).join('\n\n');
  await tx.insert(jobNotes).values({
    tenantId,
    id: uuidv7(),
    jobId: created.id,
    text,
    authorSubject: member.subject,
    authorName: await memberName(tx, tenantId, member.subject),
  });
  await markConverted(tx, tenantId, id, { jobId: created.id });
  return { record: created, created: true };
}

/** Today in the organisation's time zone and its payment terms, as a new invoice gets them. */
async function invoiceDates(tx: Tx, tenantId: string): Promise<{ date: string; due: string }> {
  const [row] = await tx
    .select({
      today: sql<string>`(now() at time zone ${organisationDetails.timeZone})::date::text`,
      terms: organisationDetails.paymentTermsDays,
    })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  if (!row) throw new Error("The organisation's details were not read");
  return { date: row.today, due: addDays(row.today, row.terms) };
}

/**
 * Makes the Accepted quote a Draft invoice: its customer and reference, dated today and due by the organisation's
 * payment terms, with the accepted option's lines as the quote keeps them (their tax rates as they were saved, and
 * `amountsEnteredIncludeTax`), so its totals are the quote's. A quote that already made an invoice answers with it.
 */
export async function quoteToInvoice(tx: Tx, tenantId: string, id: string): Promise<Made<Invoice>> {
  const quote = await lockQuote(tx, tenantId, id);
  if (quote.invoiceId !== null)
    return { record: await findInvoice(tx, tenantId, quote.invoiceId), created: false };
  requireConvertible(quote, 'invoice');
  const lines = acceptedLines(quote);
  const kept: RateSnapshot = new Map(
    lines.flatMap((line) =>
      line.taxRate ? [[line.taxRate.id, { name: line.taxRate.name, rate: line.taxRate.rate }] as const] : [],
    ),
  );
  const created = await writeIn(
    tx,
    tenantId,
    invoiceCreate(
      tx,
      {
        reference: quote.reference,
        status: 'OPEN_DRAFT',
        customer: { id: quote.customerId },
        job: quote.jobId === null ? null : { id: quote.jobId },
        ...(await invoiceDates(tx, tenantId)),
        lineItems: lines.map(({ code, description, quantity, price, amount, taxRate }) => ({
          code,
          description,
          quantity,
          price,
          amount,
          taxRate: taxRate ? { id: taxRate.id } : null,
        })),
        amountsEnteredIncludeTax: quote.amountsIncludeTax,
      },
      kept,
    ),
  );
  await markConverted(tx, tenantId, id, { invoiceId: created.id });
  return { record: created, created: true };
}
