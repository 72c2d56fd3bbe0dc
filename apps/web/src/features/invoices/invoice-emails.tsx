import type { InvoiceEmail } from '@fieldbook/domain';
import { DocumentSends } from '../outbox';
import { invoiceEmailsQueryOptions } from './api/get-invoice-emails';

/** What the send was, when it was not the invoice email: a reminder by a member, or an automatic one. */
const kindOf = (send: InvoiceEmail) =>
  send.kind !== 'REMINDER'
    ? null
    : send.reminderStep === null
      ? 'Payment reminder'
      : `Automatic payment reminder (${send.reminderStep} ${send.reminderStep === 1 ? 'day' : 'days'} overdue)`;

/** The invoice viewer's 'Emails': each send of the invoice or of a reminder, newest first, with what became of it. */
export function InvoiceEmails({ invoiceId }: { invoiceId: string }) {
  return <DocumentSends query={invoiceEmailsQueryOptions(invoiceId)} kindOf={kindOf} />;
}
