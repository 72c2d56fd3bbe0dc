import type { InvoiceEmail } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { invoice } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { invoiceRoutes } from './routes';

const api = installFakeApi();

/** A send as GET /sales/invoices/{id}/emails gives it. */
const send = (overrides: Partial<InvoiceEmail>): InvoiceEmail => ({
  id: crypto.randomUUID(),
  kind: 'INVOICE',
  reminderStep: null,
  to: 'accounts@obrien.example',
  subject: 'Invoice 12 from Harbourside Plumbing',
  sentBy: 'Dana Demo',
  created: '2026-11-24T04:10:00.000Z',
  status: 'SENT',
  lastError: null,
  messageId: crypto.randomUUID(),
  ...overrides,
});

/** The invoice, never paid, and `emails` answering GET …/emails. */
function serve(emails: () => Response) {
  const repair = invoice({ number: 12 });
  api.handle = (request) => {
    if (request.path.endsWith('/emails')) return emails();
    if (request.path.endsWith('/payments')) return jsonResponse([]);
    return jsonResponse(repair);
  };
  renderRoutes(invoiceRoutes, { route: `/sales/invoices/${repair.id}` });
  return repair;
}

describe('InvoiceViewPage, Emails', () => {
  it('lists each send, newest first: subject, status by name, to whom, when, who sent it and why one failed', async () => {
    const repair = serve(() =>
      jsonResponse([
        send({ status: 'QUEUED', created: '2026-11-24T05:00:00.000Z', sentBy: null }),
        send({ status: 'SENDING', created: '2026-11-24T04:30:00.000Z' }),
        send({
          status: 'FAILED',
          to: 'old@obrien.example',
          created: '2026-11-24T04:20:00.000Z',
          lastError: '550 5.1.1 Mailbox unavailable',
        }),
        send({ subject: 'Your invoice', created: '2026-11-24T04:10:00.000Z' }),
      ]),
    );

    const list = await screen.findByRole('list', { name: 'Emails' });
    expect(screen.getByRole('heading', { level: 2, name: 'Emails' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Invoice 12 from Harbourside PlumbingWaiting to sendTo accounts@obrien.example · 24 Nov 2026, 4:00 pm',
      'Invoice 12 from Harbourside PlumbingSendingTo accounts@obrien.example · 24 Nov 2026, 3:30 pm · by Dana Demo',
      'Invoice 12 from Harbourside PlumbingFailedTo old@obrien.example · 24 Nov 2026, 3:20 pm · by Dana Demo' +
        '550 5.1.1 Mailbox unavailable',
      'Your invoiceSentTo accounts@obrien.example · 24 Nov 2026, 3:10 pm · by Dana Demo',
    ]);
    expect(api.paths()).toContain(`/sales/invoices/${repair.id}/emails`);
  });

  it("says 'Not emailed yet.' for an invoice never emailed", async () => {
    serve(() => jsonResponse([]));

    expect(await screen.findByText('Not emailed yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Emails' })).not.toBeInTheDocument();
  });

  it('says so when the sends cannot be loaded, and still shows the invoice', async () => {
    serve(() => errorResponse('FORBIDDEN', 'Forbidden.'));

    expect(
      await screen.findByText('Insufficient permissions. Please contact your administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice 12' })).toBeInTheDocument();
  });
});
