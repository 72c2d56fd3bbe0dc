import { apiMessages, resendMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { outboxMessage } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { outboxRoutes } from './routes';

const api = installFakeApi();

const NOT_SENT =
  'This Fieldbook has no mail server set up, so emails are kept here and not sent: each is exactly what would have been sent. Whoever runs Fieldbook can set one up (its SMTP_URL setting).';

/**
 * The mail status and the outbox as the server has them. A resend queues a failed message again; `refuseResend`
 * answers it as a server that found the message already sent meanwhile.
 */
function serve(messages = [outboxMessage()], configured = false, { refuseResend = false } = {}) {
  api.handle = (request) => {
    if (request.path === '/mail') return jsonResponse({ configured, from: 'no-reply@fieldbook.app' });
    if (request.method === 'POST') {
      const index = messages.findIndex((candidate) => request.path === `/outbox/${candidate.id}/resend`);
      const failed = messages[index];
      if (!failed) return errorResponse('NOT_FOUND', apiMessages.notFound('message'));
      if (refuseResend) return errorResponse('CONFLICT', resendMessages.notFailed('SENT'));
      messages[index] = { ...failed, status: 'QUEUED', attempts: 0, lastError: null };
      return jsonResponse(messages[index]);
    }
    if (request.path.startsWith('/outbox?')) return jsonResponse(messages, { total: messages.length });
    const message = messages.find((candidate) => request.path === `/outbox/${candidate.id}`);
    if (message) return jsonResponse(message);
    if (request.path.includes('/attachments/')) {
      return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
        headers: { 'Content-Type': 'application/pdf' },
      });
    }
    return errorResponse('NOT_FOUND', apiMessages.notFound('message'));
  };
}

describe('OutboxPage', () => {
  it('says that nothing is sent without a mail server, and lists the messages newest first', async () => {
    const invoice = outboxMessage();
    const refused = outboxMessage({
      kind: 'INVITATION',
      to: 'kim@example.com.au',
      subject: 'Join Acme Plumbing on Fieldbook',
      status: 'FAILED',
      attempts: 5,
      lastError: '550 5.1.1 Mailbox unavailable',
      attachments: [],
    });
    serve([invoice, refused]);
    renderRoutes(outboxRoutes, { route: '/settings/outbox' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeInTheDocument();
    expect(await screen.findByText(NOT_SENT)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Outbox' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Created', 'To', 'Subject', 'Kind', 'Status', 'Sent']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'Invoice 12 from Acme Plumbing',
      'Join Acme Plumbing on Fieldbook',
    ]);
    expect(rows[0]).toHaveTextContent('Waiting to send');
    expect(within(rows[1] as HTMLElement).getAllByRole('cell')[4]).toHaveTextContent(
      'Failed550 5.1.1 Mailbox unavailable',
    );
    expect(within(table).getByRole('link', { name: 'Invoice 12 from Acme Plumbing' })).toHaveAttribute(
      'href',
      `/settings/outbox/${invoice.id}`,
    );
    expect(api.paths()).toEqual(['/mail', '/outbox?q=*&p=1&s=20']);
  });

  it('resends a failed message, says it is queued to send again, and shows it waiting', async () => {
    const sent = outboxMessage({ status: 'SENT', attempts: 1, sent: '2026-11-23T23:01:00.000Z' });
    const refused = outboxMessage({
      to: 'kim@example.com.au',
      status: 'FAILED',
      attempts: 6,
      lastError: '550 5.1.1 Mailbox unavailable',
    });
    serve([sent, refused], true);
    renderRoutes(outboxRoutes, { route: '/settings/outbox' });
    const user = userEvent.setup();

    const table = await screen.findByRole('table', { name: 'Outbox' });
    // Only the failed message offers it.
    expect(within(table).getAllByRole('button', { name: /^Resend/ })).toHaveLength(1);
    await user.click(
      within(table).getByRole('button', {
        name: 'Resend the email to kim@example.com.au: Invoice 12 from Acme Plumbing',
      }),
    );

    expect(
      await screen.findByText('The email to kim@example.com.au is queued to send again.'),
    ).toBeInTheDocument();
    expect(api.paths('POST')).toEqual([`/outbox/${refused.id}/resend`]);
    // The list is read again: the message waits to be sent, and Resend is gone.
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Outbox' })).getAllByRole('row')[2]).toHaveTextContent(
        'Waiting to send',
      ),
    );
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
  });

  it('says why a resend was refused, and that nothing changed', async () => {
    const refused = outboxMessage({ status: 'FAILED', attempts: 6, lastError: '550 Mailbox unavailable' });
    serve([refused], true, { refuseResend: true });
    renderRoutes(outboxRoutes, { route: '/settings/outbox' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Resend/ }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The message was not resent');
    expect(alert).toHaveTextContent(
      'Only a message that failed can be sent again: this one has been sent. Nothing was changed.',
    );
    expect(screen.queryByText(/queued to send again/)).not.toBeInTheDocument();
  });

  it('says nothing about the mail server when one is set up', async () => {
    serve([outboxMessage({ status: 'SENT', attempts: 1, sent: '2026-11-23T23:01:00.000Z' })], true);
    renderRoutes(outboxRoutes, { route: '/settings/outbox' });

    expect(await screen.findByRole('table', { name: 'Outbox' })).toHaveTextContent('Sent');
    expect(screen.queryByText(NOT_SENT)).not.toBeInTheDocument();
  });
});

