import { apiMessages, type Invoice, type InvoiceEmail, type InvoiceEmailDraft } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { invoice } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { invoiceRoutes } from './routes';

const api = installFakeApi();

const reminderDraft: InvoiceEmailDraft = {
  to: 'accounts@obrien.example',
  subject: 'Reminder: invoice 12 from Harbourside Plumbing is overdue',
  message: 'Hello,\n\nInvoice 12 for $185.00 was due on 10 January 2020. The amount still owing is $185.00.',
};

/** The server of invoice 12 as `overrides` make it, its reminder draft and sends; POST …/emails records one. */
function serve(overrides: Partial<Invoice>) {
  const state = {
    invoice: invoice({ number: 12, total: '185.00', ...overrides }),
    sends: [] as InvoiceEmail[],
  };
  const base = `/sales/invoices/${state.invoice.id}`;
  api.handle = (request: RecordedRequest) => {
    if (request.path === '/mail')
      return jsonResponse({ configured: true, from: 'Fieldbook <no-reply@fieldbook.example>' });
    if (request.path === `${base}/email-draft?kind=reminder`) return jsonResponse(reminderDraft);
    if (request.path === `${base}/emails`) {
      if (request.method !== 'POST') return jsonResponse(state.sends);
      const fields = request.body as { to: string; subject: string };
      const record: InvoiceEmail = {
        id: crypto.randomUUID(),
        kind: 'REMINDER',
        reminderStep: null,
        to: fields.to,
        subject: fields.subject,
        sentBy: 'Dana Demo',
        created: '2026-11-24T04:10:00.000Z',
        status: 'QUEUED',
        lastError: null,
        messageId: crypto.randomUUID(),
      };
      state.sends = [record, ...state.sends];
      return jsonResponse(record, { status: 201 });
    }
    if (request.path === `${base}/payments`) return jsonResponse([]);
    if (request.path === base) return jsonResponse(state.invoice);
    return errorResponse('NOT_FOUND', apiMessages.notFound('invoice'));
  };
  renderRoutes(invoiceRoutes, { route: `/sales/invoices/${state.invoice.id}` });
  return { base, state, user: userEvent.setup() };
}

describe('Send reminder', () => {
  it('is offered only for an overdue invoice: Sent, past its due date, with an amount due', async () => {
    serve({ status: 'OPEN_SENT', due: '2099-12-31' });
    expect(await screen.findByRole('button', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
  });

  it('is not offered for a Draft, even past its due date', async () => {
    serve({ status: 'OPEN_DRAFT', due: '2020-01-10' });
    expect(await screen.findByRole('button', { name: 'Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send reminder' })).not.toBeInTheDocument();
  });

  it("opens the email dialog with the reminder's texts, sends it as a reminder and lists it", async () => {
    const { base, user } = serve({ status: 'OPEN_SENT', due: '2020-01-10' });
    await user.click(await screen.findByRole('button', { name: 'Send reminder' }));
    const dialog = screen.getByRole('dialog', { name: 'Send a payment reminder for invoice 12' });
    expect(await within(dialog).findByLabelText(/^To/)).toHaveValue('accounts@obrien.example');
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue(reminderDraft.subject);
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue(reminderDraft.message);
    expect(within(dialog).getByText('The invoice PDF will be attached: invoice-12.pdf')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('The reminder for invoice 12 emailed to accounts@obrien.example.'),
    ).toBeInTheDocument();
    const [post] = api.requests.filter((request) => request.method === 'POST');
    expect(post?.path).toBe(`${base}/emails`);
    expect(post?.body).toEqual({
      kind: 'REMINDER',
      to: 'accounts@obrien.example',
      subject: reminderDraft.subject,
      message: reminderDraft.message,
    });
    const list = await screen.findByRole('list', { name: 'Emails' });
    expect(
      await within(list).findByText(/^Payment reminder · To accounts@obrien.example/),
    ).toBeInTheDocument();
  });
});

describe('Emails, with reminders', () => {
  it('labels a reminder a member sent and an automatic one with its step', async () => {
    const sent = (overrides: Partial<InvoiceEmail>): InvoiceEmail => ({
      id: crypto.randomUUID(),
      kind: 'REMINDER',
      reminderStep: null,
      to: 'accounts@obrien.example',
      subject: 'Reminder',
      sentBy: 'Dana Demo',
      created: '2026-11-24T04:10:00.000Z',
      status: 'SENT',
      lastError: null,
      messageId: crypto.randomUUID(),
      ...overrides,
    });
    const { state } = serve({ status: 'OPEN_SENT', due: '2020-01-10' });
    state.sends = [
      sent({ reminderStep: 21, sentBy: null }),
      sent({}),
      sent({ kind: 'INVOICE', subject: 'Invoice' }),
    ];
    const list = await screen.findByRole('list', { name: 'Emails' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'ReminderSentAutomatic payment reminder (21 days overdue) · To accounts@obrien.example · 24 Nov 2026, 3:10 pm',
      'ReminderSentPayment reminder · To accounts@obrien.example · 24 Nov 2026, 3:10 pm · by Dana Demo',
      'InvoiceSentTo accounts@obrien.example · 24 Nov 2026, 3:10 pm · by Dana Demo',
    ]);
  });
});
