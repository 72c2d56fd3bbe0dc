import {
  addDays,
  apiMessages,
  canChangeQuoteStatus,
  type FieldError,
  isQuoteExpired,
  NEW_QUOTE_STATUSES,
  type Quote,
  type QuoteFields,
  type QuoteLine,
  type QuoteLineFields,
  type QuoteStatus,
  type QuoteUpdate,
  quoteLineAmounts,
  quoteLinesEditable,
  quoteMessages,
  quoteStatusRefusal,
  quoteTotals,
} from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { builtOnce } from '../../platform/db/built-selects.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { isoTime } from '../../platform/db/timestamps.ts';
import { conflict, notFound, validationFailed } from '../../platform/http/errors.ts';
import { forTenant, type Write } from '../../platform/http/tenant-requests.ts';
import { keptLine, type Lines, lineValues, type RecordWithLines } from '../../platform/records/lines.ts';
import {
  currentVersion,
  findRow,
  namedStatement,
  referencedFields,
  rowOf,
  versionReads,
  wholeById,
} from '../../platform/records/record-rows.ts';
import { createWithLines, saveRecord } from '../../platform/records/record-with-lines.ts';
import { customers, locations } from '../customers/index.ts';
import {
  checkedLineRates,
  invoices,
  keepingSavedRates,
  lineRatesRead,
  type RateSnapshot,
  taxedLinesOf,
} from '../invoices/index.ts';
import { jobs } from '../jobs/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { type QuoteRow, selectQuotes, toQuote } from './quote-rows.ts';
import { quoteLines, quotes, visibleQuotes } from './quote-tables.ts';

const NOUN = 'quote';

/** A quote whole by its id (`wholeById`, a named statement). */
const quoteById = wholeById<QuoteRow>(selectQuotes, visibleQuotes, 'quote_by_id', NOUN);

/** The quote; 404 when this tenant has no such quote. */
export async function findQuote(tx: Tx, tenantId: string, id: string): Promise<Quote> {
  return toQuote(await quoteById.find(tx, tenantId, id));
}

/**
 * What a new quote starts with and a write answers with: the organisation's validity days and terms, today in its
 * time zone (whether the quote has expired) and the transaction's time as `created` and `updated` keep it. A named
 * statement, built once.
 */
const quoteSettings = builtOnce<{ validityDays: number; terms: string | null; today: string; now: string }>(
  (db) =>
    db
      .select({
        validityDays: organisationDetails.quoteValidityDays,
        terms: organisationDetails.quoteTerms,
        today: sql<string>`(now() at time zone ${organisationDetails.timeZone})::date::text`,
        now: sql<string>`now()::timestamptz(3)`.mapWith(isoTime),
      })
      .from(organisationDetails)
      .where(eq(organisationDetails.tenantId, sql.placeholder('tenantId'))),
  'quote_settings',
);

type QuoteSettings = typeof quoteSettings extends (...args: never[]) => Promise<(infer Row)[]> ? Row : never;

/** The field error of a record the quote names that the tenant does not have. */
const missing = {
  customer: { field: 'customer.id', message: 'Choose an existing customer.' },
  location: { field: 'location.id', message: 'Choose an existing location.' },
};

/** The same UUID, however its hex digits are cased (PostgreSQL writes them in lower case). */
const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * What a quote names, and the organisation's settings: `reads` find them in one round trip (with the transaction's
 * BEGIN); `check`, given their rows, gives the rates as they are now (which the lines keep), the customer's and
 * location's names and the settings, or every problem at once as field errors (the location must be the
 * customer's, as a job's).
 */
function quoteReferences(db: Db, tenantId: string, fields: Omit<QuoteFields, 'status'>) {
  const named = namedStatement(db, tenantId, {
    customer: { table: customers, id: fields.customer.id, column: customers.name },
    locationCustomer: { table: locations, id: fields.location?.id, column: locations.customerId },
    location: { table: locations, id: fields.location?.id, column: locations.name },
  });
  const check = ([namedRows = [], rateRows = [], settingsRows = []]: unknown[][]) => {
    const problems: FieldError[] = [];
    const found = named.found(namedRows);
    if (found.customer === undefined) problems.push(missing.customer);
    if (fields.location) {
      if (found.locationCustomer === undefined) problems.push(missing.location);
      else if (found.customer !== undefined && !sameId(found.locationCustomer as string, fields.customer.id))
        problems.push({ field: 'location.id', message: quoteMessages.location });
    }
    const { rates, problems: rateProblems } = checkedLineRates(fields.lineItems, rateRows);
    problems.push(...rateProblems);
    if (problems.length > 0) throw validationFailed(apiMessages.invalidRequest, problems);
    const [settings] = settingsRows as QuoteSettings[];
    if (!settings) throw new Error("The organisation's quote settings were not read");
    return {
      rates,
      settings,
      customerName: found.customer as string,
      locationName: fields.location ? (found.location as string) : null,
    };
  };
  const reads = [
    named.statement,
    lineRatesRead(tenantId, fields.lineItems),
    quoteSettings.with({ tenantId }),
  ];
  return { reads, check };
}