describe('OutboxMessagePage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the message as it would have been sent, and downloads its attachment', async () => {
    const invoice = outboxMessage();
    serve([invoice]);
    Object.assign(URL, {
      createObjectURL: () => 'blob:http://localhost/invoice-12',
      revokeObjectURL: () => undefined,
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderRoutes(outboxRoutes, { route: `/settings/outbox/${invoice.id}` });
    const user = userEvent.setup();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice 12 from Acme Plumbing' }),
    ).toBeInTheDocument();
    expect(await screen.findByText(NOT_SENT)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'To accounts@obrien.example.com.au' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Status Waiting to send' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Attempts 0' })).toBeInTheDocument();
    const body = screen.getByText(/Please find attached invoice 12/);
    expect(body).toHaveStyle({ whiteSpace: 'pre-wrap' });
    expect(body.textContent).toBe(invoice.text);

    await user.click(screen.getByRole('button', { name: 'invoice-12.pdf (24 KB)' }));

    await vi.waitFor(() => expect(names).toEqual(['invoice-12.pdf']));
    expect(api.paths()).toContain(`/outbox/${invoice.id}/attachments/0`);
  });

  it("shows a failed message's last error", async () => {
    const refused = outboxMessage({ status: 'FAILED', attempts: 5, lastError: '550 Mailbox unavailable' });
    serve([refused], true);
    renderRoutes(outboxRoutes, { route: `/settings/outbox/${refused.id}` });

    expect(
      await screen.findByRole('row', { name: 'Last error 550 Mailbox unavailable' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Status Failed' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Attempts 5' })).toBeInTheDocument();
  });

  it('resends a failed message from its viewer; a message that did not fail has no Resend', async () => {
    const refused = outboxMessage({ status: 'FAILED', attempts: 6, lastError: '550 Mailbox unavailable' });
    serve([refused], true);
    renderRoutes(outboxRoutes, { route: `/settings/outbox/${refused.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Resend' }));

    expect(
      await screen.findByText('The email to accounts@obrien.example.com.au is queued to send again.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Status Waiting to send' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Attempts 0' })).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /^Last error/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });

  it('says when the message is not there', async () => {
    serve([]);
    renderRoutes(outboxRoutes, { route: '/settings/outbox/00000000-0000-7000-8000-000000000999' });

    expect(await screen.findByRole('alert')).toHaveTextContent(apiMessages.notFound('message'));
  });
});
