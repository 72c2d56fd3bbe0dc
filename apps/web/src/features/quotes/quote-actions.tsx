import type { Quote, QuoteStatus } from '@fieldbook/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { carriedBecause, readAgainText } from '../../components/form/stale-save';
import {
  type Confirmation,
  deleteAction,
  editAction,
  type RecordAction,
} from '../../components/record-actions';
import { paths } from '../../lib/paths';
import { AcceptQuoteDialog } from './accept-quote-dialog';
import { useCreateInvoiceFromQuote } from './api/create-invoice-from-quote';
import { useCreateJobFromQuote } from './api/create-job-from-quote';
import { useDeleteQuote } from './api/delete-quote';
import { useQuotePdf } from './api/get-quote-pdf';
import { quoteReadAgain, useChangeQuoteStatus } from './api/update-quote';
import { EmailQuoteDialog } from './email-quote-dialog';

/**
 * The quote viewer's actions for the quote's status (docs/quotes.md, "Statuses"): Edit while Draft or Sent; Mark
 * as sent (Draft); Accept… and Decline (Sent); Back to sent (Accepted, Declined); Create job and Create invoice
 * (Accepted, Converted: each once); Download PDF; Email (Draft, or Sent and not expired); Delete (Draft). `dialog`
 * (Accept…, Email) goes in the page; `error` is a failed action's; `note`, a status change's refused because the
 * quote was saved since: the viewer shows it as it now is, and the next press saves over that version.
 */
export function useQuoteActions(quote: Quote) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const pdf = useQuotePdf(quote);
  const statusChange = useChangeQuoteStatus(quote);
  const deletion = useDeleteQuote(quote.id);
  const makeJob = useCreateJobFromQuote(quote.id);
  const makeInvoice = useCreateInvoiceFromQuote(quote.id);
  const [accepting, setAccepting] = useState(false);
  const [emailing, setEmailing] = useState(false);
  const name = `quote ${quote.number}`;
  const busy = statusChange.isPending || makeJob.isPending || makeInvoice.isPending;

  // A status change saved at once (or after `confirm`), saying what it did.
  const move = (label: string, status: QuoteStatus, done: string, confirm?: Confirmation): RecordAction => ({
    label,
    busy: statusChange.isPending && statusChange.variables?.status === status,
    disabled: busy,
    confirm,
    onClick: ({ notify }) => {
      setNote(null);
      statusChange.mutate(
        { status },
        {
          onSuccess: () => notify(done),
          onError: (error) => {
            // The quote has been read again (`useChangeQuoteStatus`) by the time this runs.
            const because = carriedBecause(error);
            if (!because || !quoteReadAgain(queryClient, quote)) return;
            statusChange.reset();
            setNote(readAgainText(because, 'The quote', `press ${label} again`));
          },
        },
      );
    },
  });
  const markSent = move('Mark as sent', 'OPEN_SENT', `Quote ${quote.number} marked as sent.`);
  const backToSent = move('Back to sent', 'OPEN_SENT', `Quote ${quote.number} is Sent again.`);
  const decline = move('Decline', 'CLOSED_DECLINED', `Quote ${quote.number} declined.`, {
    question: `Decline ${name}?`,
    detail: 'It is marked as declined by the customer. Back to sent undoes it.',
    confirmLabel: 'Decline quote',
  });
  const accept: RecordAction = { label: 'Accept…', disabled: busy, onClick: () => setAccepting(true) };
  const createJob: RecordAction = {
    label: 'Create job',
    busy: makeJob.isPending,
    disabled: busy,
    onClick: ({ notify }) =>
      makeJob.mutate(undefined, {
        onSuccess: (job) => {
          notify(`Job ${job.number} made from quote ${quote.number}.`);
          void navigate(paths.jobs.view.href(job.id));
        },
      }),
  };
  const createInvoice: RecordAction = {
    label: 'Create invoice',
    busy: makeInvoice.isPending,
    disabled: busy,
    onClick: ({ notify }) =>
      makeInvoice.mutate(undefined, {
        onSuccess: (invoice) => {
          notify(`Invoice ${invoice.number} made from quote ${quote.number}.`);
          void navigate(paths.sales.invoice.href(invoice.id));
        },
      }),
  };
  const download: RecordAction = {
    label: 'Download PDF',
    busy: pdf.isPending,
    onClick: () => pdf.mutate('Download PDF'),
  };
  const email: RecordAction = { label: 'Email', disabled: busy, onClick: () => setEmailing(true) };
  const remove = deleteAction({
    question: `Delete ${name}?`,
    label: 'Delete quote',
    deletion,
    onDeleted: () => void navigate(paths.sales.quotesSearch),
  });
  const conversions = [...(quote.job ? [] : [createJob]), ...(quote.invoice ? [] : [createInvoice])];

  const byStatus: Record<QuoteStatus, { buttons: RecordAction[]; menu: RecordAction[] }> = {
    OPEN_DRAFT: { buttons: [markSent], menu: [remove] },
    OPEN_SENT: { buttons: [accept, decline], menu: [] },
    CLOSED_ACCEPTED: { buttons: conversions, menu: [backToSent] },
    CLOSED_DECLINED: { buttons: [backToSent], menu: [] },
    CLOSED_CONVERTED: { buttons: conversions, menu: [] },
  };
  const { buttons, menu } = byStatus[quote.status];
  const editable = quote.status === 'OPEN_DRAFT' || quote.status === 'OPEN_SENT';
  return {
    // Email follows Download PDF, as on the invoice viewer: while the customer can still answer the link it gives.
    buttons: [
      ...(editable ? [editAction(paths.sales.editQuote.href(quote.id))] : []),
      ...buttons,
      download,
      ...(editable && !quote.expired ? [email] : []),
    ],
    menu,
    error: pdf.error ?? statusChange.error ?? makeJob.error ?? makeInvoice.error ?? deletion.error,
    note,
    dialog: (
      <>
        <AcceptQuoteDialog quote={quote} opened={accepting} onClose={() => setAccepting(false)} />
        <EmailQuoteDialog quote={quote} opened={emailing} onClose={() => setEmailing(false)} />
      </>
    ),
  };
}