/** A record the quote names, deleted between the check and the write: the field error the check gives. */
const referencesGone = referencedFields({
  quotes_customer_fk: missing.customer,
  quotes_location_fk: missing.location,
  quote_lines_tax_rate_fk: { field: 'lineItems', message: 'Choose an existing tax rate.' },
});

/** A quote with its lines, as the commands shared by records with lines write it. */
const quoteWithLines: RecordWithLines<typeof quotes, typeof quoteLines> = {
  noun: NOUN,
  counter: 'quote',
  table: quotes,
  kept: 'lineItems',
  lines: quoteLines,
  record: 'quoteId',
  foreignKey: 'quote_lines_quote_fk',
  referencesGone,
};

type QuoteTableRow = typeof quotes.$inferSelect;

/** A quote's fields as a write stores them: its expiry and terms given, and the option accepted, if any. */
type CompleteQuote = Omit<QuoteFields, 'expiry' | 'terms'> & { expiry: string; terms: string | null };

/** A quote's lines as it writes them, each amount computed here and each with its rate as it is now. */
const quoteLinesOf = (lines: readonly QuoteLineFields[], rates: RateSnapshot): Lines =>
  taxedLinesOf(lines, rates, (line) => ({ option: line.option }));

/**
 * A locked quote's lines as they are kept (`quotes.line_items`), rewritten as they were: the rates they were saved
 * at, not the rates now.
 */
const keptQuoteLines = (kept: readonly QuoteLine[]): Lines => ({
  rows: kept.map((line, position) => ({
    position,
    code: line.code,
    description: line.description,
    quantity: line.quantity,
    price: line.price,
    amount: line.amount,
    taxRateId: line.taxRate?.id ?? null,
    taxName: line.taxRate?.name ?? null,
    taxRate: line.taxRate?.rate ?? null,
    option: line.option,
  })),
  kept: [...kept],
});

/** Whether the lines sent differ from those kept, as a user sees a line (its rate by id, not as it is now). */
function linesChanged(current: QuoteTableRow, fields: CompleteQuote): boolean {
  if (current.amountsIncludeTax !== fields.amountsEnteredIncludeTax) return true;
  if (current.lineItems.length !== fields.lineItems.length) return true;
  return fields.lineItems.some((line, position) => {
    const kept = current.lineItems[position] as QuoteLine;
    const sent = keptLine(lineValues(line, position));
    return (
      (['code', 'description', 'quantity', 'price', 'amount'] as const).some(
        (key) => sent[key] !== kept[key],
      ) ||
      (line.taxRate?.id.toLowerCase() ?? null) !== (kept.taxRate?.id ?? null) ||
      line.option !== kept.option
    );
  });
}

/** The quote's own columns and its lines as a write sends them, with its total (`quoteTotals`) kept. */
function quoteWrite(fields: CompleteQuote, lines: Lines) {
  const acceptedOption = fields.status === 'CLOSED_ACCEPTED' ? fields.acceptedOption : null;
  const { total } = quoteTotals(
    quoteLineAmounts(lines.kept as QuoteLine[]),
    fields.amountsEnteredIncludeTax,
    acceptedOption,
  );
  const values = {
    reference: fields.reference,
    customerId: fields.customer.id,
    locationId: fields.location?.id ?? null,
    status: fields.status,
    date: fields.date,
    expiry: fields.expiry,
    title: fields.title,
    description: fields.description,
    terms: fields.terms,
    amountsIncludeTax: fields.amountsEnteredIncludeTax,
    acceptedOption,
    total,
  };
  return { values, lines };
}

/**
 * Creates a quote with the tenant's next quote number, as an invoice is created (`invoiceCreate`): what it names and
 * the organisation's settings read with the transaction's BEGIN, the answer built before the insert, and the insert
 * sent with the answer's store and the COMMIT. Its expiry is its date plus the organisation's validity days, and its
 * terms the organisation's, unless given. A new quote is a Draft or Sent (409 otherwise).
 */
