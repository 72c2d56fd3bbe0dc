import { type Invoice, invoiceMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_FAILURE } from '../../lib/api-client';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { invoice as invoiceRecord, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { CustomerInvoicesPanel } from './customer-invoices-panel';
import { invoiceRoutes } from './routes';

const api = installFakeApi();

const gst = { id: '00000000-0000-7000-8000-00000000a001', name: 'GST', rate: '10' };
const customerId = '00000000-0000-7000-8000-00000000c001';
const acme = { id: customerId, name: "O'Brien & Sons Plumbing" };

/** An invoice of the one customer these tests use. */
const invoice = (overrides: Partial<Invoice> = {}) => invoiceRecord({ customer: acme, ...overrides });

afterEach(() => {
  vi.useRealTimers();
});

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('InvoiceSearchPage', () => {
  it('leads the Office to the aged receivables, under the heading', async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(invoiceRoutes, { route: '/sales/invoices', membership: membership({ role: 'OFFICE' }) });

    expect(await screen.findByRole('link', { name: 'Aged receivables' })).toHaveAttribute(
      'href',
      '/reports/receivables',
    );
  });

  it('offers no aged receivables while the role loads', async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(invoiceRoutes, { route: '/sales/invoices', membership: null });

    expect(await screen.findByText('No invoices found.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Aged receivables' })).not.toBeInTheDocument();
  });

  it('lists the columns of the specification, 10 to a page: statuses by name, dates, money and amount due', async () => {
    const sent = invoice({ number: 12, reference: 'PO 7731', status: 'OPEN_SENT', total: '1234.5' });
    const paid = invoice({
      number: 11,
      status: 'CLOSED_PAID',
      date: '2026-11-01',
      due: '2026-11-15',
      total: '85.00',
      amountPaid: '85.00',
    });
    api.handle = () => jsonResponse([sent, paid], { total: 2 });
    renderRoutes(invoiceRoutes, { route: '/sales/invoices' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Invoice', 'Reference', 'Customer', 'Status', 'Date', 'Due', 'Amount', 'Amount due']);
    expect(cells(within(table).getByRole('link', { name: '12' }).closest('tr') as HTMLElement)).toEqual([
      '12',
      'PO 7731',
      "O'Brien & Sons Plumbing",
      'Sent',
      '23 Nov 2026',
      '7 Dec 2026',
      '$1,234.50',
      '$1,234.50',
    ]);
    expect(cells(within(table).getByRole('link', { name: '11' }).closest('tr') as HTMLElement)).toEqual([
      '11',
      '',
      "O'Brien & Sons Plumbing",
      'Paid',
      '1 Nov 2026',
      '15 Nov 2026',
      '$85.00',
      '$0.00',
    ]);
    expect(within(table).getByRole('link', { name: '12' })).toHaveAttribute(
      'href',
      `/sales/invoices/${sent.id}`,
    );
    expect(api.paths()).toEqual(['/sales/invoices?q=*&p=1&s=10']);
    expect(screen.getByRole('link', { name: 'New invoice' })).toHaveAttribute('href', '/sales/invoices/new');
  });

  it('shows what is still due, and marks an overdue invoice in words beside its status', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T01:00:00Z'), toFake: ['Date'] });
    const late = invoice({
      number: 14,
      status: 'OPEN_SENT',
      due: '2026-11-20',
      total: '185.00',
      amountPaid: '50.00',
    });
    const notYet = invoice({ number: 15, status: 'OPEN_SENT', due: '2026-11-24', total: '99.00' });
    const paidLate = invoice({
      number: 16,
      status: 'CLOSED_PAID',
      due: '2026-11-20',
      total: '99.00',
      amountPaid: '99.00',
    });
    api.handle = () => jsonResponse([late, notYet, paidLate], { total: 3 });
    renderRoutes(invoiceRoutes, { route: '/sales/invoices' });

    const table = await screen.findByRole('table', { name: 'Invoices' });
    const row = (number: string) =>
      cells(within(table).getByRole('link', { name: number }).closest('tr') as HTMLElement);
    expect(row('14')).toEqual([
      '14',
      '',
      "O'Brien & Sons Plumbing",
      'Sent Overdue',
      '23 Nov 2026',
      '20 Nov 2026',
      '$185.00',
      '$135.00',
    ]);
    expect(row('15')[3]).toBe('Sent');
    expect(row('16')[3]).toBe('Paid');
    expect(within(table).getAllByText('Overdue')).toHaveLength(1);
  });

  it("says 'No invoices found.' when nothing matches, and a search sends q", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(invoiceRoutes, { route: '/sales/invoices/search' });
    const user = userEvent.setup();

    expect(await screen.findByText('No invoices found.')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.clear(box);
    await user.type(box, 'status:OPEN_SENT{Enter}');

    await vi.waitFor(() => expect(api.paths().at(-1)).toBe('/sales/invoices?q=status:OPEN_SENT&p=1&s=10'));
    await screen.findByText('No invoices found.');
  });

  it('says only why when the list is forbidden: no New invoice, no search', async () => {
    api.handle = () => errorResponse('FORBIDDEN', 'Forbidden.');
    renderRoutes(invoiceRoutes, { route: '/sales/invoices/search' });

    expect(
      await screen.findByText('Insufficient permissions. Please contact your administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});

/** The fake server of one invoice, never emailed or paid: GET answers it; DELETE answers `onDelete`. */
function serveInvoice(current: Invoice, onDelete = () => new Response(null, { status: 204 })) {
  api.handle = (request) => {
    if (request.method === 'DELETE') return onDelete();
    if (request.path.startsWith('/sales/invoices?')) return jsonResponse([], { total: 0 });
    if (request.path.endsWith('/emails') || request.path.endsWith('/payments')) return jsonResponse([]);
    return jsonResponse(current);
  };
}

describe('InvoiceViewPage', () => {
  it('shows the invoice, its lines with their tax rates, and the totals as the API gave them', async () => {
    const repair = invoice({
      number: 12,
      reference: 'Leaking tap',
      status: 'OPEN_SENT',
      amountsEnteredIncludeTax: true,
      lineItems: [
        {
          code: 'LAB-HR',
          description: 'Labour, per hour',
          quantity: '1.5',
          price: '110',
          taxRate: gst,
          amount: '165.00',
        },
        { code: null, description: 'Disposal', quantity: null, price: null, taxRate: null, amount: '20.00' },
      ],
      subtotal: '185.00',
      tax: '15.00',
      total: '185.00',
    });
    serveInvoice(repair);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${repair.id}` });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invoice 12: Leaking tap' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Sales', 'Invoices']);
    expect(screen.getByRole('link', { name: "O'Brien & Sons Plumbing" })).toHaveAttribute(
      'href',
      `/customers/${customerId}`,
    );
    expect(screen.getByRole('row', { name: 'Status Sent' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Date 23 Nov 2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Due date 7 Dec 2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Amounts Amounts include tax' })).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Line items' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Description', 'Quantity', 'Price', 'Tax rate', 'Amount']);
    expect(
      within(lines).getByRole('row', { name: 'Labour, per hour 1.5 $110.00 GST $165.00' }),
    ).toBeInTheDocument();
    expect(within(lines).getByRole('row', { name: 'Disposal $20.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Subtotal $185.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Tax $15.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Total $185.00' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/sales/invoices/${repair.id}/edit`,
    );
  });

  it('deletes a draft after a question naming it, and returns to the list with a notice', async () => {
    const draft = invoice({ number: 12 });
    serveInvoice(draft);
    const { router } = renderRoutes(invoiceRoutes, { route: `/sales/invoices/${draft.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete invoice 12?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete invoice' }));

    expect(await screen.findByText('Invoice 12 deleted.')).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`/sales/invoices/${draft.id}`]);
    expect(router.state.location.pathname).toBe('/sales/invoices/search');
  });

  it("shows the server's 409 on deleting a sent invoice, which stays", async () => {
    const sent = invoice({ number: 13, status: 'OPEN_SENT' });
    serveInvoice(sent, () => errorResponse('CONFLICT', invoiceMessages.onlyDraftsDeleted));
    const { router } = renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete invoice' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete invoice 13?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete invoice' }));

    expect(
      await screen.findByText(
        'Only a draft invoice can be deleted. Cancel this invoice instead: an issued tax invoice is kept.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/sales/invoices/${sent.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice 13' })).toBeInTheDocument();
    expect(screen.queryByText('Invoice 13 deleted.')).not.toBeInTheDocument();
  });
});

/** The files the page saves: each object URL made, and each `<a download>` clicked (jsdom has neither). */
function captureDownloads() {
  const files: Blob[] = [];
  const saved: { href: string; download: string }[] = [];
  Object.assign(URL, {
    createObjectURL: (file: Blob) => {
      files.push(file);
      return `blob:http://localhost/file-${files.length}`;
    },
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  return { files, saved };
}

const pdfResponse = () =>
  new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
    headers: { 'Content-Type': 'application/pdf' },
  });

/** The invoice, never emailed or paid, and its PDF from `pdf`. */
function serveWithPdf(current: Invoice, pdf: () => Response | Promise<Response>) {
  api.handle = (request) => {
    if (request.path.endsWith('/pdf')) return pdf();
    if (request.path.endsWith('/emails') || request.path.endsWith('/payments')) return jsonResponse([]);
    return jsonResponse(current);
  };
}

describe('InvoiceViewPage, PDF', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('PDF downloads the invoice as invoice-{number}.pdf with the bearer token, busy meanwhile', async () => {
    const repair = invoice({ number: 12 });
    let answer: (response: Response) => void = () => undefined;
    serveWithPdf(
      repair,
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { files, saved } = captureDownloads();
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${repair.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'PDF' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'PDF' })).toHaveAttribute('data-loading'),
    );
    answer(pdfResponse());

    await vi.waitFor(() =>
      expect(saved).toEqual([{ href: 'blob:http://localhost/file-1', download: 'invoice-12.pdf' }]),
    );
    expect(files[0]?.size).toBe(5);
    expect(screen.getByRole('button', { name: 'PDF' })).not.toHaveAttribute('data-loading');
    const [request] = api.requests.filter((sent) => sent.path.endsWith('/pdf'));
    expect(request?.path).toBe(`/sales/invoices/${repair.id}/pdf`);
    expect(request?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(request?.headers.get('Accept')).toContain('application/pdf');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows why a PDF could not be made (the server's 422), and that no answer came", async () => {
    const repair = invoice({ number: 12 });
    const failed =
      'The invoice template "Tax invoice" failed on this invoice (Line 3: cannot access fields on type none). ' +
      'Fix it, or choose another default template, in Settings > Templates.';
    let online = true;
    serveWithPdf(repair, () => {
      if (!online) throw new TypeError('Failed to fetch');
      return errorResponse('DOCUMENT_FAILED', failed);
    });
    const { saved } = captureDownloads();
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${repair.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(failed);

    online = false;
    await user.click(screen.getByRole('button', { name: 'PDF' }));
    await vi.waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(NETWORK_FAILURE));
    expect(saved).toEqual([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Invoice 12' })).toBeInTheDocument();
  });
});

describe('CustomerInvoicesPanel', () => {
  it("lists the customer's invoices (up to 100) with 'New invoice' for that customer", async () => {
    const sent = invoice({ number: 21, reference: 'PO 9', status: 'OPEN_SENT', total: '99' });
    api.handle = () => jsonResponse([sent], { total: 1 });
    renderRoutes([{ path: '/c', element: <CustomerInvoicesPanel customerId={customerId} /> }], {
      route: '/c',
    });

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(cells(within(table).getByRole('link', { name: '21' }).closest('tr') as HTMLElement)).toEqual([
      '21',
      'PO 9',
      'Sent',
      '23 Nov 2026',
      '$99.00',
      '$99.00',
    ]);
    expect(api.paths()).toEqual([`/sales/invoices?q=customer.id:${customerId}&p=1&s=100`]);
    expect(screen.getByRole('link', { name: 'New invoice' })).toHaveAttribute(
      'href',
      `/sales/invoices/new?customerId=${customerId}`,
    );
  });

  it('shows what each invoice still has due, and which are overdue', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T01:00:00Z'), toFake: ['Date'] });
    const late = invoice({
      number: 22,
      status: 'OPEN_SENT',
      due: '2026-11-20',
      total: '99',
      amountPaid: '9',
    });
    api.handle = () => jsonResponse([late], { total: 1 });
    renderRoutes([{ path: '/c', element: <CustomerInvoicesPanel customerId={customerId} /> }], {
      route: '/c',
    });

    const table = await screen.findByRole('table', { name: 'Invoices' });
    expect(cells(within(table).getByRole('link', { name: '22' }).closest('tr') as HTMLElement)).toEqual([
      '22',
      '',
      'Sent Overdue',
      '23 Nov 2026',
      '$99.00',
      '$90.00',
    ]);
  });

  it("says 'No invoices found.' for a customer with none", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes([{ path: '/c', element: <CustomerInvoicesPanel customerId={customerId} /> }], {
      route: '/c',
    });

    expect(await screen.findByText('No invoices found.')).toBeInTheDocument();
  });
});
