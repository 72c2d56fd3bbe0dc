import {
  apiMessages,
  DEFAULT_INVOICE_EMAIL,
  DEFAULT_ON_MY_WAY_EMAIL,
  type Organisation,
  type Quote,
  quoteMessages,
} from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { customer, customerLocation, item, quote, taxRate } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { quoteRoutes } from './routes';

const api = installFakeApi();

const obrien = customer({ name: "O'Brien & Sons Plumbing" });
const home = customerLocation({ customer: { id: obrien.id, name: obrien.name }, name: 'Home' });
const gst = taxRate({ name: 'GST', rate: '10' });
const gstFree = taxRate({ name: 'GST Free', rate: '0' });
const heatPump = item({ code: 'HP-270', description: 'Heat pump, installed', price: '2500.00' });

/** The organisation's details as GET /organisation gives them: quotes valid 30 days, with its terms. */
function organisation(): Organisation {
  return {
    id: '00000000-0000-7000-8000-00000000a001',
    name: 'Acme Plumbing',
    legalName: null,
    abn: null,
    gstRegistered: true,
    address: null,
    phone: null,
    email: null,
    website: null,
    paymentAccountName: null,
    paymentBsb: null,
    paymentAccountNumber: null,
    paymentText: null,
    paymentTermsDays: 14,
    quoteValidityDays: 30,
    quoteTerms: 'Prices hold for 30 days.',
    logo: null,
    timeZone: 'Australia/Melbourne',
    invoiceTemplate: { id: '00000000-0000-7000-8000-00000000a002', name: 'Tax invoice' },
    jobTemplate: { id: '00000000-0000-7000-8000-00000000a003', name: 'Job sheet' },
    statementTemplate: null,
    quoteTemplate: null,
    invoiceEmailSubject: DEFAULT_INVOICE_EMAIL.subject,
    invoiceEmailMessage: DEFAULT_INVOICE_EMAIL.message,
    onMyWaySubject: DEFAULT_ON_MY_WAY_EMAIL.subject,
    onMyWayMessage: DEFAULT_ON_MY_WAY_EMAIL.message,
    reminderSubject: 'Reminder',
    reminderMessage: 'Please pay.',
    automaticReminderDays: [],
    created: '2025-03-01T09:30:00.000Z',
    updated: '2025-03-01T09:30:00.000Z',
  };
}

/** The lookups every editor test needs; `save` answers the POST or PUT, `stored` the quote's GET. */
function serve(save: (request: RecordedRequest) => Response, stored: Quote = quote()) {
  api.handle = (request) => {
    if (request.method !== 'GET') return save(request);
    if (request.path === '/organisation') return jsonResponse(organisation());
    if (request.path.startsWith('/tax-rates')) return jsonResponse([gst, gstFree], { total: 2 });
    if (request.path.startsWith('/items')) return jsonResponse([heatPump], { total: 1 });
    if (request.path.startsWith('/locations')) return jsonResponse([home], { total: 1 });
    if (request.path.startsWith(`/customers/${obrien.id}`)) return jsonResponse(obrien);
    if (request.path.startsWith('/customers')) return jsonResponse([obrien], { total: 1 });
    return jsonResponse(stored);
  };
}

/** The totals the editor shows under a heading ('Totals', or 'Totals, Option A: repair'). */
const totalsIn = (name: string) =>
  ['Subtotal', 'Tax', 'Total'].map(
    (label) =>
      within(screen.getByRole('group', { name })).getByText(label, { selector: 'p' }).nextElementSibling
        ?.textContent,
  );

afterEach(() => {
  vi.useRealTimers();
});