export function quoteCreate(db: Db, fields: QuoteFields): Write<Quote> {
  const referencesFor = forTenant((tenantId) => quoteReferences(db, tenantId, fields));
  return {
    reads: (tenantId) => referencesFor(tenantId).reads,
    run: async (tx, tenantId, rows, { last, store }) => {
      if (!NEW_QUOTE_STATUSES.includes(fields.status))
        throw conflict(quoteStatusRefusal(null, fields.status));
      const { rates, settings, customerName, locationName } = referencesFor(tenantId).check(rows);
      const complete: CompleteQuote = {
        ...fields,
        expiry: fields.expiry ?? addDays(fields.date, settings.validityDays),
        terms: fields.terms === undefined ? settings.terms : fields.terms,
      };
      const id = uuidv7();
      const { values, lines } = quoteWrite(complete, quoteLinesOf(fields.lineItems, rates));
      const quote = toQuote({
        id,
        number: 0,
        ...values,
        customerName,
        locationName,
        expired: isQuoteExpired(values, settings.today),
        lineItems: lines.kept as QuoteLine[],
        jobId: null,
        jobNumber: null,
        invoiceId: null,
        invoiceNumber: null,
        acceptedName: null,
        acceptedAt: null,
        declinedReason: null,
        created: settings.now,
        updated: settings.now,
      });
      const stored = store?.(quote, { table: quotes, id });
      const { number } = await createWithLines(
        tx,
        quoteWithLines,
        tenantId,
        id,
        { values, lines },
        { together: last, after: stored },
      );
      return { ...quote, number };
    },
  };
}

/**
 * Saves the whole quote over the version the client read (`currentVersion`: 404, or 409), as an invoice is saved:
 * the status may move only as `QUOTE_TRANSITIONS` allow (409 naming both), and the lines may change only while
 * the quote is a Draft or Sent (409); a locked quote keeps its lines as they were kept, rates included.
 */
export function quoteSave(db: Db, id: string, { id: _id, updated, ...fields }: QuoteUpdate): Write<Quote> {
  const referencesFor = forTenant((tenantId) => quoteReferences(db, tenantId, fields));
  return {
    reads: (tenantId) => versionReads(quotes, { tenantId, id, updated }, referencesFor(tenantId).reads),
    run: async (tx, tenantId, [rows, ...named], { last }) => {
      const version = { tenantId, id, updated };
      const current = currentVersion<QuoteTableRow>(rows, version, NOUN);
      const from = current.status as QuoteStatus;
      if (!canChangeQuoteStatus(from, fields.status)) throw conflict(quoteStatusRefusal(from, fields.status));
      const { rates, settings, customerName, locationName } = referencesFor(tenantId).check(named);
      const editable = quoteLinesEditable(from);
      if (!editable && linesChanged(current, fields)) throw conflict(quoteMessages.linesLocked(from));
      const lines = editable
        ? quoteLinesOf(fields.lineItems, keepingSavedRates(rates, current.lineItems))
        : keptQuoteLines(current.lineItems);
      const record = quoteWrite(fields, lines);
      const made = await madeNumbers(tx, tenantId, current);
      const saved = await saveRecord(tx, quoteWithLines, version, record, last);
      const expired = isQuoteExpired(record.values, settings.today);
      return toQuote(rowOf(quotes, saved, { customerName, locationName, expired, ...made }));
    },
  };
}

/** The numbers of the job and the invoice a quote was made into (read only when it names one). */
async function madeNumbers(
  tx: Tx,
  tenantId: string,
  quote: { jobId: string | null; invoiceId: string | null },
): Promise<{ jobNumber: number | null; invoiceNumber: number | null }> {
  const numberOf = async (table: typeof jobs | typeof invoices, id: string | null) => {
    if (id === null) return null;
    const [row] = await tx
      .select({ number: table.number })
      .from(table)
      .where(and(eq(table.tenantId, tenantId), eq(table.id, id)));
    return row?.number ?? null;
  };
  return {
    jobNumber: await numberOf(jobs, quote.jobId),
    invoiceNumber: await numberOf(invoices, quote.invoiceId),
  };
}

/** Deletes a draft and its lines; a quote the customer was sent is kept (409). */
export async function deleteQuote(tx: Tx, tenantId: string, id: string): Promise<void> {
  const current = await findRow(tx, quotes, tenantId, id);
  if (!current) throw notFound(NOUN);
  if (current.status !== 'OPEN_DRAFT') throw conflict(quoteMessages.onlyDraftsDeleted);
  await tx.delete(quotes).where(and(eq(quotes.tenantId, tenantId), eq(quotes.id, id)));
}
