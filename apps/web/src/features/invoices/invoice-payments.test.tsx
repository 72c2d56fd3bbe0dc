import {
  amountDue,
  apiMessages,
  type Invoice,
  type Payment,
  type PaymentFields,
  paymentMessages,
  statusAfterPayments,
  sumOfAmounts,
} from '@fieldbook/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/stale-save';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { invoice, membership, payment } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { invoiceRoutes } from './routes';

const api = installFakeApi();

/** Invoice 12, Sent, $185.00; `paid` its payments. */
function sentInvoice(paid: Payment[] = [], overrides: Partial<Invoice> = {}): Invoice {
  const amountPaid = sumOfAmounts(paid.map((each) => each.amount));
  return invoice({
    number: 12,
    status: 'OPEN_SENT',
    subtotal: '168.18',
    tax: '16.82',
    total: '185.00',
    amountPaid,
    amountDue: amountDue('185.00', amountPaid),
    ...overrides,
  });
}

/**
 * The server of one invoice and its payments, as the API keeps them: a payment write moves the invoice's amount
 * paid, amount due and status. `refuse` answers a write instead, when it gives an answer.
 */
function serve(
  start: Invoice,
  payments: Payment[] = [],
  refuse?: (request: RecordedRequest) => Response | undefined,
) {
  const state = { invoice: start, payments: [...payments], puts: 0 };
  const base = `/sales/invoices/${start.id}`;
  const settle = () => {
    const paid = sumOfAmounts(state.payments.map((each) => each.amount));
    const { total } = state.invoice;
    state.invoice = {
      ...state.invoice,
      amountPaid: paid,
      amountDue: amountDue(total, paid),
      status: statusAfterPayments(state.invoice.status, total, paid),
      updated: '2026-11-24T05:00:00.000Z',
    };
    const { id, number, status, amountPaid, amountDue: due, updated } = state.invoice;
    return { id, number, status, total, amountPaid, amountDue: due, updated };
  };
  api.handle = (request) => {
    const refused = request.method === 'GET' ? undefined : refuse?.(request);
    if (refused) return refused;
    if (request.path === `${base}/emails`) return jsonResponse([]);
    if (request.path === `${base}/payments`) {
      if (request.method === 'GET') return jsonResponse(state.payments);
      const added = payment({
        ...(request.body as PaymentFields),
        id: '00000000-0000-7000-8000-00000000f999',
      });
      state.payments.push(added);
      return jsonResponse({ ...added, invoice: settle() }, { status: 201 });
    }
    if (request.path.startsWith(`${base}/payments/`)) {
      const id = request.path.slice(`${base}/payments/`.length);
      if (request.method === 'DELETE') {
        state.payments = state.payments.filter((each) => each.id !== id);
        settle();
        return new Response(null, { status: 204 });
      }
      const { updated: _read, ...fields } = request.body as PaymentFields & { updated: string };
      state.payments = state.payments.map((each) => (each.id === id ? { ...each, ...fields } : each));
      const saved = state.payments.find((each) => each.id === id);
      return jsonResponse({ ...saved, invoice: settle() });
    }
    if (request.path === base) return jsonResponse(state.invoice);
    return errorResponse('NOT_FOUND', apiMessages.notFound('invoice'));
  };
  return state;
}

const deposit = payment({
  id: '00000000-0000-7000-8000-00000000f001',
  date: '2026-11-24',
  amount: '50.00',
  method: 'BANK_TRANSFER',
  reference: 'EFT 4471',
  note: 'Deposit before the work.',
  recordedBy: { name: 'Dana Demo' },
});

const paymentsTable = async () => within(await screen.findByRole('table', { name: 'Payments' }));

afterEach(() => {
  vi.useRealTimers();
});

/**
 * A Sent invoice's viewer in an organisation in Perth at 23 Nov 2026 14:00 UTC: 1 am on 24 Nov in Melbourne but
 * still 10 pm on 23 Nov in Perth, the organisation's today.
 */
