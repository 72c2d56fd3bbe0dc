import {
  DEFAULT_INVOICE_EMAIL,
  DEFAULT_ON_MY_WAY_EMAIL,
  type Invoice,
  invoiceMessages,
  type Organisation,
  paymentMessages,
  type Quote,
} from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { customer, invoice, item, job, quote, taxRate } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { JOB_NOT_FOUND } from './invoice-editor-pages';
import { invoiceRoutes } from './routes';

const api = installFakeApi();

const acme = customer({ name: "O'Brien & Sons Plumbing" });
const gst = taxRate({ name: 'GST', rate: '10' });
const gstFree = taxRate({ name: 'GST Free', rate: '0' });
const tap = item({ code: 'PL-TAP', description: 'Mixer tap, chrome', price: '149.90' });
const repair = job({
  number: 41,
  reference: 'Burst pipe & tap',
  customer: { id: acme.id, name: acme.name },
  items: [
    { code: 'LAB-HR', description: 'Labour, per hour', quantity: '2', price: '95.00', amount: '190.00' },
    { code: null, description: 'Call-out fee', quantity: null, price: null, amount: '80.00' },
  ],
});

/** The organisation's details as GET /organisation gives them: due the same day unless told; registered for GST. */
function organisation(paymentTermsDays = 0, gstRegistered = true): Organisation {
  return {
    id: '00000000-0000-7000-8000-00000000a001',
    name: "O'Brien & Sons Plumbing",
    legalName: null,
    abn: null,
    gstRegistered,
    address: null,
    phone: null,
    email: null,
    website: null,
    paymentAccountName: null,
    paymentBsb: null,
    paymentAccountNumber: null,
    paymentText: null,
    paymentTermsDays,
    quoteValidityDays: 30,
    quoteTerms: null,
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

/** The lookups every editor test needs; `save` answers the POST or PUT; `quotes` the quote list (a job's quote). */
function serve(
  save: (request: RecordedRequest) => Response,
  stored = invoice(),
  terms = 0,
  quotes: Quote[] = [],
  gstRegistered = true,
) {
  api.handle = (request) => {
    if (request.method !== 'GET') return save(request);
    if (request.path.startsWith('/sales/quotes')) return jsonResponse(quotes, { total: quotes.length });
    if (request.path === '/organisation') return jsonResponse(organisation(terms, gstRegistered));
    if (request.path.startsWith('/tax-rates')) return jsonResponse([gst, gstFree], { total: 2 });
    if (request.path.startsWith('/items')) return jsonResponse([tap], { total: 1 });
    if (request.path.startsWith(`/jobs/${repair.id}`)) return jsonResponse(repair);
    if (request.path.startsWith('/jobs/')) return errorResponse('NOT_FOUND', 'Job not found.');
    if (request.path.startsWith(`/customers/${acme.id}`)) return jsonResponse(acme);
    if (request.path.startsWith('/customers')) return jsonResponse([acme], { total: 1 });
    return jsonResponse(stored);
  };
}

afterEach(() => {
  vi.useRealTimers();
});

/** The editor's Subtotal, Tax and Total as shown. */
const totals = () =>
  ['Subtotal', 'Tax', 'Total'].map(
    (label) => screen.getByText(label, { selector: 'p' }).nextElementSibling?.textContent,
  );

describe('Invoice editor', () => {
  it("starts today in Melbourne, adds lines at GST, and shows the domain's totals exclusive then inclusive of tax", async () => {
    // 23 Nov 2026 22:30 UTC is already 24 Nov in Melbourne.
    vi.useFakeTimers({ now: new Date('2026-11-23T22:30:00Z'), toFake: ['Date'] });
    const created = invoice({ customer: { id: acme.id, name: acme.name } });
    serve(() => jsonResponse(created, { status: 201 }), created);
    const { router } = renderRoutes(invoiceRoutes, { route: `/sales/invoices/new?customerId=${acme.id}` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New invoice' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Customer' })).toHaveValue("O'Brien & Sons Plumbing");
    expect(screen.getByLabelText(/^Date/)).toHaveValue('2026-11-24');
    expect(screen.getByLabelText(/^Due date/)).toHaveValue('2026-11-24');
    expect(screen.getByLabelText('Status')).toHaveValue('OPEN_DRAFT');

    await user.type(screen.getByRole('combobox', { name: 'Add from the catalogue' }), 'PL-TAP');
    await user.click(await screen.findByRole('option', { name: /PL-TAP/ }));
    const first = screen.getByRole('group', { name: 'Line 1' });
    expect(within(first).getByLabelText('Tax rate')).toHaveValue(gst.id);

    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const second = screen.getByRole('group', { name: 'Line 2' });
    await user.type(within(second).getByLabelText(/^Description/), 'Call-out fee');
    await user.clear(within(second).getByLabelText('Quantity'));
    await user.type(within(second).getByLabelText('Amount'), '50');
    await user.selectOptions(within(second).getByLabelText('Tax rate'), gstFree.id);

    // 149.90 + 50.00; GST 14.99 on the tap only.
    expect(totals()).toEqual(['$199.90', '$14.99', '$214.89']);
    await user.click(screen.getByRole('switch', { name: 'Amounts include tax' }));
    // 149.90 − 149.90 / 1.1 = 13.627… → 13.63; the total is the amounts as entered.
    expect(totals()).toEqual(['$199.90', '$13.63', '$199.90']);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invoice saved.')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/sales/invoices/${created.id}`));
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/sales/invoices');
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(post?.body).toEqual({
      reference: null,
      status: 'OPEN_DRAFT',
      customer: { id: acme.id },
      job: null,
      date: '2026-11-24',
      due: '2026-11-24',
      amountsEnteredIncludeTax: true,
      lineItems: [
        {
          code: 'PL-TAP',
          description: 'Mixer tap, chrome',
          quantity: '1',
          price: '149.90',
          amount: '149.90',
          taxRate: { id: gst.id },
        },
        {
          code: null,
          description: 'Call-out fee',
          quantity: null,
          price: null,
          amount: '50.00',
          taxRate: { id: gstFree.id },
        },
      ],
    });
    // A long journey through the form: generous on a busy 2-core machine.
  }, 30_000);

  it('starts lines with no tax for an organisation not registered for GST, and says so when one charges tax', async () => {
    serve(() => jsonResponse(invoice(), { status: 201 }), invoice(), 0, [], false);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/new?customerId=${acme.id}` });
    const user = userEvent.setup();

    await screen.findByRole('combobox', { name: 'Customer' });
    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const line = screen.getByRole('group', { name: 'Line 1' });
    await vi.waitFor(() => expect(within(line).getByLabelText('Tax rate')).toHaveValue(''));
    expect(screen.queryByRole('note')).not.toBeInTheDocument();

    await user.selectOptions(within(line).getByLabelText('Tax rate'), gst.id);
    expect(screen.getByRole('note')).toHaveTextContent(
      'The organisation is not registered for GST (Settings › Organisation details), yet a line here charges tax.',
    );
  });

  it("names the 'Amounts include tax' switch by its label alone; its description is read apart, once", async () => {
    serve(() => errorResponse('INTERNAL', 'Unexpected.'));
    renderRoutes(invoiceRoutes, { route: '/sales/invoices/new' });

    const amounts = await screen.findByRole('switch', { name: 'Amounts include tax' });
    expect(amounts).toHaveAccessibleName('Amounts include tax');
    expect(amounts).toHaveAccessibleDescription(
      'On: each amount already contains its tax. Off: tax is added to the amounts.',
    );
    const described = document.getElementById(amounts.getAttribute('aria-describedby') ?? '');
    expect(described).toHaveTextContent('On: each amount already contains its tax.');
  });

  it("copies a job: its customer, reference and lines, each at GST, and names the job; Save sends the job's id", async () => {
    const created = invoice({ customer: { id: acme.id, name: acme.name } });
    serve(() => jsonResponse(created, { status: 201 }), created);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/new?fromJob=${repair.id}` });
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'job 41' })).toHaveAttribute('href', `/jobs/${repair.id}`);
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue("O'Brien & Sons Plumbing");
    expect(screen.getByLabelText('Reference')).toHaveValue('Burst pipe & tap');
    const lines = screen.getAllByRole('group', { name: /^Line \d/ });
    expect(lines.map((line) => within(line).getByLabelText(/^Description/))).toHaveLength(2);
    expect(within(lines[0] as HTMLElement).getByLabelText('Tax rate')).toHaveValue(gst.id);
    expect(within(lines[1] as HTMLElement).getByLabelText('Amount')).toHaveValue('80.00');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invoice saved.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      reference: 'Burst pipe & tap',
      customer: { id: acme.id },
      job: { id: repair.id },
      lineItems: [
        { code: 'LAB-HR', quantity: '2', price: '95.00', amount: '190.00', taxRate: { id: gst.id } },
        { code: null, description: 'Call-out fee', amount: '80.00', taxRate: { id: gst.id } },
      ],
    });
  });

  it('copies a job made from a quote with the rates of the quote lines it came from: GST-free stays GST-free', async () => {
    const quoted = quote({
      status: 'CLOSED_CONVERTED',
      job: { id: repair.id, number: 41 },
      acceptedOption: 'Option B',
      lineItems: [
        { ...repair.items[0], taxRate: { id: gst.id, name: 'GST', rate: '10' }, option: null },
        // The other option's line of the same description is not the job's.
        {
          code: null,
          description: 'Call-out fee',
          quantity: null,
          price: null,
          amount: '80.00',
          taxRate: { id: gst.id, name: 'GST', rate: '10' },
          option: 'Option A',
        },
        {
          code: null,
          description: 'Call-out fee',
          quantity: null,
          price: null,
          amount: '80.00',
          taxRate: { id: gstFree.id, name: 'GST Free', rate: '0' },
          option: 'Option B',
        },
      ] as Quote['lineItems'],
    });
    serve(() => jsonResponse(invoice(), { status: 201 }), invoice(), 0, [quoted]);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/new?fromJob=${repair.id}` });

    expect(await screen.findByRole('link', { name: 'job 41' })).toBeInTheDocument();
    const lines = screen.getAllByRole('group', { name: /^Line \d/ });
    expect(within(lines[0] as HTMLElement).getByLabelText('Tax rate')).toHaveValue(gst.id);
    expect(within(lines[1] as HTMLElement).getByLabelText('Tax rate')).toHaveValue(gstFree.id);
    expect(api.paths()).toContain(`/sales/quotes?q=job.id:${repair.id}&p=1&s=1`);
  });

  it('says so when the job to copy is not there, and starts an empty invoice', async () => {
    serve(() => jsonResponse(invoice(), { status: 201 }));
    renderRoutes(invoiceRoutes, {
      route: '/sales/invoices/new?fromJob=00000000-0000-7000-8000-0000000fffff',
    });

    expect(await screen.findByText(JOB_NOT_FOUND)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'New invoice' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveValue('');
    expect(screen.queryByRole('group', { name: /^Line/ })).not.toBeInTheDocument();
  });

  it('refuses a due date before the date on the form, sending nothing', async () => {
    serve(() => jsonResponse(invoice(), { status: 201 }));
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/new?customerId=${acme.id}` });
    const user = userEvent.setup();

    const due = await screen.findByLabelText(/^Due date/);
    await user.clear(due);
    await user.type(due, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(invoiceMessages.dueBeforeDate)).toBeInTheDocument();
    expect(api.paths('POST')).toEqual([]);
  });

  it('saves over the version it read; a stale save keeps what was typed and says so', async () => {
    const sent = invoice({
      customer: { id: acme.id, name: acme.name },
      status: 'OPEN_SENT',
      job: { id: repair.id, number: 41 },
      lineItems: [
        {
          code: null,
          description: 'Labour',
          quantity: '1',
          price: '100.00',
          amount: '100.00',
          taxRate: { id: gst.id, name: 'GST', rate: '10' },
        },
      ],
      subtotal: '100.00',
      tax: '10.00',
      total: '110.00',
    });
    serve(() => staleSaveResponse('invoice'), sent);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}/edit` });
    const user = userEvent.setup();

    const reference = await screen.findByLabelText('Reference');
    expect(screen.getByRole('link', { name: 'job 41' })).toBeInTheDocument();
    await user.type(reference, 'PO 7781');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Reference')).toHaveValue('PO 7781');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/sales/invoices/${sent.id}`);
    expect(put?.body).toMatchObject({
      id: sent.id,
      updated: sent.updated,
      status: 'OPEN_SENT',
      reference: 'PO 7781',
      job: { id: repair.id },
      lineItems: [{ description: 'Labour', amount: '100.00', taxRate: { id: gst.id } }],
    });
  });
  it('keeps charging the rate a saved invoice charges after the rate has changed, and names it with that rate', async () => {
    const sent = invoice({
      customer: { id: acme.id, name: acme.name },
      status: 'OPEN_SENT',
      lineItems: [
        {
          code: null,
          description: 'Labour',
          quantity: '1',
          price: '100.00',
          amount: '100.00',
          // Saved at 12.5%; the organisation's GST is 10% now (`serve`).
          taxRate: { id: gst.id, name: 'GST', rate: '12.5' },
        },
      ],
      subtotal: '100.00',
      tax: '12.50',
      total: '112.50',
    });
    serve(() => jsonResponse(sent), sent);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}/edit` });
    const line = await screen.findByRole('group', { name: 'Line 1' });
    await vi.waitFor(() =>
      expect(within(line).getByRole('option', { name: 'GST (12.5%)' })).toBeInTheDocument(),
    );
    expect(within(line).getByLabelText('Tax rate')).toHaveValue(gst.id);
    expect(totals()).toEqual(['$100.00', '$12.50', '$112.50']);
    // A rate the invoice did not charge comes as it is now.
    expect(within(line).getByRole('option', { name: 'GST Free (0%)' })).toBeInTheDocument();
  });

  it("starts a new invoice due after the organisation's payment terms, and moves the due date with the date until it is set", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T22:30:00Z'), toFake: ['Date'] });
    const created = invoice({ customer: { id: acme.id, name: acme.name } });
    serve(() => jsonResponse(created, { status: 201 }), created, 14);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/new?customerId=${acme.id}` });
    const user = userEvent.setup();

    const date = await screen.findByLabelText(/^Date/);
    const due = screen.getByLabelText(/^Due date/);
    expect(date).toHaveValue('2026-11-24');
    expect(due).toHaveValue('2026-12-08');

    // Across the end of the year: 14 days after 25 December.
    await user.clear(date);
    await user.type(date, '2026-12-25');
    expect(due).toHaveValue('2027-01-08');

    // Once the user has set the due date, it stays where they put it.
    await user.clear(due);
    await user.type(due, '2027-01-31');
    await user.clear(date);
    await user.type(date, '2026-12-30');
    expect(due).toHaveValue('2027-01-31');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.paths('POST')).toEqual(['/sales/invoices']));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      date: '2026-12-30',
      due: '2027-01-31',
    });
  });

  it("keeps a saved invoice's due date when its date changes", async () => {
    const sent = invoice({
      customer: { id: acme.id, name: acme.name },
      date: '2026-11-23',
      due: '2026-12-07',
    });
    serve(() => jsonResponse(sent), sent, 14);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}/edit` });
    const user = userEvent.setup();

    const date = await screen.findByLabelText(/^Date/);
    await user.clear(date);
    await user.type(date, '2026-11-30');

    expect(screen.getByLabelText(/^Due date/)).toHaveValue('2026-12-07');
  });
});

/** A Sent invoice of one $100.00 line at GST ($110.00), $50.00 of it paid. */
const partPaid = (overrides: Partial<Invoice> = {}) =>
  invoice({
    customer: { id: acme.id, name: acme.name },
    status: 'OPEN_SENT',
    lineItems: [
      {
        code: null,
        description: 'Labour',
        quantity: '1',
        price: '100.00',
        amount: '100.00',
        taxRate: { id: gst.id, name: 'GST', rate: '10' },
      },
    ],
    subtotal: '100.00',
    tax: '10.00',
    total: '110.00',
    amountPaid: '50.00',
    ...overrides,
  });

describe('Invoice editor, saved as Paid', () => {
  it('asks to record the live amount due as a payment first, and saves only when told to', async () => {
    const sent = partPaid();
    serve((request) => jsonResponse({ ...sent, ...(request.body as object), amountDue: '0.00' }), sent);
    const { router } = renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}/edit` });
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Status'), 'CLOSED_PAID');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const question = screen.getByRole('dialog', { name: 'Record the remaining $60.00 as a payment today?' });
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.paths('PUT')).toEqual([]);

    // The question follows the lines as they are now: $200.00 + GST, less the $50.00 paid.
    const line = screen.getByRole('group', { name: 'Line 1' });
    await user.clear(within(line).getByLabelText('Amount'));
    await user.type(within(line).getByLabelText('Amount'), '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(
        screen.getByRole('dialog', { name: 'Record the remaining $170.00 as a payment today?' }),
      ).getByRole('button', { name: 'Record payment and save' }),
    );

    expect(await screen.findByText('Invoice saved.')).toBeInTheDocument();
    expect(api.paths('PUT')).toEqual([`/sales/invoices/${sent.id}`]);
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      status: 'CLOSED_PAID',
      updated: sent.updated,
      lineItems: [{ description: 'Labour', amount: '200.00' }],
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/sales/invoices/${sent.id}`));
  });

  it("names the invoice's date as the payment's when the invoice is dated after today", async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T01:00:00Z'), toFake: ['Date'] });
    const later = partPaid({ date: '2026-12-10', due: '2026-12-24', amountPaid: '0.00' });
    serve(() => jsonResponse(later), later);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${later.id}/edit` });
    const user = userEvent.setup();

    await user.selectOptions(await screen.findByLabelText('Status'), 'CLOSED_PAID');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const question = screen.getByRole('dialog', {
      name: 'Record the remaining $110.00 as a payment on 10 Dec 2026?',
    });
    expect(question).toHaveTextContent(
      "dated 10 Dec 2026 (the invoice's date: a payment cannot be dated before its invoice)",
    );
  });

  it('saves without asking when nothing is left to pay', async () => {
    const paid = partPaid({ status: 'CLOSED_PAID', amountPaid: '110.00' });
    serve(() => jsonResponse(paid), paid);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${paid.id}/edit` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Reference'), 'PO 7781');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Invoice saved.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.paths('PUT')).toEqual([`/sales/invoices/${paid.id}`]);
  });

  it("shows the server's 409 when the new total is less than what was paid, keeping the lines", async () => {
    const sent = partPaid();
    const refusal = paymentMessages.totalBelowPaid('22.00', '50.00');
    serve(() => errorResponse('CONFLICT', refusal), sent);
    renderRoutes(invoiceRoutes, { route: `/sales/invoices/${sent.id}/edit` });
    const user = userEvent.setup();

    const line = await screen.findByRole('group', { name: 'Line 1' });
    await user.clear(within(line).getByLabelText('Amount'));
    await user.type(within(line).getByLabelText('Amount'), '20');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(within(line).getByLabelText('Amount')).toHaveValue('20');
  });
});