describe('Quote editor', () => {
  it('saves a new quote with two options as a draft, with live totals for each option', async () => {
    // 23 Nov 2026 22:30 UTC is already 24 Nov in Melbourne.
    vi.useFakeTimers({ now: new Date('2026-11-23T22:30:00Z'), toFake: ['Date'] });
    const created = quote({ customer: { id: obrien.id, name: obrien.name } });
    serve(() => jsonResponse(created, { status: 201 }));
    const { router } = renderRoutes(quoteRoutes, { route: `/sales/quotes/new?customer=${obrien.id}` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New quote' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Customer' })).toHaveValue("O'Brien & Sons Plumbing");
    expect(screen.getByLabelText(/^Date/)).toHaveValue('2026-11-24');
    const validUntil = screen.getByLabelText('Valid until');
    expect(validUntil).toHaveValue('');
    expect(validUntil).toHaveAccessibleDescription('Blank: 30 days after the date.');
    expect(screen.getByLabelText('Terms')).toHaveValue('Prices hold for 30 days.');
    await user.selectOptions(await screen.findByLabelText('Location'), home.id);
    await user.type(screen.getByLabelText(/^Title/), 'Replace the hot water system');

    // A call-out in every option, a repair (option A) or a heat pump from the catalogue (option B).
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const callOut = screen.getByRole('group', { name: 'Line 1' });
    await user.type(within(callOut).getByLabelText(/^Description/), 'Call-out fee');
    await user.clear(within(callOut).getByLabelText('Quantity'));
    await user.type(within(callOut).getByLabelText('Amount'), '120');
    expect(within(callOut).getByLabelText('Tax rate')).toHaveValue(gst.id);
    expect(totalsIn('Totals')).toEqual(['$120.00', '$12.00', '$132.00']);

    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const repair = screen.getByRole('group', { name: 'Line 2' });
    await user.type(within(repair).getByLabelText(/^Description/), 'Repair the valve');
    await user.clear(within(repair).getByLabelText('Quantity'));
    await user.type(within(repair).getByLabelText('Amount'), '200');
    await user.type(within(repair).getByLabelText('Option'), 'Option A: repair');

    await user.type(screen.getByRole('combobox', { name: 'Add from the catalogue' }), 'HP-270');
    await user.click(await screen.findByRole('option', { name: /HP-270/ }));
    const pump = screen.getByRole('group', { name: 'Line 3' });
    await user.type(within(pump).getByLabelText('Option'), 'Option B: replace');

    expect(screen.queryByRole('group', { name: 'Totals' })).not.toBeInTheDocument();
    expect(totalsIn('Totals, Option A: repair')).toEqual(['$320.00', '$32.00', '$352.00']);
    expect(totalsIn('Totals, Option B: replace')).toEqual(['$2,620.00', '$262.00', '$2,882.00']);
    await user.click(screen.getByRole('switch', { name: 'Amounts include tax' }));
    // 320 / 11 = 29.09; 2620 / 11 = 238.18 (10.91 + 18.18 and 10.91 + 227.27, line by line).
    expect(totalsIn('Totals, Option A: repair')).toEqual(['$320.00', '$29.09', '$320.00']);
    expect(totalsIn('Totals, Option B: replace')).toEqual(['$2,620.00', '$238.18', '$2,620.00']);

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText('Quote saved.')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/sales/quotes/${created.id}`));
    const posts = api.requests.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.path).toBe('/sales/quotes');
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // No expiry: the server gives it the organisation's 30 days.
    expect(posts[0]?.body).toEqual({
      reference: null,
      status: 'OPEN_DRAFT',
      customer: { id: obrien.id },
      location: { id: home.id },
      date: '2026-11-24',
      title: 'Replace the hot water system',
      description: null,
      terms: 'Prices hold for 30 days.',
      amountsEnteredIncludeTax: true,
      acceptedOption: null,
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
          code: 'HP-270',
          description: 'Heat pump, installed',
          quantity: '1',
          price: '2500.00',
          amount: '2500.00',
          taxRate: { id: gst.id },
          option: 'Option B: replace',
        },
      ],
    });
    // A long journey through the form: generous on a busy 2-core machine.
  }, 30_000);

  it('needs a title before anything is sent', async () => {
    serve(() => jsonResponse(quote(), { status: 201 }));
    renderRoutes(quoteRoutes, { route: `/sales/quotes/new?customer=${obrien.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByText(quoteMessages.title)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths('POST')).toEqual([]);
  });

  it("shows the server's field errors on their fields and in the alert, keeping what was typed", async () => {
    serve(() =>
      errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
        { field: 'location.id', message: quoteMessages.location },
        { field: 'lineItems.0.option', message: 'Use at most 60 characters.' },
        { field: 'lineItems.3.option', message: 'Use at most 60 characters.' },
      ]),
    );
    renderRoutes(quoteRoutes, { route: `/sales/quotes/new?customer=${obrien.id}` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Title/), 'Blocked drain');
    await user.selectOptions(await screen.findByLabelText('Location'), home.id);
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const first = screen.getByRole('group', { name: 'Line 1' });
    await user.type(within(first).getByLabelText(/^Description/), 'Jet the drain');
    await user.type(within(first).getByLabelText('Option'), 'Option A');
    await user.click(screen.getByRole('button', { name: 'Save as draft' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not saved');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((entry) => entry.textContent),
    ).toEqual([
      quoteMessages.location,
      'Use at most 60 characters.',
      // A line that is not on the form is named.
      'Line 4 option: Use at most 60 characters.',
    ]);
    expect(screen.getByLabelText('Location')).toHaveAccessibleDescription(quoteMessages.location);
    expect(within(first).getByLabelText('Option')).toHaveAccessibleDescription('Use at most 60 characters.');
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Blocked drain');
    expect(api.paths('POST')).toEqual(['/sales/quotes']);
  });

  it('saves an edit over the version it read; a stale save keeps what was typed and says so', async () => {
    const sent = quote({
      customer: { id: obrien.id, name: obrien.name },
      status: 'OPEN_SENT',
      terms: 'Prices hold for 30 days.',
      lineItems: [
        {
          code: null,
          description: 'Repair the valve',
          quantity: null,
          price: null,
          amount: '200.00',
          taxRate: { id: gst.id, name: 'GST', rate: '10' },
          option: 'Option A: repair',
        },
      ],
      options: [{ name: 'Option A: repair', subtotal: '200.00', tax: '20.00', total: '220.00' }],
    });
    serve(() => staleSaveResponse('quote'), sent);
    renderRoutes(quoteRoutes, { route: `/sales/quotes/${sent.id}/edit` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit quote' })).toBeInTheDocument();
    const reference = screen.getByLabelText('Reference');
    expect(screen.getByLabelText(/^Valid until/)).toHaveValue('2026-12-23');
    await user.type(reference, 'PO 7781');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Reference')).toHaveValue('PO 7781');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/sales/quotes/${sent.id}`);
    expect(put?.body).toMatchObject({
      id: sent.id,
      updated: sent.updated,
      status: 'OPEN_SENT',
      reference: 'PO 7781',
      expiry: '2026-12-23',
      terms: 'Prices hold for 30 days.',
      lineItems: [{ description: 'Repair the valve', taxRate: { id: gst.id }, option: 'Option A: repair' }],
    });
  });
});
