import type { InvoiceEmailDraft, Quote, QuoteEmail } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { quote as quoteRecord } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { quoteRoutes } from './routes';

const api = installFakeApi();

const draft: InvoiceEmailDraft = {
  to: 'accounts@obrien.example',
  subject: 'Quote 12 from Harbourside Plumbing & Gas: Replace the hot water system',
  message:
    "Hello O'Brien & Sons Plumbing,\n\nPlease find attached quote 12 for Replace the hot water system: $352.00.",
};

/** The server of quote 12 (a Draft unless told): its draft email, its sends, and POST …/emails as the server does. */
function serve(overrides: Partial<Quote> = {}) {
  const state: { quote: Quote; sends: QuoteEmail[] } = {
    quote: quoteRecord({ number: 12, status: 'OPEN_DRAFT', ...overrides }),
    sends: [],
  };
  const base = `/sales/quotes/${state.quote.id}`;
  const send = (request: RecordedRequest) => {
    const fields = request.body as { to: string; subject: string };
    const record: QuoteEmail = {
      id: crypto.randomUUID(),
      to: fields.to,
      subject: fields.subject,
      sentBy: 'Dana Demo',
      created: '2026-11-24T04:10:00.000Z',
      status: 'QUEUED',
      lastError: null,
      messageId: crypto.randomUUID(),
    };
    state.sends = [record, ...state.sends];
    state.quote = { ...state.quote, status: 'OPEN_SENT' };
    return jsonResponse(record, { status: 201 });
  };
  api.handle = (request) => {
    if (request.path === '/mail')
      return jsonResponse({ configured: false, from: 'Fieldbook <no-reply@fieldbook.example>' });
    if (request.path === `${base}/email-draft`) return jsonResponse(draft);
    if (request.path === `${base}/emails`)
      return request.method === 'POST' ? send(request) : jsonResponse(state.sends);
    if (request.path === base) return jsonResponse(state.quote);
    return errorResponse('NOT_FOUND', 'No such record.');
  };
  renderRoutes(quoteRoutes, { route: `/sales/quotes/${state.quote.id}` });
  return { state, base, user: userEvent.setup() };
}

describe('Email quote', () => {
  it('sends the PDF and the link from the viewer: the quote is Sent and the send is listed', async () => {
    const { base, user } = serve();
    expect(await screen.findByText('Not emailed yet.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Email' }));
    const dialog = screen.getByRole('dialog', { name: 'Email quote 12' });
    expect(await within(dialog).findByLabelText(/^To/)).toHaveValue('accounts@obrien.example');
    expect(
      within(dialog).getByText(
        /The quote PDF will be attached \(quote-12\.pdf\), and a link to accept or decline/,
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Quote 12 is ready to go to accounts@obrien.example. No mail server is set up, so the email waits in the Outbox.',
      ),
    ).toBeInTheDocument();
    const posted = api.requests.filter((request) => request.method === 'POST');
    expect(posted.map((request) => request.path)).toEqual([`${base}/emails`]);
    expect(posted[0]?.body).toEqual({ to: draft.to, subject: draft.subject, message: draft.message });
    expect(posted[0]?.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByText(draft.subject)).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /^Status Sent/ })).toBeInTheDocument();
  });

  it('is not offered for a quote past its expiry', async () => {
    serve({ status: 'OPEN_SENT', expired: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote 12' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Email' })).not.toBeInTheDocument();
  });
});
