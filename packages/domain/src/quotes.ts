import { Decimal } from 'decimal.js';
import { dateField } from './date-fields.ts';
import { invoiceLineFields, invoiceLineRecord, invoiceTotals, lineTax } from './invoice-lines.ts';
import { type LineFields, type LineTotals, priceFromAmount } from './lines.ts';
import { namedReference, recordReference, saveOf } from './records.ts';
import { optionalText, requiredText } from './text-fields.ts';
import { z } from './zod.ts';

/** A quote's statuses. Expired is not one: a Sent quote past its expiry date (`isQuoteExpired`). */
export const QUOTE_STATUSES = [
  'OPEN_DRAFT',
  'OPEN_SENT',
  'CLOSED_ACCEPTED',
  'CLOSED_DECLINED',
  'CLOSED_CONVERTED',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** What the screens call each status. */
export const QUOTE_STATUS_NAMES: Record<QuoteStatus, string> = {
  OPEN_DRAFT: 'Draft',
  OPEN_SENT: 'Sent',
  CLOSED_ACCEPTED: 'Accepted',
  CLOSED_DECLINED: 'Declined',
  CLOSED_CONVERTED: 'Converted',
};

/**
 * The moves a save may make: a draft is sent; a sent quote is withdrawn to a draft, accepted or declined; an
 * accepted or declined quote goes back to Sent (undo). Converted is reached only by converting the quote.
 */
export const QUOTE_TRANSITIONS: Record<QuoteStatus, readonly QuoteStatus[]> = {
  OPEN_DRAFT: ['OPEN_SENT'],
  OPEN_SENT: ['OPEN_DRAFT', 'CLOSED_ACCEPTED', 'CLOSED_DECLINED'],
  CLOSED_ACCEPTED: ['OPEN_SENT'],
  CLOSED_DECLINED: ['OPEN_SENT'],
  CLOSED_CONVERTED: [],
};

/** The statuses a new quote may start in. */
export const NEW_QUOTE_STATUSES: readonly QuoteStatus[] = ['OPEN_DRAFT', 'OPEN_SENT'];

/** Whether a save may move a quote from `from` to `to` (staying put is always allowed). */
export const canChangeQuoteStatus = (from: QuoteStatus, to: QuoteStatus): boolean =>
  from === to || QUOTE_TRANSITIONS[from].includes(to);

const names = (statuses: readonly QuoteStatus[]) =>
  statuses.map((status) => QUOTE_STATUS_NAMES[status]).join(' or ');

/**
 * Why a save may not move a quote from `from` to `to` (`null`: a new quote), naming both statuses as the screens
 * do: "A Draft quote cannot become Accepted: a Draft quote can only become Sent."
 */
export function quoteStatusRefusal(from: QuoteStatus | null, to: QuoteStatus): string {
  const name = from === null ? 'new' : QUOTE_STATUS_NAMES[from];
  const quote = `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name} quote`;
  const head = `${quote.charAt(0).toUpperCase()}${quote.slice(1)} cannot become ${QUOTE_STATUS_NAMES[to]}`;
  if (to === 'CLOSED_CONVERTED')
    return `${head}: a quote is Converted only by making it into a job or an invoice.`;
  if (from === null) return `${head}: a new quote is ${names(NEW_QUOTE_STATUSES)}.`;
  const next = QUOTE_TRANSITIONS[from];
  if (next.length === 0) return `${head}: ${quote} is kept as it is.`;
  return `${head}: ${quote} can only become ${names(next)}.`;
}

/** Whether a quote's lines may change: only before the customer's answer. */
export const quoteLinesEditable = (status: QuoteStatus): boolean =>
  status === 'OPEN_DRAFT' || status === 'OPEN_SENT';

/** A Sent quote is expired once its expiry date has passed (`today`: the date in the organisation's time zone). */
export const isQuoteExpired = (quote: { status: QuoteStatus; expiry: string }, today: string): boolean =>
  quote.status === 'OPEN_SENT' && quote.expiry < today;

export const quoteMessages = {
  customer: 'Choose the customer.',
  location: "Choose one of the customer's locations, or none.",
  status: `Choose the status: ${QUOTE_STATUSES.join(', ')}.`,
  date: 'Enter the quote date as a date, such as 2026-11-23.',
  expiry: 'Enter the expiry date as a date, such as 2026-12-23.',
  expiryBeforeDate: 'The expiry date cannot be before the quote date.',
  title: 'Enter the title: what the quote is for.',
  acceptedOption: 'Choose the option the customer accepted.',
  unknownOption: "Choose one of the quote's options.",
  linesLocked: (status: QuoteStatus) =>
    `The line items cannot be changed once the quote is ${QUOTE_STATUS_NAMES[status]}: only a Draft or Sent quote's can.`,
  /** A conversion asked of a quote that is neither Accepted nor Converted. */
  notAccepted: (into: 'job' | 'invoice', status: QuoteStatus) =>
    `Only an accepted quote can become ${into === 'job' ? 'a job' : 'an invoice'}: this quote is ${QUOTE_STATUS_NAMES[status]}.`,
  onlyDraftsDeleted:
    'Only a draft quote can be deleted: a quote the customer was sent is kept (decline it or withdraw it instead).',
} as const;

/** A quote line: an invoice line (`invoiceLineFields`) and the option it belongs to (none: common to every option). */
export const quoteLineFields = invoiceLineFields.safeExtend({ option: optionalText(60) });
export type QuoteLineFields = z.output<typeof quoteLineFields>;

/** A quote line as the API returns it. */
export const quoteLineRecord = invoiceLineRecord.extend({ option: z.string().nullable() });
export type QuoteLine = z.infer<typeof quoteLineRecord>;

/** A quote as a user edits it. The server computes every amount and the totals. */
const quoteShape = z.object({
  reference: optionalText(100),
  status: z.enum(QUOTE_STATUSES, { error: quoteMessages.status }).default('OPEN_DRAFT'),
  customer: recordReference(quoteMessages.customer),
  location: recordReference(quoteMessages.location)
    .nullish()
    .transform((value) => value ?? null),
  date: dateField(quoteMessages.date),
  /** Left out of a new quote: its date plus the organisation's quote validity days. */
  expiry: dateField(quoteMessages.expiry).optional(),
  title: requiredText(quoteMessages.title, 200),
  description: optionalText(4000, { multiLine: true }),
  /** Left out of a new quote: the organisation's quote terms. */
  terms: optionalText(4000, { multiLine: true }).optional(),
  lineItems: z.array(quoteLineFields).max(500, { error: 'Use at most 500 line items.' }).default([]),
  amountsEnteredIncludeTax: z.boolean({ error: 'Say whether the amounts include tax.' }).default(false),
  /** The option the customer accepted, when the quote has options and is Accepted. */
  acceptedOption: optionalText(60),
});

type QuoteInput = z.output<typeof quoteShape>;

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** The expiry is not before the date; an Accepted quote with options names one of them. */
function checkQuote(quote: QuoteInput, context: z.RefinementCtx): void {
  const { date, expiry } = quote;
  if (expiry !== undefined && calendarDate.test(date) && calendarDate.test(expiry) && expiry < date)
    context.addIssue({ code: 'custom', path: ['expiry'], message: quoteMessages.expiryBeforeDate });
  if (quote.status !== 'CLOSED_ACCEPTED') return;
  const options = quoteOptionNames(quote.lineItems);
  if (quote.acceptedOption === null) {
    if (options.length > 0)
      context.addIssue({ code: 'custom', path: ['acceptedOption'], message: quoteMessages.acceptedOption });
  } else if (!options.includes(quote.acceptedOption))
    context.addIssue({ code: 'custom', path: ['acceptedOption'], message: quoteMessages.unknownOption });
}

export const quoteFields = quoteShape.superRefine(checkQuote);

/** A save of a quote: the whole quote (its expiry too) and the `updated` read. */
export const quoteUpdate = saveOf(
  quoteShape.extend({
    expiry: dateField(quoteMessages.expiry),
    terms: optionalText(4000, { multiLine: true }),
  }),
).superRefine(checkQuote);

export type QuoteFields = z.output<typeof quoteFields>;
export type QuoteUpdate = z.output<typeof quoteUpdate>;

/** The options of a quote's lines, in the order they first appear. */
export const quoteOptionNames = (lines: readonly { option: string | null }[]): string[] => [
  ...new Set(lines.flatMap((line) => (line.option ? [line.option] : []))),
];

/** One option's totals: the lines common to every option and the option's own. */
export type QuoteOptionTotals = { name: string } & LineTotals;

/**
 * A quote's totals, by the invoices' one arithmetic (`invoiceTotals`). Without options, those of all its lines.
 * With options, each option's (the common lines and its own), in the order they first appear; the quote's own are
 * the accepted option's, or the first option's until one is accepted.
 */
export function quoteTotals(
  lines: readonly { amount: string; rate: string | null | undefined; option: string | null }[],
  includeTax: boolean,
  acceptedOption: string | null,
): LineTotals & { options: QuoteOptionTotals[] } {
  const options = quoteOptionNames(lines).map((name) => ({
    name,
    ...invoiceTotals(
      lines.filter((line) => line.option === null || line.option === name),
      includeTax,
    ),
  }));
  const shown = options.find((option) => option.name === acceptedOption) ?? options[0];
  const { subtotal, tax, total } = shown ?? invoiceTotals(lines, includeTax);
  return { subtotal, tax, total, options };
}

/** A quote's lines as `quoteTotals` reads them (each line's rate as it was kept). */
export const quoteLineAmounts = (lines: readonly QuoteLine[]) =>
  lines.map((line) => ({ amount: line.amount, rate: line.taxRate?.rate ?? null, option: line.option }));

const optionTotals = z.object({ name: z.string(), subtotal: z.string(), tax: z.string(), total: z.string() });

/** A quote as the API returns it: totals computed by `quoteTotals`, money as text with 2 decimals. */
export const quoteRecord = z.object({
  id: z.uuid(),
  number: z.number().int(),
  reference: z.string().nullable(),
  status: z.enum(QUOTE_STATUSES),
  /** Sent, and its expiry date has passed in the organisation's time zone (`isQuoteExpired`). */
  expired: z.boolean(),
  customer: namedReference,
  location: namedReference.nullable(),
  date: z.string(),
  expiry: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  terms: z.string().nullable(),
  lineItems: z.array(quoteLineRecord),
  amountsEnteredIncludeTax: z.boolean(),
  /** Each option's totals, in the order the options first appear; empty for a quote without options. */
  options: z.array(optionTotals),
  acceptedOption: z.string().nullable(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  /** The job and the invoice made from the quote (Converted), if any. */
  job: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  invoice: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  /** What the customer gave when answering on the quote's public page (none when the office recorded the answer). */
  acceptedName: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  declinedReason: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});

export type Quote = z.infer<typeof quoteRecord>;

/** Whether a quote in `status` may be made into a job or an invoice (again: Converted answers with what it made). */
export const quoteConvertible = (status: QuoteStatus): boolean =>
  status === 'CLOSED_ACCEPTED' || status === 'CLOSED_CONVERTED';

/** The lines of the accepted option: the common lines and the option's own (every line of a quote without options). */
export const acceptedQuoteLines = <Line extends { option: string | null }>(
  lines: readonly Line[],
  acceptedOption: string | null,
): Line[] =>
  quoteOptionNames(lines).length === 0
    ? [...lines]
    : lines.filter((line) => line.option === null || line.option === acceptedOption);

/**
 * A quote line as a job line: a job's lines are tax-exclusive (Copy to invoice gives them a tax rate with amounts
 * that exclude tax), so a quote whose amounts include tax gives each line its amount less the line's tax
 * (`lineTax`, the invoices' arithmetic), and the unit price that keeps that amount (`priceFromAmount`; none, a lump
 * sum, when no price does). A quote whose amounts exclude tax gives its lines as they are.
 */
export function jobLineOfQuoteLine(line: QuoteLine, includeTax: boolean): LineFields {
  const { code, description, quantity, price, amount } = line;
  if (!includeTax || line.taxRate === null) return { code, description, quantity, price, amount };
  const exclusive = new Decimal(amount).minus(lineTax(amount, line.taxRate.rate, true)).toFixed(2);
  const exPrice = quantity === null || price === null ? undefined : priceFromAmount(exclusive, quantity);
  return exPrice === undefined
    ? { code, description, quantity: null, price: null, amount: exclusive }
    : { code, description, quantity, price: exPrice, amount: exclusive };
}
