import { type Quote, type QuoteLine, quoteMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/stale-save';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { invoice, job, quote as quoteRecord } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { CustomerQuotesPanel } from './customer-quotes-panel';
import { quoteRoutes } from './routes';

const api = installFakeApi();

const gst = { id: '00000000-0000-7000-8000-00000000a001', name: 'GST', rate: '10' };
const customerId = '00000000-0000-7000-8000-00000000c001';
const obrien = { id: customerId, name: "O'Brien & Sons Plumbing" };

/** A quote of the one customer these tests use. */
const quote = (overrides: Partial<Quote> = {}) => quoteRecord({ customer: obrien, ...overrides });

const line = (description: string, amount: string, option: string | null): QuoteLine => ({
  code: null,
  description,
  quantity: null,
  price: null,
  taxRate: gst,
  amount,
  option,
});

/** docs/quotes.md's example: a call-out common to both options, a repair, or a new heat pump. */
const withOptions = (overrides: Partial<Quote> = {}) =>
  quote({
    number: 12,
    reference: 'PO 7781',
    status: 'OPEN_SENT',
    terms: 'Prices hold for 30 days.\nA 30% deposit secures the booking.',
    lineItems: [
      line('Call-out fee', '120.00', null),
      line('Repair the valve', '200.00', 'Option A: repair'),
      { ...line('Heat pump, installed', '2500.00', 'Option B: replace'), quantity: '1', price: '2500.00' },
    ],
    options: [
      { name: 'Option A: repair', subtotal: '320.00', tax: '32.00', total: '352.00' },
      { name: 'Option B: replace', subtotal: '2620.00', tax: '262.00', total: '2882.00' },
    ],
    subtotal: '320.00',
    tax: '32.00',
    total: '352.00',
    ...overrides,
  });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('QuoteSearchPage', () => {
  it('lists number, customer, title, date, valid until, total and status, 10 to a page', async () => {
    const sent = withOptions({ expired: true });
    const draft = quote({ number: 11, title: 'Service the gas heater', total: '185.5' });
    api.handle = () => jsonResponse([sent, draft], { total: 2 });
    renderRoutes(quoteRoutes, { route: '/sales/quotes' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Quotes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Number', 'Customer', 'Title', 'Date', 'Valid until', 'Total', 'Status']);
    expect(cells(within(table).getByRole('link', { name: '12' }).closest('tr') as HTMLElement)).toEqual([
      '12',
      "O'Brien & Sons Plumbing",
      'Replace the hot water system',
      '23 Nov 2026',
      '23 Dec 2026',
      '$352.00',
      'Sent Expired',
    ]);
    expect(cells(within(table).getByRole('link', { name: '11' }).closest('tr') as HTMLElement)).toEqual([
      '11',
      "O'Brien & Sons Plumbing",
      'Service the gas heater',
      '23 Nov 2026',
      '23 Dec 2026',
      '$185.50',
      'Draft',
    ]);
    expect(within(table).getByRole('link', { name: '12' })).toHaveAttribute(
      'href',
      `/sales/quotes/${sent.id}`,
    );
    expect(screen.getByText('2 quotes')).toBeInTheDocument();
    expect(api.paths()).toEqual(['/sales/quotes?q=*&p=1&s=10']);
    expect(screen.getByRole('link', { name: 'New quote' })).toHaveAttribute('href', '/sales/quotes/new');
  });

  it("searches with the list's language, and says 'No quotes found.' when nothing matches", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(quoteRoutes, { route: '/sales/quotes/search' });
    const user = userEvent.setup();

    expect(await screen.findByText('No quotes found.')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    await user.clear(box);
    await user.type(box, 'expired:true{Enter}');
    await vi.waitFor(() => expect(api.paths().at(-1)).toBe('/sales/quotes?q=expired:true&p=1&s=10'));

    await user.clear(box);
    await user.type(box, 'status:OPEN_SENT AND total:>1000{Enter}');
    await vi.waitFor(() =>
      expect(api.paths().at(-1)).toBe('/sales/quotes?q=status:OPEN_SENT AND total:>1000&p=1&s=10'),
    );
    expect(await screen.findByText('No quotes found.')).toBeInTheDocument();
  });

  it('says only why when the list is forbidden: no New quote, no search', async () => {
    api.handle = () => errorResponse('FORBIDDEN', 'Forbidden.');
    renderRoutes(quoteRoutes, { route: '/sales/quotes/search' });

    expect(
      await screen.findByText('Insufficient permissions. Please contact your administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Quotes' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New quote' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});

/** The fake server of one quote: GET answers it; anything else answers `write`. */
function serveQuote(current: Quote, write: (request: RecordedRequest) => Response | Promise<Response>) {
  api.handle = (request) =>
    request.method !== 'GET'
      ? write(request)
      : request.path.endsWith('/emails')
        ? jsonResponse([])
        : jsonResponse(current);
}

const noWrites = () => errorResponse('INTERNAL', 'No write expected.');

/**
 * Quote 12's viewer, on a server where someone saves the quote (giving `theirs`, a new title) just before the first
 * save arrives, which is then refused as stale; a save over their version goes through.
 */
function openSavedSince(): Quote {
  const read = withOptions();
  const theirs = {
    ...read,
    title: 'Replace the hot water system this week',
    updated: '2030-01-01T00:00:00.000Z',
  };
  let current = read;
  api.handle = (request) => {
    if (request.method === 'GET')
      return request.path.endsWith('/emails') ? jsonResponse([]) : jsonResponse(current);
    const body = request.body as Quote;
    if (body.updated !== theirs.updated) {
      current = theirs;
      return staleSaveResponse('quote');
    }
    current = { ...current, ...body, updated: '2030-01-02T00:00:00.000Z' };
    return jsonResponse(current);
  };
  renderRoutes(quoteRoutes, { route: `/sales/quotes/${read.id}` });
  return theirs;
}

describe('QuoteViewPage', () => {
  it('shows the common lines, then each option with its lines and totals, and the terms', async () => {
    const sent = withOptions({ location: { id: '00000000-0000-7000-8000-00000000d001', name: 'Home' } });
    serveQuote(sent, noWrites);
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${sent.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'Quote 12' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Sales', 'Quotes']);
    expect(screen.getByRole('row', { name: 'Status Sent' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "O'Brien & Sons Plumbing" })).toHaveAttribute(
      'href',
      `/customers/${customerId}`,
    );
    expect(
      within(screen.getByRole('row', { name: 'Location Home' })).getByRole('link', { name: 'Home' }),
    ).toHaveAttribute('href', '/locations/00000000-0000-7000-8000-00000000d001');
    expect(screen.getByRole('row', { name: 'Reference PO 7781' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Date 23 Nov 2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Valid until 23 Dec 2026' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Title Replace the hot water system' })).toBeInTheDocument();

    const common = screen.getByRole('table', { name: 'Included in every option' });
    expect(within(common).getByRole('row', { name: 'Call-out fee GST $120.00' })).toBeInTheDocument();
    const repair = screen.getByRole('table', { name: 'Option A: repair' });
    expect(within(repair).getAllByRole('row')).toHaveLength(2);
    expect(within(repair).getByRole('row', { name: 'Repair the valve GST $200.00' })).toBeInTheDocument();
    const replace = screen.getByRole('table', { name: 'Option B: replace' });
    expect(
      within(replace).getByRole('row', { name: 'Heat pump, installed 1 $2,500.00 GST $2,500.00' }),
    ).toBeInTheDocument();
    // Each option's totals, the common lines included.
    expect(screen.getByRole('row', { name: 'Subtotal $320.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Total $352.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Subtotal $2,620.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Tax $262.00' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Total $2,882.00' })).toBeInTheDocument();
    expect(screen.getByText(/^Prices hold for 30 days\./)).toHaveTextContent(
      'Prices hold for 30 days. A 30% deposit secures the booking.',
    );

    // Sent: edit, accept or decline; nothing to delete.
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/sales/quotes/${sent.id}/edit`,
    );
    expect(screen.getByRole('button', { name: 'Accept…' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions' })).not.toBeInTheDocument();
  });

  it("marks the accepted option, says who accepted it online, and links the job it made; no Edit once it's answered", async () => {
    const made = withOptions({
      status: 'CLOSED_CONVERTED',
      acceptedOption: 'Option B: replace',
      subtotal: '2620.00',
      tax: '262.00',
      total: '2882.00',
      acceptedName: 'Pat OBrien',
      acceptedAt: '2026-11-24T03:40:00.000Z',
      job: { id: '00000000-0000-7000-8000-00000000e001', number: 240 },
    });
    serveQuote(made, noWrites);
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${made.id}` });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Option B: replace Accepted' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Option A: repair' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Status Converted' })).toBeInTheDocument();
    // 24 Nov 2026 03:40 UTC is 2:40 pm in Melbourne.
    expect(
      screen.getByRole('row', { name: 'Answered online Accepted by Pat OBrien on 24 Nov 2026, 2:40 pm' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Job 240' })).toHaveAttribute(
      'href',
      '/jobs/00000000-0000-7000-8000-00000000e001',
    );
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create job' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create invoice' })).toBeInTheDocument();
  });

  it("shows a quote without options as an invoice's lines and totals, and a declined one's reason", async () => {
    const declined = quote({
      number: 14,
      status: 'CLOSED_DECLINED',
      lineItems: [line('Service the heater', '180.00', null)],
      subtotal: '180.00',
      tax: '18.00',
      total: '198.00',
      declinedReason: 'Went with another plumber.',
    });
    serveQuote(declined, noWrites);
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${declined.id}` });

    const lines = await screen.findByRole('table', { name: 'Line items' });
    expect(
      within(lines)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Description', 'Quantity', 'Price', 'Tax rate', 'Amount']);
    expect(screen.getByRole('row', { name: 'Total $198.00' })).toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: 'Answered online Declined: Went with another plumber.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Status Declined' })).toBeInTheDocument();
    expect(screen.getByText('No terms.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to sent' })).toBeInTheDocument();
  });

  it('marks a draft as sent: the whole quote saved with the updated it read, and a notice', async () => {
    const draft = withOptions({ status: 'OPEN_DRAFT' });
    serveQuote(draft, (request) => jsonResponse({ ...draft, status: (request.body as Quote).status }));
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${draft.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Mark as sent' }));

    expect(await screen.findByText('Quote 12 marked as sent.')).toBeInTheDocument();
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/sales/quotes/${draft.id}`);
    expect(put?.body).toEqual({
      id: draft.id,
      updated: draft.updated,
      reference: 'PO 7781',
      status: 'OPEN_SENT',
      customer: { id: customerId },
      location: null,
      date: '2026-11-23',
      expiry: '2026-12-23',
      title: 'Replace the hot water system',
      description: null,
      terms: 'Prices hold for 30 days.\nA 30% deposit secures the booking.',
      lineItems: [
        {
          code: null,
          description: 'Call-out fee',
          quantity: null,
          price: null,
          amount: '120.00',
          taxRate: { id: gst.id },
          option: null,
        },
        {
          code: null,
          description: 'Repair the valve',
          quantity: null,
          price: null,
          amount: '200.00',
          taxRate: { id: gst.id },
          option: 'Option A: repair',
        },
        {
          code: null,
          description: 'Heat pump, installed',
          quantity: '1',
          price: '2500.00',
          amount: '2500.00',
          taxRate: { id: gst.id },
          option: 'Option B: replace',
        },
      ],
      amountsEnteredIncludeTax: false,
      acceptedOption: null,
    });
    expect(await screen.findByRole('row', { name: 'Status Sent' })).toBeInTheDocument();
  });

  it('deletes a draft after a question naming it, and returns to the list with a notice', async () => {
    const draft = quote({ number: 15 });
    api.handle = (request) => {
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      if (request.path.startsWith('/sales/quotes?')) return jsonResponse([], { total: 0 });
      return jsonResponse(draft);
    };
    const { router } = renderRoutes(quoteRoutes, { route: `/sales/quotes/${draft.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete quote' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete quote 15?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete quote' }));

    expect(await screen.findByText('Quote 15 deleted.')).toBeInTheDocument();
    expect(api.paths('DELETE')).toEqual([`/sales/quotes/${draft.id}`]);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/sales/quotes/search'));
  });

  it('Download PDF saves the quote as quote-{number}.pdf', async () => {
    const sent = withOptions();
    api.handle = (request) =>
      request.path.endsWith('/pdf')
        ? new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), {
            headers: { 'Content-Type': 'application/pdf' },
          })
        : jsonResponse(sent);
    const saved: string[] = [];
    Object.assign(URL, {
      createObjectURL: () => 'blob:http://localhost/file-1',
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Download PDF' }));

    await vi.waitFor(() => expect(saved).toEqual(['quote-12.pdf']));
    expect(api.paths()).toContain(`/sales/quotes/${sent.id}/pdf`);
  });
});

describe('Accepting a quote', () => {
  it('asks which option the customer chose, then saves it Accepted with that option', async () => {
    const sent = withOptions();
    serveQuote(sent, (request) => jsonResponse({ ...sent, ...(request.body as object) }));
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept quote 12' });
    const choices = within(dialog).getByRole('radiogroup', { name: /The option the customer accepted/ });
    expect(
      within(choices)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Option A: repair', 'Option B: replace']);
    expect(within(choices).getByRole('radio', { name: 'Option B: replace' })).toHaveAccessibleDescription(
      'Total $2,882.00',
    );

    // Nothing chosen: it says so and sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(within(dialog).getByText(quoteMessages.acceptedOption)).toBeInTheDocument();
    expect(api.paths('PUT')).toEqual([]);

    await user.click(within(choices).getByRole('radio', { name: 'Option B: replace' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));

    expect(await screen.findByText('Quote 12 accepted: Option B: replace.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const puts = api.requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.path).toBe(`/sales/quotes/${sent.id}`);
    expect(puts[0]?.body).toMatchObject({
      id: sent.id,
      updated: sent.updated,
      status: 'CLOSED_ACCEPTED',
      acceptedOption: 'Option B: replace',
      title: 'Replace the hot water system',
      lineItems: [
        { description: 'Call-out fee' },
        { description: 'Repair the valve' },
        { amount: '2500.00' },
      ],
    });
    expect(await screen.findByRole('row', { name: 'Status Accepted' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create job' })).toBeInTheDocument();
  });

  it('keeps the dialog and the choice when the save is refused, and says nothing was saved', async () => {
    const sent = withOptions();
    serveQuote(sent, () => errorResponse('CONFLICT', quoteMessages.linesLocked('CLOSED_ACCEPTED')));
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept quote 12' });
    await user.click(within(dialog).getByRole('radio', { name: 'Option A: repair' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));

    expect(await within(dialog).findByText(quoteMessages.linesLocked('CLOSED_ACCEPTED'))).toBeInTheDocument();
    expect(within(dialog).getByText('Nothing was saved: the quote is as it was.')).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Option A: repair' })).toBeChecked();
  });

  it('reads a quote saved since again, keeps the choice, and accepts it over the new version', async () => {
    const theirs = openSavedSince();
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept quote 12' });
    await user.click(within(dialog).getByRole('radio', { name: 'Option A: repair' }));
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));

    expect(await within(dialog).findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: 'Option A: repair' })).toBeChecked();
    expect(screen.getByText('Replace the hot water system this week')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));
    expect(await screen.findByText('Quote 12 accepted: Option A: repair.')).toBeInTheDocument();
    const [, second] = api.requests.filter((request) => request.method === 'PUT');
    expect(second?.body).toMatchObject({
      status: 'CLOSED_ACCEPTED',
      acceptedOption: 'Option A: repair',
      title: theirs.title,
      updated: theirs.updated,
    });
  });

  it('a Decline refused because the quote was saved since shows it as it now is, and Decline again saves', async () => {
    const theirs = openSavedSince();
    const user = userEvent.setup();
    const decline = async () => {
      await user.click(await screen.findByRole('button', { name: 'Decline' }));
      const asked = screen.getByRole('dialog', { name: 'Decline quote 12?' });
      await user.click(within(asked).getByRole('button', { name: 'Decline quote' }));
    };

    await decline();
    expect(
      await screen.findByText(
        `${STALE_SAVE_CARRIED} The quote is shown as it now is: check it, then press Decline again.`,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Replace the hot water system this week')).toBeInTheDocument();

    await decline();
    expect(await screen.findByText('Quote 12 declined.')).toBeInTheDocument();
    const [, second] = api.requests.filter((request) => request.method === 'PUT');
    expect(second?.body).toMatchObject({ status: 'CLOSED_DECLINED', updated: theirs.updated });
  });

  it('accepts a quote without options with no choice to make', async () => {
    const sent = quote({ number: 16, status: 'OPEN_SENT', total: '198.00' });
    serveQuote(sent, (request) => jsonResponse({ ...sent, ...(request.body as object) }));
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${sent.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Accept…' }));
    const dialog = screen.getByRole('dialog', { name: 'Accept quote 16' });
    expect(within(dialog).queryByRole('radio')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Accept quote' }));

    expect(await screen.findByText('Quote 16 accepted.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      status: 'CLOSED_ACCEPTED',
      acceptedOption: null,
    });
  });
});

describe('Making an accepted quote into work', () => {
  const accepted = () =>
    withOptions({ status: 'CLOSED_ACCEPTED', acceptedOption: 'Option B: replace', total: '2882.00' });

  /** The quote routes, and a stand-in for the job and invoice viewers the quote leads to. */
  const routesWithWork = (queryClient: Parameters<typeof quoteRoutes>[0]) => [
    ...quoteRoutes(queryClient),
    { path: '/jobs/:id', element: <p>The job viewer</p> },
    { path: '/sales/invoices/:id', element: <p>The invoice viewer</p> },
  ];

  it('Create job makes the job once, says so, and opens it', async () => {
    const current = accepted();
    const made = job({ number: 123 });
    serveQuote(current, () => jsonResponse(made, { status: 201 }));
    const { router } = renderRoutes(routesWithWork, { route: `/sales/quotes/${current.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create job' }));

    expect(await screen.findByText('Job 123 made from quote 12.')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/jobs/${made.id}`));
    expect(await screen.findByText('The job viewer')).toBeInTheDocument();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe(`/sales/quotes/${current.id}/job`);
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('Create invoice opens the new draft invoice', async () => {
    const current = accepted();
    const made = invoice({ number: 45 });
    serveQuote(current, () => jsonResponse(made, { status: 201 }));
    const { router } = renderRoutes(routesWithWork, { route: `/sales/quotes/${current.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create invoice' }));

    expect(await screen.findByText('Invoice 45 made from quote 12.')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/sales/invoices/${made.id}`));
    expect(api.paths('POST')).toEqual([`/sales/quotes/${current.id}/invoice`]);
  });

  it("shows the server's refusal and stays on the quote", async () => {
    const current = accepted();
    const refusal = quoteMessages.notAccepted('job', 'OPEN_SENT');
    serveQuote(current, () => errorResponse('CONFLICT', refusal));
    const { router } = renderRoutes(routesWithWork, { route: `/sales/quotes/${current.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create job' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(router.state.location.pathname).toBe(`/sales/quotes/${current.id}`);
  });
});

describe('CustomerQuotesPanel', () => {
  const renderPanel = () =>
    renderRoutes([{ path: '/c', element: <CustomerQuotesPanel customerId={customerId} /> }], { route: '/c' });

  it("lists the customer's quotes (up to 100) with 'New quote' for that customer", async () => {
    const sent = withOptions({ expired: true });
    api.handle = () => jsonResponse([sent], { total: 1 });
    renderPanel();

    const table = await screen.findByRole('table', { name: 'Quotes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Number', 'Title', 'Date', 'Valid until', 'Total', 'Status']);
    expect(cells(within(table).getByRole('link', { name: '12' }).closest('tr') as HTMLElement)).toEqual([
      '12',
      'Replace the hot water system',
      '23 Nov 2026',
      '23 Dec 2026',
      '$352.00',
      'Sent Expired',
    ]);
    expect(api.paths()).toEqual([`/sales/quotes?q=customer.id:${customerId}&p=1&s=100`]);
    expect(screen.getByRole('link', { name: 'New quote' })).toHaveAttribute(
      'href',
      `/sales/quotes/new?customer=${customerId}`,
    );
  });

  it("says 'No quotes found.' for a customer with none", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderPanel();

    expect(await screen.findByText('No quotes found.')).toBeInTheDocument();
  });
});
