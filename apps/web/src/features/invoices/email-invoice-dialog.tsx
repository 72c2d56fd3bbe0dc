import type { Invoice, InvoiceEmailKind } from '@fieldbook/domain';
import { EmailDialog } from '../outbox';
import { useEmailInvoice } from './api/email-invoice';
import { invoiceEmailDraftQueryOptions } from './api/get-invoice-email-draft';
import { invoicePdfFileName } from './api/get-invoice-pdf';

interface EmailInvoiceDialogProps {
  invoice: Pick<Invoice, 'id' | 'number'>;
  /** INVOICE (the default): the invoice email; REMINDER: a payment reminder of an overdue invoice. */
  kind?: InvoiceEmailKind;
  opened: boolean;
  onClose: () => void;
}

/** The dialog's title, and what the notice after a send calls the email, for each kind. */
const wording = {
  INVOICE: {
    title: (number: number) => `Email invoice ${number}`,
    what: (number: number) => `Invoice ${number}`,
  },
  REMINDER: {
    title: (number: number) => `Send a payment reminder for invoice ${number}`,
    what: (number: number) => `The reminder for invoice ${number}`,
  },
} as const;

/**
 * 'Email invoice 12' (the document email dialog, `EmailDialog`): to whom, the subject and the message, started from
 * the organisation's texts, sent with the invoice's PDF attached. As a reminder (`kind` REMINDER), it starts from
 * the organisation's reminder texts.
 */
export function EmailInvoiceDialog({ invoice, kind = 'INVOICE', opened, onClose }: EmailInvoiceDialogProps) {
  // Here, not in the form: the submission's Idempotency-Key outlives a Cancel, so the same text sent again after
  // a lost answer is still one email.
  const sending = useEmailInvoice(invoice.id, kind);
  const what = wording[kind].what(invoice.number);
  return (
    <EmailDialog
      opened={opened}
      onClose={onClose}
      email={{
        title: wording[kind].title(invoice.number),
        draft: invoiceEmailDraftQueryOptions(invoice.id, kind),
        sending,
        attachment: `The invoice PDF will be attached: ${invoicePdfFileName(invoice.number)}`,
        sentNotice: (to, waiting) =>
          waiting
            ? `${what} is ready to go to ${to}. No mail server is set up, so the email waits in the Outbox.`
            : `${what} emailed to ${to}.`,
      }}
    />
  );
}
