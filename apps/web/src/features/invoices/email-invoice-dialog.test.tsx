import {
  apiMessages,
  type Invoice,
  type InvoiceEmail,
  type InvoiceEmailDraft,
  invoiceEmailMessages,
  teamMessages,
} from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NETWORK_FAILURE } from '../../lib/api-client';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { invoice } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { invoiceRoutes } from './routes';

const api = installFakeApi();

const draft: InvoiceEmailDraft = {
  to: 'accounts@obrien.example',
  subject: 'Invoice 12 from Harbourside Plumbing',
  message:
    "Hello O'Brien & Sons Plumbing,\n\nPlease find attached invoice 12 for $185.00, due on 7 Dec 2026.\n\n" +
    'Thank you for your business.\nHarbourside Plumbing',
};

const DOCUMENT_FAILED =
  'The invoice template "Tax invoice" failed on this invoice (Line 3: cannot access fields on type none). ' +
  'Fix it, or choose another default template, in Settings > Templates.';

/**
 * The server of one draft invoice, 12: its email draft (`draftAnswer`), its sends, and POST …/emails answered by
 * `post`, by default as the server does: the send recorded, waiting for the mail server, and the invoice Sent.
 */
function serve({
  draftAnswer = () => jsonResponse(draft),
  post,
  mailConfigured = true,
}: {
  draftAnswer?: () => Response | Promise<Response>;
  post?: (request: RecordedRequest) => Response | Promise<Response>;
  /** Whether the server has a mail server (GET /mail). */
  mailConfigured?: boolean;
} = {}) {
  const state: { invoice: Invoice; sends: InvoiceEmail[] } = {
    invoice: invoice({ number: 12, status: 'OPEN_DRAFT', total: '185.00' }),
    sends: [],
  };
  const base = `/sales/invoices/${state.invoice.id}`;
  const send = (request: RecordedRequest) => {
    const fields = request.body as { to: string; subject: string };
    const record: InvoiceEmail = {
      id: crypto.randomUUID(),
      kind: 'INVOICE',
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
    state.invoice = { ...state.invoice, status: 'OPEN_SENT' };
    return jsonResponse(record, { status: 201 });
  };
  api.handle = (request) => {
    if (request.path === '/mail')
      return jsonResponse({ configured: mailConfigured, from: 'Fieldbook <no-reply@fieldbook.example>' });
    if (request.path === `${base}/email-draft`) return draftAnswer();
    if (request.path === `${base}/emails`) {
      if (request.method === 'POST') return (post ?? send)(request);
      return jsonResponse(state.sends);
    }
    if (request.path === `${base}/payments`) return jsonResponse([]);
    if (request.path === base) return jsonResponse(state.invoice);
    return errorResponse('NOT_FOUND', apiMessages.notFound('invoice'));
  };
  renderRoutes(invoiceRoutes, { route: `/sales/invoices/${state.invoice.id}` });
  return { state, base, send, user: userEvent.setup() };
}

/** Opens the dialog from the viewer's Email button and waits for the draft. */
async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Email' }));
  const dialog = screen.getByRole('dialog', { name: 'Email invoice 12' });
  await within(dialog).findByLabelText(/^To/);
  return dialog;
}

const posts = () => api.requests.filter((request) => request.method === 'POST');

