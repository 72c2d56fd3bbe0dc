import { formatDollars, type Invoice } from '@fieldbook/domain';
import { type Attachment, emailDate } from '../../platform/mail/outbox.ts';

/** Whole days from one calendar date to a later one ("2026-12-09" to "2026-12-16" is 7). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * What fills the placeholders of an invoice's emails (domain `DEFAULT_INVOICE_EMAIL`, `DEFAULT_REMINDER_EMAIL`):
 * the invoice's number, total, amount due and due date, the days it is overdue on `today` (0 when it is not yet),
 * and the customer's and organisation's names.
 */
export function invoicePlaceholders(
  invoice: Pick<Invoice, 'number' | 'total' | 'amountDue' | 'due'>,
  customer: string,
  organisation: string,
  today: string,
): Record<string, string> {
  return {
    number: String(invoice.number),
    total: formatDollars(invoice.total),
    amountDue: formatDollars(invoice.amountDue),
    dueDate: emailDate(new Date(`${invoice.due}T00:00:00Z`), 'UTC'),
    daysOverdue: String(Math.max(0, daysBetween(invoice.due, today))),
    customer,
    organisation,
  };
}

/** The invoice's PDF as an email attaches it. */
export const invoicePdf = (invoice: Pick<Invoice, 'number'>, pdf: Uint8Array): Attachment => ({
  filename: `invoice-${invoice.number}.pdf`,
  contentType: 'application/pdf',
  content: Buffer.from(pdf),
});
