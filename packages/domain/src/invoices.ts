import { dateField } from './date-fields.ts';
import { invoiceLineFields, invoiceLineRecord } from './invoice-lines.ts';
import { namedReference, recordReference, saveOf } from './records.ts';
import { optionalText } from './text-fields.ts';
import { z } from './zod.ts';

/** An invoice's statuses (specification section 4): chosen freely, none follows from another. */
export const INVOICE_STATUSES = ['OPEN_DRAFT', 'OPEN_SENT', 'CLOSED_PAID', 'CLOSED_CANCELLED'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** What the screens call each status. */
export const INVOICE_STATUS_NAMES: Record<InvoiceStatus, string> = {
  OPEN_DRAFT: 'Draft',
  OPEN_SENT: 'Sent',
  CLOSED_PAID: 'Paid',
  CLOSED_CANCELLED: 'Cancelled',
};

export const invoiceMessages = {
  customer: 'Choose the customer.',
  job: 'Choose an existing job, or none.',
  status: `Choose the status: ${INVOICE_STATUSES.join(', ')}.`,
  date: 'Enter the invoice date as a date, such as 2026-11-23.',
  due: 'Enter the due date as a date, such as 2026-12-07.',
  dueBeforeDate: 'The due date cannot be before the invoice date.',
  onlyDraftsDeleted:
    'Only a draft invoice can be deleted. Cancel this invoice instead: an issued tax invoice is kept.',
  madeFromQuote: 'This invoice was made from a quote, which keeps it: cancel it instead of deleting it.',
} as const;

/** A sales invoice as a user edits it (spec section 3). The server computes every amount and the totals. */
const invoiceShape = z.object({
  reference: optionalText(100),
  status: z.enum(INVOICE_STATUSES, { error: invoiceMessages.status }).default('OPEN_DRAFT'),
  customer: recordReference(invoiceMessages.customer),
  /** The job the invoice bills, when it was made from one (Copy to invoice). */
  job: recordReference(invoiceMessages.job)
    .nullish()
    .transform((value) => value ?? null),
  date: dateField(invoiceMessages.date),
  due: dateField(invoiceMessages.due),
  lineItems: z.array(invoiceLineFields).max(500, { error: 'Use at most 500 line items.' }).default([]),
  amountsEnteredIncludeTax: z.boolean({ error: 'Say whether the amounts include tax.' }).default(false),
});

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** Compared as text, which for two ISO calendar dates is date order (a bad date has its own error already). */
const dueNotBeforeDate = (invoice: { date: string; due: string }, context: z.RefinementCtx) => {
  if (calendarDate.test(invoice.date) && calendarDate.test(invoice.due) && invoice.due < invoice.date)
    context.addIssue({ code: 'custom', path: ['due'], message: invoiceMessages.dueBeforeDate });
};

export const invoiceFields = invoiceShape.superRefine(dueNotBeforeDate);

/** A save of an invoice: the whole invoice and the `updated` read. */
export const invoiceUpdate = saveOf(invoiceShape).superRefine(dueNotBeforeDate);

export type InvoiceFields = z.output<typeof invoiceFields>;
export type InvoiceUpdate = z.output<typeof invoiceUpdate>;

/** An invoice as the API returns it: totals computed by `invoiceTotals`, money as text with 2 decimals. */
export const invoiceRecord = z.object({
  id: z.uuid(),
  number: z.number().int(),
  reference: z.string().nullable(),
  status: z.enum(INVOICE_STATUSES),
  customer: namedReference,
  job: z.object({ id: z.uuid(), number: z.number().int() }).nullable(),
  date: z.string(),
  due: z.string(),
  lineItems: z.array(invoiceLineRecord),
  amountsEnteredIncludeTax: z.boolean(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  /** What its payments add up to, and what is still due (the total less that: `amountDue`). */
  amountPaid: z.string(),
  amountDue: z.string(),
  created: z.string(),
  updated: z.string(),
});

export type Invoice = z.infer<typeof invoiceRecord>;