describe('Email invoice', () => {
  it('with no mail server, says the email waits in the Outbox rather than that it was emailed', async () => {
    const { user } = serve({ mailConfigured: false });
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Invoice 12 is ready to go to accounts@obrien.example. No mail server is set up, so the email waits in the Outbox.',
      ),
    ).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

  it('opens with the draft: the billing address, the subject, the message and the PDF it attaches', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { base, user } = serve({
      draftAnswer: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });

    await user.click(await screen.findByRole('button', { name: 'Email' }));
    const dialog = screen.getByRole('dialog', { name: 'Email invoice 12' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading...');
    expect(within(dialog).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    answer(jsonResponse(draft));

    const to = await within(dialog).findByLabelText(/^To/);
    expect(to).toHaveValue('accounts@obrien.example');
    expect(to).toHaveFocus();
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue(draft.subject);
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue(draft.message);
    expect(within(dialog).getByText('The invoice PDF will be attached: invoice-12.pdf')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(api.paths()).toContain(`${base}/email-draft`);

    // Escape cancels: nothing is sent, and the keyboard is back on Email.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Email' })).toHaveFocus());
    expect(posts()).toEqual([]);
  });

  it('starts with an empty address when the customer has no billing email, and loads the draft afresh each time', async () => {
    let drafts = 0;
    const { base, user } = serve({
      draftAnswer: () => {
        drafts += 1;
        return jsonResponse({ ...draft, to: null, subject: `Draft ${drafts}` });
      },
    });

    const dialog = await openDialog(user);
    expect(within(dialog).getByLabelText(/^To/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Draft 1');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const again = await openDialog(user);
    expect(within(again).getByLabelText(/^Subject/)).toHaveValue('Draft 2');
    expect(api.paths().filter((path) => path === `${base}/email-draft`)).toHaveLength(2);
  });

  it('sends exactly what the dialog shows with an Idempotency-Key, says so, and shows the invoice Sent with its send', async () => {
    let answer: (response: Response) => void = () => undefined;
    const server = serve({
      post: (request) =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }).then(() => server.send(request)),
    });
    const { base, user } = server;

    expect(await screen.findByText('Not emailed yet.')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Status Draft' })).toBeInTheDocument();
    const dialog = await openDialog(user);
    const to = within(dialog).getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '  Accounts@OBrien.example ');
    await user.type(within(dialog).getByLabelText(/^Message/), '\nPS: thanks for the coffee.');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    const [post] = posts();
    expect(post?.path).toBe(`${base}/emails`);
    expect(post?.body).toEqual({
      kind: 'INVOICE',
      to: 'Accounts@OBrien.example',
      subject: draft.subject,
      message: `${draft.message}\nPS: thanks for the coffee.`,
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    answer(new Response());

    expect(await screen.findByText('Invoice 12 emailed to Accounts@OBrien.example.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The invoice and its sends, loaded again after the send.
    expect(await screen.findByRole('row', { name: 'Status Sent' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Emails' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(
      'Invoice 12 from Harbourside PlumbingWaiting to sendTo Accounts@OBrien.example',
    );
    expect(api.paths().filter((path) => path === base)).toHaveLength(2);
    expect(screen.queryByText('Not emailed yet.')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Email' })).toHaveFocus());

    // A second send is a new submission: a new key, though the text is the same.
    const second = await openDialog(user);
    await user.click(within(second).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(posts()).toHaveLength(2));
    answer(new Response());
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posts()[1]?.headers.get('Idempotency-Key')).not.toBe(post?.headers.get('Idempotency-Key'));
  });

  it("checks the address in the browser, and shows the server's refusal of one on its field", async () => {
    const { user } = serve({
      post: () =>
        errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
          { field: 'to', message: teamMessages.email },
        ]),
    });

    const dialog = await openDialog(user);
    const to = within(dialog).getByLabelText(/^To/);
    const subject = within(dialog).getByLabelText(/^Subject/);
    await user.clear(to);
    await user.type(to, 'accounts at obrien');
    await user.clear(subject);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(to).toHaveAccessibleDescription(expect.stringContaining(teamMessages.email));
    expect(subject).toHaveAccessibleDescription(expect.stringContaining(invoiceEmailMessages.subject));
    expect(to).toHaveFocus();
    expect(posts()).toEqual([]);

    // One the browser takes and the server refuses.
    await user.clear(to);
    await user.type(to, 'accounts@obrien.invalid');
    await user.type(subject, 'Invoice 12');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([teamMessages.email]);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription(expect.stringContaining(teamMessages.email));
    expect(to).toHaveFocus();
    expect(to).toHaveValue('accounts@obrien.invalid');
    expect(screen.queryByText(/emailed to/)).not.toBeInTheDocument();
  });

  it('keeps the dialog and what was typed when the send fails, and Retry sends the same key again', async () => {
    let answer: (request: RecordedRequest) => Response = () =>
      errorResponse('DOCUMENT_FAILED', DOCUMENT_FAILED);
    const server = serve({ post: (request) => answer(request) });
    const { user } = server;

    const dialog = await openDialog(user);
    await user.clear(within(dialog).getByLabelText(/^Subject/));
    await user.type(within(dialog).getByLabelText(/^Subject/), 'Your invoice');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(`Not sent: what you typed is still here${DOCUMENT_FAILED}`);
    // A refusal would come back the same: no Retry.
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Your invoice');
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue(draft.message);
    expect(within(dialog).getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveFocus();
    expect(screen.getByRole('row', { name: 'Status Draft' })).toBeInTheDocument();

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(NETWORK_FAILURE));
    // No answer: the email may have gone into the outbox, so the alert claims neither way.
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'No answer: it may or may not have been sent. What you typed is still here.',
    );
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('Not sent');
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue('Your invoice');

    answer = server.send;
    await user.click(within(within(dialog).getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Invoice 12 emailed to accounts@obrien.example.')).toBeInTheDocument();
    const keys = posts().map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    // The text did not change between the tries: one submission, one key, so at most one email.
    expect(new Set(keys).size).toBe(1);
  });

  it('says so when the draft cannot be loaded, and offers Retry and Cancel', async () => {
    let online = false;
    const { user } = serve({
      draftAnswer: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return jsonResponse(draft);
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Email' }));
    const dialog = screen.getByRole('dialog', { name: 'Email invoice 12' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(NETWORK_FAILURE);
    expect(
      within(dialog).getByText('The email could not be prepared, so nothing was sent.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();

    online = true;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByLabelText(/^To/)).toHaveValue(draft.to);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts()).toEqual([]);
  });
});
