import { calendarDateIn, DEFAULT_TIME_ZONE } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { customer } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { customerRoutes } from './routes';

const api = installFakeApi();

const acme = customer({ number: 42, name: 'Acme Plumbing', billingEmail: 'accounts@acme.example' });
/** The statement is as at today in the organisation's zone (the default zone here). */
const today = calendarDateIn(DEFAULT_TIME_ZONE);
const fileName = `statement-42-${today}.pdf`;
const base = `/customers/${acme.id}/statement`;

const draft = {
  to: 'accounts@acme.example',
  subject: `Statement from Harbourside Plumbing as at ${today}`,
  message: 'Hello Acme Plumbing,\n\nPlease find attached your statement. The total owing is $180.00.',
};

/** The customer's viewer, with its statement's PDF from `pdf` and its email's POST answered by `post`. */
function serve({
  pdf = () =>
    new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
      headers: { 'Content-Type': 'application/pdf' },
    }),
  post = (request: RecordedRequest) =>
    jsonResponse(
      { messageId: '00000000-0000-7000-8000-0000000000f1', ...(request.body as object), filename: fileName },
      { status: 201 },
    ),
  mailConfigured = true,
}: {
  pdf?: () => Response;
  post?: (request: RecordedRequest) => Response;
  mailConfigured?: boolean;
} = {}) {
  api.handle = (request) => {
    if (request.path.startsWith(`${base}?`)) return pdf();
    if (request.path.startsWith(`${base}/email-draft`)) return jsonResponse(draft);
    if (request.path === `${base}/emails`) return post(request);
    if (request.path === '/mail')
      return jsonResponse({ configured: mailConfigured, from: 'no-reply@example.test' });
    if (
      request.path.startsWith('/jobs') ||
      request.path.startsWith('/sales') ||
      request.path.startsWith('/locations')
    )
      return jsonResponse([], { total: 0 });
    return jsonResponse(acme);
  };
}

/** The files the page saves: each `<a download>` clicked (jsdom saves nothing). */
function captureDownloads() {
  const saved: string[] = [];
  Object.assign(URL, {
    createObjectURL: () => 'blob:http://localhost/file',
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function renderViewer() {
  renderRoutes(customerRoutes, { route: `/customers/${acme.id}` });
  return userEvent.setup();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the customer viewer, statement', () => {
  it('Statement downloads the statement as at today as statement-{number}-{date}.pdf', async () => {
    serve();
    const saved = captureDownloads();
    const user = renderViewer();

    await user.click(await screen.findByRole('button', { name: 'Statement' }));

    await vi.waitFor(() => expect(saved).toEqual([fileName]));
    const [request] = api.requests.filter((sent) => sent.path.startsWith(`${base}?`));
    expect(request?.path).toBe(`${base}?asAt=${today}`);
    expect(request?.headers.get('Accept')).toContain('application/pdf');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("says why a statement could not be made (the server's 422)", async () => {
    const failed =
      'The statement template "Statement" failed on this statement (Line 3: unknown variable: st2).';
    serve({ pdf: () => errorResponse('DOCUMENT_FAILED', failed) });
    const saved = captureDownloads();
    const user = renderViewer();

    await user.click(await screen.findByRole('button', { name: 'Statement' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(failed);
    expect(saved).toEqual([]);
  });

  it('Email statement starts from the draft, sends it with an Idempotency-Key and the date, and says so', async () => {
    serve();
    const user = renderViewer();

    await user.click(await screen.findByRole('button', { name: 'Email statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email statement to Acme Plumbing' });
    expect(await within(dialog).findByLabelText(/^To/)).toHaveValue(draft.to);
    expect(within(dialog).getByLabelText(/^Subject/)).toHaveValue(draft.subject);
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue(draft.message);
    expect(within(dialog).getByText(`The statement PDF will be attached: ${fileName}`)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^To/));
    await user.type(within(dialog).getByLabelText(/^To/), 'ap@acme.example');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('Statement emailed to ap@acme.example.')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = api.requests.filter((request) => request.method === 'POST');
    expect(post?.path).toBe(`${base}/emails`);
    expect(post?.body).toEqual({ ...draft, to: 'ap@acme.example', asAt: today });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says the email waits in the Outbox when no mail server is set up', async () => {
    serve({ mailConfigured: false });
    const user = renderViewer();

    await user.click(await screen.findByRole('button', { name: 'Email statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email statement to Acme Plumbing' });
    await within(dialog).findByDisplayValue(draft.subject);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    expect(
      await screen.findByText(
        'The statement is ready to go to accounts@acme.example. No mail server is set up, so the email waits in the Outbox.',
      ),
    ).toBeInTheDocument();
  });

  it('keeps the dialog and what was typed when the send fails, and says nothing was sent', async () => {
    serve({
      post: () =>
        errorResponse('DOCUMENT_FAILED', 'The statement template "Statement" failed on this statement.'),
    });
    const user = renderViewer();

    await user.click(await screen.findByRole('button', { name: 'Email statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email statement to Acme Plumbing' });
    const message = await within(dialog).findByLabelText(/^Message/);
    await user.type(message, ' Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: what you typed is still here');
    expect(alert).toHaveTextContent('The statement template "Statement" failed on this statement.');
    expect(within(dialog).getByLabelText(/^Message/)).toHaveValue(`${draft.message} Thanks!`);
  });
});