function sentInPerthNearMidnight() {
  vi.useFakeTimers({ now: new Date('2026-11-23T14:00:00Z'), toFake: ['Date'] });
  const sent = sentInvoice();
  serve(sent);
  renderRoutes(invoiceRoutes, {
    route: `/sales/invoices/${sent.id}`,
    membership: membership({ timeZone: 'Australia/Perth' }),
  });
  return { sent, user: userEvent.setup() };
}

describe('Payments on the invoice viewer', () => {
  it('shows the amount paid and due under the totals, and each payment: date, method, reference, amount, note, who', async () => {
    const paid = sentInvoice([deposit]);
    serve(paid, [deposit]);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${paid.id}` });

    const table = await paymentsTable();
    expect(screen.getByRole('row', { name: 'Total $185.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount paid $50.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount due $135.00' })).toBeInTheDocument();
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date',
      'Method',
      'Reference',
      'Amount',
      'Note',
      'Recorded by',
      'Actions',
    ]);
    const [row] = table.getAllByRole('row').slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 6)
        .map((cell) => cell.textContent),
    ).toEqual([
      '24 Nov 2026',
      'Bank transfer',
      'EFT 4471',
      '$50.00',
      'Deposit before the work.',
      'Dana Demo',
    ]);
    expect(table.getByRole('button', { name: 'Edit payment of $50.00 on 24 Nov 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
    expect(api.paths()).toContain(`/sales/invoices/${paid.id}/payments`);
  });

  it('records a payment: today in the organisation’s zone and the amount due to start, sent with an Idempotency-Key; says so and shows it', async () => {
    const { sent, user } = sentInPerthNearMidnight();
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    expect(dialog.getByLabelText(/^Date/)).toHaveValue('2026-11-23');
    const amount = dialog.getByRole('textbox', { name: /^Amount/ });
    expect(amount).toHaveValue('185.00');
    expect(amount).toHaveAccessibleDescription('Amount due: $185.00');
    expect(dialog.getByRole('combobox', { name: /^Method/ })).toHaveValue('BANK_TRANSFER');

    await user.clear(amount);
    await user.type(amount, '100');
    await user.type(dialog.getByRole('textbox', { name: /^Reference/ }), 'EFT 5120');
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    expect(await screen.findByText('Payment of $100.00 recorded. $85.00 is still due.')).toBeInTheDocument();
    const [post] = api.requests.filter((request) => request.method === 'POST');
    expect(post?.path).toBe(`/sales/invoices/${sent.id}/payments`);
    expect(post?.body).toEqual({
      date: '2026-11-23',
      amount: '100.00',
      method: 'BANK_TRANSFER',
      reference: 'EFT 5120',
      note: null,
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect((await paymentsTable()).getByRole('cell', { name: 'EFT 5120' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Amount due $85.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount paid $100.00' })).toBeInTheDocument();
  });

  it('says the invoice is paid once the payments reach its total, and takes no more', async () => {
    const sent = sentInvoice();
    serve(sent);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Method/ }), 'CARD');
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    expect(await screen.findByText('Payment of $185.00 recorded. Invoice 12 is paid.')).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Status Paid' })).toBeInTheDocument();
    expect(screen.getByText('This invoice is paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({ method: 'CARD' });
  });

  it("shows the server's refusal on its field and keeps the dialog and what was typed", async () => {
    const sent = sentInvoice();
    serve(sent, [], (request) =>
      request.method === 'POST'
        ? errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
            { field: 'amount', message: paymentMessages.tooMuch('185.00') },
          ])
        : undefined,
    );
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    const amount = dialog.getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved: what you typed is still here');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(
      expect.stringContaining('This is more than the amount due: $185.00.'),
    );
    expect(amount).toHaveValue('200');
    expect(amount).toHaveFocus();
    expect(screen.queryByText(/recorded\./)).not.toBeInTheDocument();
  });

  it('claims nothing of a save that got no answer (it may have been recorded), keeps what was typed, and leaves the keyboard on Save payment', async () => {
    const sent = sentInvoice();
    serve(sent, [], (request) => {
      if (request.method === 'POST') throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    const reference = dialog.getByRole('textbox', { name: /^Reference/ });
    await user.type(reference, "O'Brien EFT 4417");
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(
      'No answer: it may or may not have been saved. What you typed is still here.',
    );
    expect(alert).not.toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent('could not be reached');
    expect(reference).toHaveValue("O'Brien EFT 4417");
    expect(dialog.getByRole('button', { name: 'Save payment' })).toHaveFocus();
  });

  it('checks the fields before sending', async () => {
    const sent = sentInvoice();
    serve(sent);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    const amount = dialog.getByRole('textbox', { name: /^Amount/ });
    await user.clear(amount);
    await user.type(amount, '0');
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    expect(await dialog.findByText(paymentMessages.amount)).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(api.paths('POST')).toEqual([]);
  });

  it('takes no date after today in the organisation’s zone: the calendar stops there, and a later date typed is refused before sending', async () => {
    const { user } = sentInPerthNearMidnight();

    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Record payment' }));
    const date = dialog.getByLabelText(/^Date/);
    expect(date).toHaveAttribute('max', '2026-11-23');
    fireEvent.change(date, { target: { value: '2026-11-24' } });
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    expect(
      await dialog.findByText('The payment date cannot be after today (23 Nov 2026).'),
    ).toBeInTheDocument();
    expect(date).toHaveFocus();
    expect(date).toHaveValue('2026-11-24');
    expect(api.paths('POST')).toEqual([]);
  });

  it('edits a payment in the same dialog, over the version read', async () => {
    const paid = sentInvoice([deposit]);
    serve(paid, [deposit]);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${paid.id}` });
    const user = userEvent.setup();

    await user.click(
      (await paymentsTable()).getByRole('button', { name: 'Edit payment of $50.00 on 24 Nov 2026' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit payment' }));
    expect(dialog.getByRole('textbox', { name: /^Amount/ })).toHaveValue('50.00');
    expect(dialog.getByRole('textbox', { name: /^Reference/ })).toHaveValue('EFT 4471');
    expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveValue('Deposit before the work.');
    await user.selectOptions(dialog.getByRole('combobox', { name: /^Method/ }), 'CASH');
    await user.clear(dialog.getByRole('textbox', { name: /^Amount/ }));
    await user.type(dialog.getByRole('textbox', { name: /^Amount/ }), '60');
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    expect(await screen.findByText('Payment of $60.00 saved. $125.00 is still due.')).toBeInTheDocument();
    const [put] = api.requests.filter((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/sales/invoices/${paid.id}/payments/${deposit.id}`);
    expect(put?.body).toEqual({
      date: '2026-11-24',
      amount: '60.00',
      method: 'CASH',
      reference: 'EFT 4471',
      note: 'Deposit before the work.',
      updated: deposit.updated,
    });
    expect((await paymentsTable()).getByRole('cell', { name: 'Cash' })).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: 'Amount due $125.00' })).toBeInTheDocument();
  });

  it('reads a payment saved by someone else again, keeps what was typed over it, and saves over the new version', async () => {
    const paid = sentInvoice([deposit]);
    const theirs = { ...deposit, reference: 'EFT 9999', updated: '2026-11-24T06:00:00.000Z' };
    let refused = false;
    const state = serve(paid, [deposit], (request) => {
      if (request.method !== 'PUT' || refused) return undefined;
      // A colleague saved the payment just before this save arrived.
      refused = true;
      state.payments = [theirs];
      return staleSaveResponse('payment');
    });
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${paid.id}` });
    const user = userEvent.setup();

    await user.click(
      (await paymentsTable()).getByRole('button', { name: 'Edit payment of $50.00 on 24 Nov 2026' }),
    );
    const dialog = within(screen.getByRole('dialog', { name: 'Edit payment' }));
    await user.type(dialog.getByRole('textbox', { name: 'Note' }), ' Paid early.');
    await user.click(dialog.getByRole('button', { name: 'Save payment' }));

    expect(await dialog.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Note' })).toHaveValue('Deposit before the work. Paid early.');
    expect(dialog.getByRole('textbox', { name: /^Reference/ })).toHaveValue('EFT 9999');

    await user.click(dialog.getByRole('button', { name: 'Save payment' }));
    expect(await screen.findByText('Payment of $50.00 saved. $135.00 is still due.')).toBeInTheDocument();
    const puts = api.requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({
      reference: 'EFT 9999',
      note: 'Deposit before the work. Paid early.',
      updated: theirs.updated,
    });
    // A new submission over the new version: not the refused one's key.
    expect(puts[1]?.headers.get('Idempotency-Key')).not.toBe(puts[0]?.headers.get('Idempotency-Key'));
  });

  it('deletes a payment after a question naming its amount and date; a Paid invoice is Sent again', async () => {
    const whole = payment({ ...deposit, amount: '185.00' });
    const paid = sentInvoice([whole], { status: 'CLOSED_PAID' });
    serve(paid, [whole]);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${paid.id}` });
    const user = userEvent.setup();
    expect(await screen.findByText('This invoice is paid.')).toBeInTheDocument();

    await user.click(
      (await paymentsTable()).getByRole('button', { name: 'Delete payment of $185.00 on 24 Nov 2026' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete the payment of $185.00 on 24 Nov 2026?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.paths('DELETE')).toEqual([]);

    await user.click(
      (await paymentsTable()).getByRole('button', { name: 'Delete payment of $185.00 on 24 Nov 2026' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete the payment of $185.00 on 24 Nov 2026?' })).getByRole(
        'button',
        { name: 'Delete payment' },
      ),
    );

    expect(await screen.findByText('Payment of $185.00 on 24 Nov 2026 deleted.')).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`/sales/invoices/${paid.id}/payments/${whole.id}`]);
    expect(await screen.findByText('No payments yet.')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Status Sent' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amount due $185.00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeInTheDocument();
  });

  it('says a refused delete left the payment as it was', async () => {
    const paid = sentInvoice([deposit]);
    serve(paid, [deposit], (request) =>
      request.method === 'DELETE' ? errorResponse('NOT_FOUND', apiMessages.notFound('payment')) : undefined,
    );
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${paid.id}` });
    const user = userEvent.setup();

    await user.click(
      (await paymentsTable()).getByRole('button', { name: 'Delete payment of $50.00 on 24 Nov 2026' }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete the payment of $50.00 on 24 Nov 2026?' })).getByRole(
        'button',
        { name: 'Delete payment' },
      ),
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment not deleted');
    expect(alert).toHaveTextContent('Payment not found.');
    expect(alert).toHaveTextContent('The payment is as it was.');
  });

  it('takes no payment on a draft, saying it must be sent first', async () => {
    const draft = invoice({ number: 12, total: '185.00' });
    serve(draft);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${draft.id}` });

    expect(
      await screen.findByText('This invoice is a draft: send it before recording a payment.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record payment' })).not.toBeInTheDocument();
  });

  it('marks an overdue invoice in words beside its status, by the date in the organisation’s zone', async () => {
    // 23 Nov 2026 14:00 UTC: already 24 Nov in Melbourne, still 23 Nov in Perth.
    vi.useFakeTimers({ now: new Date('2026-11-23T14:00:00Z'), toFake: ['Date'] });
    const late = sentInvoice([], { due: '2026-11-23' });
    serve(late);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${late.id}` });

    expect(await screen.findByRole('row', { name: 'Status Sent Overdue' })).toBeInTheDocument();
  });

  it('does not mark it overdue while its due date is still today in the organisation’s zone', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T14:00:00Z'), toFake: ['Date'] });
    const late = sentInvoice([], { due: '2026-11-23' });
    serve(late);
    renderRoutes(invoiceRoutes, {
      route: `/sales/invoices/${late.id}`,
      membership: membership({ timeZone: 'Australia/Perth' }),
    });

    expect(await screen.findByRole('row', { name: 'Status Sent' })).toBeInTheDocument();
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });
});
