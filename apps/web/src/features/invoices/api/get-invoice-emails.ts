import type { InvoiceEmail } from '@fieldbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiFetchList } from '../../../lib/api-client';
import { invoiceEmailKeys } from './invoice-keys';

/** GET /sales/invoices/{id}/emails: every send of the invoice, newest first. */
export async function getInvoiceEmails(invoiceId: string): Promise<InvoiceEmail[]> {
  return (await apiFetchList<InvoiceEmail>(`/sales/invoices/${encodeURIComponent(invoiceId)}/emails`)).items;
}

/** How often a send waiting for the mail server is checked on, and for how long after it was made. */
const CHECK_EVERY_MS = 5_000;
const CHECK_FOR_MS = 2 * 60_000;

/** A send made in the last two minutes that the mail server has not taken yet. */
const justQueued = (send: InvoiceEmail, now: number) =>
  (send.status === 'QUEUED' || send.status === 'SENDING') && now - Date.parse(send.created) < CHECK_FOR_MS;

/**
 * The invoice's sends. The viewer's loader fetches them afresh; a send just made is checked on until the mail
 * server takes it (a few seconds, usually), so 'Waiting to send' turns into 'Sent' or 'Failed' without a reload.
 * With no mail server, messages wait in the outbox: the checks stop after two minutes.
 */
export function invoiceEmailsQueryOptions(invoiceId: string) {
  return queryOptions({
    queryKey: invoiceEmailKeys.sends(invoiceId),
    queryFn: () => getInvoiceEmails(invoiceId),
    refetchInterval: (query) =>
      query.state.data?.some((send) => justQueued(send, Date.now())) ? CHECK_EVERY_MS : false,
  });
}
