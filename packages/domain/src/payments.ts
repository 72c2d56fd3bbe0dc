import { calendarDateText } from './calendar-dates.ts';
import { dateField } from './date-fields.ts';
import { unitsAt, unitsOf, unitsText } from './decimal-units.ts';
import { INVOICE_STATUSES, type InvoiceStatus } from './invoices.ts';
import { formatDollars, moneyField } from './money.ts';
import { updatedStamp } from './records.ts';
import { optionalText } from './text-fields.ts';
import { z } from './zod.ts';

// Payments against an invoice (deposits, part payments, the rest) and the one arithmetic of what is still due,
// used by the server for every answer, list, check and document, and by the screens to show it as they edit.

/** How a payment was made. */
export const PAYMENT_METHODS = ['BANK_TRANSFER', 'CARD', 'CASH', 'CHEQUE', 'OTHER'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** What the screens call each method. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  BANK_TRANSFER: 'Bank transfer',
  CARD: 'Card',
  CASH: 'Cash',
  CHEQUE: 'Cheque',
  OTHER: 'Other',
};

export const paymentMessages = {
  date: 'Enter the payment date as a date, such as 2026-11-23.',
  amount: 'Enter an amount greater than $0.00.',
  method: `Choose how it was paid: ${PAYMENT_METHODS.join(', ')}.`,
  beforeInvoice: (invoiceDate: string) =>
    `The payment date cannot be before the invoice date (${calendarDateText(invoiceDate)}).`,
  /** Money not yet received: the invoice would be Paid now, while what it owed as at today still counts it owing. */
  future: (today: string) => `The payment date cannot be after today (${calendarDateText(today)}).`,
  tooMuch: (due: string) => `This is more than the amount due: ${formatDollars(due)}.`,
  notIssued: (status: string) =>
    `Payments are recorded on a sent invoice. This invoice is ${status}: send it before recording a payment.`,
  paymentsFirst: (payments: readonly { date: string; amount: string }[]) =>
    `This invoice has ${payments.length === 1 ? 'a payment' : `${payments.length} payments`} (${payments
      .map((payment) => `${formatDollars(payment.amount)} on ${calendarDateText(payment.date)}`)
      .join(', ')}). Delete ${payments.length === 1 ? 'it' : 'them'} first.`,
  totalBelowPaid: (total: string, paid: string) =>
    `The new total, ${formatDollars(total)}, is less than the ${formatDollars(paid)} already paid. ` +
    'Delete a payment first, or keep the total at least what was paid.',
  stillPaid: 'The payments cover the whole total, so this invoice is Paid. Delete a payment to reopen it.',
  customerPaid:
    'This invoice has payments from its customer, so the customer cannot change. Delete the payments first, ' +
    'or make a new invoice for the other customer.',
  dateAfterPayment: (paymentDate: string) =>
    `The invoice date cannot be after its first payment (${calendarDateText(paymentDate)}).`,
} as const;

/** A payment as a user records it. */
export const paymentFields = z.object({
  date: dateField(paymentMessages.date),
  amount: moneyField('amount').refine((amount) => unitsOf(amount).units > 0n, {
    error: paymentMessages.amount,
  }),
  method: z.enum(PAYMENT_METHODS, { error: paymentMessages.method }),
  /** The bank's, card terminal's or cheque's reference. */
  reference: optionalText(100),
  note: optionalText(1000, { multiLine: true }),
});

/** A change to a payment carries the `updated` it read: a save over a newer one is refused (409). */
export const paymentUpdate = paymentFields.extend({ updated: updatedStamp });

export type PaymentFields = z.output<typeof paymentFields>;
export type PaymentUpdate = z.output<typeof paymentUpdate>;

/** A payment as the API returns it, with the invoice it pays and who recorded it. */
export const paymentRecord = z.object({
  id: z.uuid(),
  /** The invoice it pays, as the payment left it (its status and what is still due follow the money). */
  invoice: z.object({
    id: z.uuid(),
    number: z.number().int(),
    status: z.enum(INVOICE_STATUSES),
    total: z.string(),
    amountPaid: z.string(),
    amountDue: z.string(),
    updated: z.string(),
  }),
  /** The customer who paid (the invoice's). */
  customer: z.object({ id: z.uuid(), name: z.string() }),
  date: z.string(),
  amount: z.string(),
  method: z.enum(PAYMENT_METHODS),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** Who recorded it: their name (or email) then; null when the organisation did not know it. */
  recordedBy: z.object({ name: z.string().nullable() }),
  created: z.string(),
  updated: z.string(),
});

export type Payment = z.infer<typeof paymentRecord>;

const cents = (amount: string) => unitsAt(unitsOf(amount), 2);

/** The sum of amounts, to the cent, as text with 2 decimals ("0.00" for none). */
export const sumOfAmounts = (amounts: readonly string[]): string =>
  unitsText(
    amounts.reduce((sum, amount) => sum + cents(amount), 0n),
    2,
  );

/** What is still due on an invoice: its total less what was paid, exactly, as text with 2 decimals. */
export const amountDue = (total: string, paid: string): string => unitsText(cents(total) - cents(paid), 2);

/** Whether an amount is more than nothing. */
export const isPositive = (amount: string): boolean => cents(amount) > 0n;

/**
 * The status that the money gives an issued invoice: Paid once its payments reach its total (and it had a payment:
 * a $0.00 invoice is not paid by nothing), Sent while an amount is due. A draft or a cancelled invoice keeps its own.
 */
export function statusAfterPayments(status: InvoiceStatus, total: string, paid: string): InvoiceStatus {
  if (status !== 'OPEN_SENT' && status !== 'CLOSED_PAID') return status;
  if (!isPositive(paid)) return status === 'CLOSED_PAID' && isPositive(total) ? 'OPEN_SENT' : status;
  return isPositive(amountDue(total, paid)) ? 'OPEN_SENT' : 'CLOSED_PAID';
}

/**
 * An invoice is overdue when its due date has passed (`today` is the date in the organisation's time zone) and an
 * amount is still due on it; a draft (not issued) or a cancelled invoice never is.
 */
export const isOverdue = (
  invoice: { status: InvoiceStatus; due: string; amountDue: string },
  today: string,
): boolean => invoice.status === 'OPEN_SENT' && invoice.due < today && isPositive(invoice.amountDue);
