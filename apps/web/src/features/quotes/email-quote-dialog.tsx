import type { Quote } from '@fieldbook/domain';
import { DocumentSends, EmailDialog } from '../outbox';
import { quotePdfFileName } from './api/get-quote-pdf';
import { quoteEmailDraftQueryOptions, quoteEmailsQueryOptions, useEmailQuote } from './api/quote-emails';

interface EmailQuoteDialogProps {
  quote: Pick<Quote, 'id' | 'number'>;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Email quote 12' (the document email dialog, `EmailDialog`): to whom, the subject and the message, sent with the
 * quote's PDF and a link where the customer accepts or declines it online.
 */
export function EmailQuoteDialog({ quote, opened, onClose }: EmailQuoteDialogProps) {
  // Here, not in the form: the submission's Idempotency-Key outlives a Cancel, so the same text sent again after
  // a lost answer is still one email.
  const sending = useEmailQuote(quote.id);
  const what = `Quote ${quote.number}`;
  return (
    <EmailDialog
      opened={opened}
      onClose={onClose}
      email={{
        title: `Email quote ${quote.number}`,
        draft: quoteEmailDraftQueryOptions(quote.id),
        sending,
        attachment:
          `The quote PDF will be attached (${quotePdfFileName(quote.number)}), and a link to accept or decline it ` +
          'online added below the message. A link sent before stops working.',
        sentNotice: (to, waiting) =>
          waiting
            ? `${what} is ready to go to ${to}. No mail server is set up, so the email waits in the Outbox.`
            : `${what} emailed to ${to}.`,
      }}
    />
  );
}

/** The quote viewer's 'Emails': each send of the quote, newest first, with what became of it. */
export function QuoteEmails({ quoteId }: { quoteId: string }) {
  return <DocumentSends query={quoteEmailsQueryOptions(quoteId)} />;
}
