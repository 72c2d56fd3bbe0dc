import {
  apiMessages,
  DEFAULT_INVOICE_EMAIL,
  DEFAULT_ON_MY_WAY_EMAIL,
  DEFAULT_REMINDER_EMAIL,
  MAX_LOGO_BYTES,
  type Organisation,
  organisationMessages,
  type TemplateSummary,
} from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { NETWORK_FAILURE } from '../../lib/api-client';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { renderRoutes } from '../../testing/render';
import { settingsRoutes } from './routes';

const api = installFakeApi();

/** A 1×1 PNG: a logo the domain's check takes for one. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PNG_DATA_URL = `data:image/png;base64,${PNG_BASE64}`;

const template = (overrides: Partial<TemplateSummary>): TemplateSummary => ({
  id: '00000000-0000-7000-8000-00000000e001',
  name: 'Tax invoice',
  document: 'invoice',
  type: 'typst',
  default: false,
  ...overrides,
});

const taxInvoice = template({ default: true });
const plainInvoice = template({ id: '00000000-0000-7000-8000-00000000e002', name: 'Plain invoice' });
const jobSheet = template({ id: '00000000-0000-7000-8000-00000000e003', name: 'Job sheet', document: 'job' });
const statement = template({
  id: '00000000-0000-7000-8000-00000000e004',
  name: 'Statement',
  document: 'statement',
});
const plainStatement = template({
  id: '00000000-0000-7000-8000-00000000e005',
  name: 'Plain statement',
  document: 'statement',
});
const quote = template({ id: '00000000-0000-7000-8000-00000000e006', name: 'Quote', document: 'quote' });

/** The details as GET /organisation gives them: ABN, BSB and account number as digits. */
const stored: Organisation = {
  id: '00000000-0000-7000-8000-00000000d001',
  name: 'Harbourside Plumbing',
  legalName: 'Harbourside Plumbing Pty Ltd',
  abn: '51824753556',
  gstRegistered: true,
  address: '12 Wharf Street\nPyrmont NSW 2009',
  phone: '02 9660 1234',
  email: 'accounts@harbourside.example',
  website: 'https://harbourside.example',
  paymentAccountName: 'Harbourside Plumbing',
  paymentBsb: '063000',
  paymentAccountNumber: '12345678',
  timeZone: 'Australia/Sydney',
  paymentText: null,
  paymentTermsDays: 14,
  quoteValidityDays: 30,
  quoteTerms: 'Prices hold for 30 days; materials at cost if the site differs.',
  logo: PNG_DATA_URL,
  invoiceTemplate: { id: taxInvoice.id, name: taxInvoice.name },
  jobTemplate: { id: jobSheet.id, name: jobSheet.name },
  statementTemplate: { id: statement.id, name: statement.name },
  quoteTemplate: { id: quote.id, name: quote.name },
  invoiceEmailSubject: DEFAULT_INVOICE_EMAIL.subject,
  invoiceEmailMessage: DEFAULT_INVOICE_EMAIL.message,
  onMyWaySubject: DEFAULT_ON_MY_WAY_EMAIL.subject,
  onMyWayMessage: DEFAULT_ON_MY_WAY_EMAIL.message,
  reminderSubject: DEFAULT_REMINDER_EMAIL.subject,
  reminderMessage: DEFAULT_REMINDER_EMAIL.message,
  automaticReminderDays: [],
  created: '2025-03-01T09:30:00.000Z',
  updated: '2025-03-02T10:00:00.000Z',
};

/** GET /organisation, the template choices, and `save` answering the PUT. */
function serve(save: (request: RecordedRequest) => Response | Promise<Response>) {
  api.handle = (request) => {
    if (request.method === 'PUT') return save(request);
    if (request.path === '/templates?q=document:invoice&p=1&s=100')
      return jsonResponse([plainInvoice, taxInvoice], { total: 2 });
    if (request.path === '/templates?q=document:job&p=1&s=100') return jsonResponse([jobSheet], { total: 1 });
    if (request.path === '/templates?q=document:statement&p=1&s=100')
      return jsonResponse([plainStatement, statement], { total: 2 });
    if (request.path === '/templates?q=document:quote&p=1&s=100') return jsonResponse([quote], { total: 1 });
    return jsonResponse(stored);
  };
}

function renderPage() {
  const rendered = renderRoutes(settingsRoutes, { route: '/settings/organisation' });
  return { ...rendered, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));

describe('Organisation details', () => {
  it('shows the saved details with every field labelled, the ABN and BSB grouped, the logo and the templates', async () => {
    serve(() => jsonResponse(stored));
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organisation details' }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Breadcrumb' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Settings']);
    expect(await screen.findByLabelText(/^Organisation name/)).toHaveValue('Harbourside Plumbing');
    expect(field('Legal name')).toHaveValue('Harbourside Plumbing Pty Ltd');
    expect(field('ABN')).toHaveValue('51 824 753 556');
    expect(screen.getByRole('switch', { name: /Registered for GST/ })).toBeChecked();
    expect(field('Address')).toHaveValue('12 Wharf Street\nPyrmont NSW 2009');
    expect(field('Phone')).toHaveValue('02 9660 1234');
    expect(screen.getByLabelText('Email')).toHaveValue('accounts@harbourside.example');
    expect(field('Website')).toHaveValue('https://harbourside.example');
    const payment = screen.getByRole('group', { name: 'Payment details' });
    expect(within(payment).getByLabelText(/^Account name/)).toHaveValue('Harbourside Plumbing');
    expect(within(payment).getByLabelText(/^BSB/)).toHaveValue('063-000');
    expect(within(payment).getByLabelText(/^Account number/)).toHaveValue('12345678');
    expect(within(payment).getByLabelText(/^Other payment details/)).toHaveValue('');
    expect(field('Payment terms (days)')).toHaveValue('14');
    expect(field('Payment terms (days)')).toHaveAccessibleDescription(
      /A new invoice is due this many days after its date/,
    );
    expect(screen.getByRole('img', { name: 'The logo' })).toHaveAttribute('src', PNG_DATA_URL);
    expect(screen.getByRole('group', { name: 'Logo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove logo' })).toBeInTheDocument();
    const invoiceTemplate = field('Default invoice template');
    await vi.waitFor(() =>
      expect(
        within(invoiceTemplate)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Plain invoice', 'Tax invoice']),
    );
    expect(invoiceTemplate).toHaveValue(taxInvoice.id);
    expect(field('Default job template')).toHaveValue(jobSheet.id);
    expect(field('Default statement template')).toHaveValue(statement.id);
    expect(field('Default quote template')).toHaveValue(quote.id);
  });

  // It types about 120 characters one key at a time: 5 s alone on 2 cores, over 15 s on a busy machine.
  it('saves every field with the `updated` it read, says so, stays with the saved details, and saves again over them', async () => {
    const renamed: Organisation = {
      ...stored,
      name: "O'Brien & Sons Plumbing and Gas Fitting (Northern Beaches)",
      abn: '53004085616',
      paymentText: 'PayID: accounts@obrien.example',
      paymentTermsDays: 30,
      invoiceTemplate: { id: plainInvoice.id, name: plainInvoice.name },
      updated: '2025-03-03T08:00:00.000Z',
    };
    let saves = 0;
    serve(() => {
      saves += 1;
      return jsonResponse(saves === 1 ? renamed : { ...renamed, updated: '2025-03-03T08:05:00.000Z' });
    });
    const { router, user } = renderPage();

    const name = await screen.findByLabelText(/^Organisation name/);
    await user.clear(name);
    await user.type(name, renamed.name);
    await user.clear(field('ABN'));
    await user.type(field('ABN'), '53 004 085 616');
    await user.type(field('Other payment details'), 'PayID: accounts@obrien.example');
    await user.clear(field('Payment terms (days)'));
    await user.type(field('Payment terms (days)'), '30');
    await user.clear(field('Quotes valid for (days)'));
    await user.type(field('Quotes valid for (days)'), '45');
    await user.selectOptions(field('Default invoice template'), plainInvoice.id);
    await vi.waitFor(() =>
      expect(within(field('Default statement template')).getAllByRole('option')).toHaveLength(2),
    );
    await user.selectOptions(field('Default statement template'), plainStatement.id);
    expect(field('Time zone')).toHaveValue('Australia/Sydney');
    await user.selectOptions(field('Time zone'), 'Australia/Perth');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();
    const [put] = api.requests.filter((request) => request.method === 'PUT');
    expect(put?.path).toBe('/organisation');
    expect(put?.body).toEqual({
      name: renamed.name,
      legalName: 'Harbourside Plumbing Pty Ltd',
      // Typed with spaces; sent as the schema reads it, the digits (the server takes either).
      abn: '53004085616',
      gstRegistered: true,
      address: '12 Wharf Street\nPyrmont NSW 2009',
      phone: '02 9660 1234',
      email: 'accounts@harbourside.example',
      website: 'https://harbourside.example',
      paymentAccountName: 'Harbourside Plumbing',
      paymentBsb: '063000',
      paymentAccountNumber: '12345678',
      paymentText: 'PayID: accounts@obrien.example',
      paymentTermsDays: 30,
      quoteValidityDays: 45,
      quoteTerms: stored.quoteTerms,
      logo: PNG_DATA_URL,
      timeZone: 'Australia/Perth',
      invoiceTemplate: { id: plainInvoice.id },
      jobTemplate: { id: jobSheet.id },
      statementTemplate: { id: plainStatement.id },
      quoteTemplate: { id: quote.id },
      invoiceEmailSubject: DEFAULT_INVOICE_EMAIL.subject,
      invoiceEmailMessage: DEFAULT_INVOICE_EMAIL.message,
      onMyWaySubject: DEFAULT_ON_MY_WAY_EMAIL.subject,
      onMyWayMessage: DEFAULT_ON_MY_WAY_EMAIL.message,
      reminderSubject: DEFAULT_REMINDER_EMAIL.subject,
      reminderMessage: DEFAULT_REMINDER_EMAIL.message,
      automaticReminderDays: [],
      updated: stored.updated,
    });
    expect(router.state.location.pathname).toBe('/settings/organisation');
    expect(await screen.findByLabelText(/^Organisation name/)).toHaveValue(renamed.name);
    expect(field('ABN')).toHaveValue('53 004 085 616');
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('data-loading');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();

    // The next save is over the version just saved, not the one first read.
    // Saved with Ctrl+S in a field, the keyboard stays in that field.
    await user.type(field('Legal name'), ' (trading)');
    await user.keyboard('{Control>}s{/Control}');
    await vi.waitFor(() => expect(api.paths('PUT')).toHaveLength(2));
    // One notice: the second save's replaces the first's.
    await vi.waitFor(() => expect(screen.getAllByText('Organisation details saved.')).toHaveLength(1));
    expect(field('Legal name')).toHaveValue('Harbourside Plumbing Pty Ltd');
    expect(field('Legal name')).toHaveFocus();
    expect(api.requests.filter((request) => request.method === 'PUT')[1]?.body).toMatchObject({
      legalName: 'Harbourside Plumbing Pty Ltd (trading)',
      updated: renamed.updated,
    });
  }, 45_000);

  it('checks the ABN in the browser, and shows the server refusing one on the field and in the alert', async () => {
    serve(() =>
      errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
        { field: 'abn', message: organisationMessages.abnChecksum },
      ]),
    );
    const scrollTo = vi.spyOn(window, 'scrollTo');
    const { user } = renderPage();

    const abn = await screen.findByLabelText(/^ABN/);
    await user.clear(abn);
    await user.type(abn, '51 824 753 557');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(abn).toHaveAccessibleDescription(expect.stringContaining(organisationMessages.abnChecksum));
    expect(abn).toHaveFocus();
    expect(api.paths('PUT')).toEqual([]);

    // One the browser cannot fault, refused by the server.
    await user.clear(abn);
    await user.type(abn, '53 004 085 616');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Not saved${apiMessages.invalidRequest}`);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([organisationMessages.abnChecksum]);
    expect(abn).toHaveAttribute('aria-invalid', 'true');
    expect(abn).toHaveAccessibleDescription(expect.stringContaining(organisationMessages.abnChecksum));
    expect(abn).toHaveValue('53 004 085 616');
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
  }, 30_000);

  // Four saves of the organisation's long form, typing each key: longer than 15 s on a busy 2-core machine.
  it("takes away the earlier 'saved' notice when a later save fails, and a failed check too", async () => {
    let saves = 0;
    serve((request) => {
      saves += 1;
      return saves !== 2
        ? jsonResponse({ ...stored, ...(request.body as object), updated: `2025-03-03T08:0${saves}:00.000Z` })
        : errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
            { field: 'abn', message: organisationMessages.abnChecksum },
          ]);
    });
    const { user } = renderPage();
    await user.type(await screen.findByLabelText(/^Legal name/), ' (trading)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();

    await user.clear(await screen.findByLabelText(/^ABN/));
    await user.type(screen.getByLabelText(/^ABN/), '53 004 085 616');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Not saved${apiMessages.invalidRequest}`);
    expect(screen.queryByText('Organisation details saved.')).not.toBeInTheDocument();

    // The same after a save and a failed check in the browser.
    await user.clear(screen.getByLabelText(/^ABN/));
    await user.type(screen.getByLabelText(/^ABN/), '51 824 753 556');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();
    await user.clear(await screen.findByLabelText(/^ABN/));
    await user.type(screen.getByLabelText(/^ABN/), '51 824 753 557');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^ABN/)).toHaveAccessibleDescription(
      expect.stringContaining(organisationMessages.abnChecksum),
    );
    expect(screen.queryByText('Organisation details saved.')).not.toBeInTheDocument();
  }, 30_000);

  it('keeps what was typed when someone else saved first (409), and when no answer came, with Retry', async () => {
    let answer = () => staleSaveResponse('organisation');
    serve(() => answer());
    const { user } = renderPage();

    await user.type(await screen.findByLabelText(/^Legal name/), ' & Co');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the details again and keeps what was typed over them (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(field('Legal name')).toHaveValue('Harbourside Plumbing Pty Ltd & Co');

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(`Not saved${NETWORK_FAILURE}`),
    );
    expect(field('Legal name')).toHaveValue('Harbourside Plumbing Pty Ltd & Co');
    answer = () => jsonResponse({ ...stored, legalName: 'Harbourside Plumbing Pty Ltd & Co' });
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();
  });

  it('refuses a logo over 1 MB or of another type in the browser; takes a PNG, previews it, and removes it', async () => {
    serve((request) => jsonResponse({ ...stored, logo: (request.body as Organisation).logo }));
    renderRoutes(settingsRoutes, { route: '/settings/organisation' });
    const user = userEvent.setup({ applyAccept: false });

    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    expect(screen.queryByRole('img', { name: 'The logo' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose logo' })).toHaveFocus();

    const input = screen.getByLabelText('Logo file');
    await user.upload(
      input,
      new File([new Uint8Array(MAX_LOGO_BYTES + 1)], 'big.png', { type: 'image/png' }),
    );
    const choose = screen.getByRole('button', { name: 'Choose logo' });
    expect(choose).toHaveAttribute('aria-invalid', 'true');
    expect(choose).toHaveAccessibleDescription(expect.stringContaining(organisationMessages.logoSize));

    await user.upload(input, new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(choose).toHaveAccessibleDescription(expect.stringContaining(organisationMessages.logoType));
    expect(screen.queryByRole('img', { name: 'The logo' })).not.toBeInTheDocument();

    const png = Uint8Array.from(atob(PNG_BASE64), (char) => char.charCodeAt(0));
    await user.upload(input, new File([png], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'The logo' })).toHaveAttribute('src', PNG_DATA_URL);
    expect(screen.getByRole('button', { name: 'Replace logo' })).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'PUT').map((request) => request.body)).toEqual(
      [expect.objectContaining({ logo: PNG_DATA_URL })],
    );
  });

  it("saves the invoice email's subject and message, and explains their placeholders", async () => {
    const subject = 'Tax invoice {number}: {organisation}';
    const message =
      'Hi {customer},\n\nInvoice {number} for {total} is attached, due {dueDate}.\n\nCheers,\nHarbourside';
    serve((request) =>
      jsonResponse({ ...stored, ...(request.body as object), updated: '2025-03-03T08:00:00.000Z' }),
    );
    const { user } = renderPage();

    const group = await screen.findByRole('group', { name: 'Invoice email' });
    expect(group).toHaveAccessibleDescription(
      expect.stringContaining('{number} the invoice number, {total} its total, {dueDate} its due date'),
    );
    expect(group).toHaveAccessibleDescription(expect.stringContaining('{customer}'));
    expect(group).toHaveAccessibleDescription(expect.stringContaining('{organisation}'));
    const subjectBox = within(group).getByLabelText(/^Email subject/);
    const messageBox = within(group).getByLabelText(/^Email message/);
    expect(subjectBox).toHaveValue(DEFAULT_INVOICE_EMAIL.subject);
    expect(messageBox).toHaveValue(DEFAULT_INVOICE_EMAIL.message);

    // An empty subject is refused in the browser, on its field.
    await user.clear(subjectBox);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(subjectBox).toHaveAccessibleDescription(
      expect.stringContaining(organisationMessages.invoiceEmailSubject),
    );
    expect(subjectBox).toHaveFocus();
    expect(api.paths('PUT')).toEqual([]);

    // user.type reads braces as keys: paste the placeholders instead.
    await user.click(subjectBox);
    await user.paste(subject);
    await user.clear(messageBox);
    await user.click(messageBox);
    await user.paste(message);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      name: stored.name,
      invoiceEmailSubject: subject,
      invoiceEmailMessage: message,
      updated: stored.updated,
    });
    expect(await screen.findByLabelText(/^Email subject/)).toHaveValue(subject);
    expect(screen.getByLabelText(/^Email message/)).toHaveValue(message);
  });

  it("saves the payment reminder's texts and the days of automatic reminders", async () => {
    serve((request) =>
      jsonResponse({ ...stored, ...(request.body as object), updated: '2025-03-03T08:00:00.000Z' }),
    );
    const { user } = renderPage();

    const group = await screen.findByRole('group', { name: 'Payment reminder' });
    expect(group).toHaveAccessibleDescription(expect.stringContaining('{amountDue} what is still owing'));
    expect(group).toHaveAccessibleDescription(expect.stringContaining('{daysOverdue}'));
    expect(within(group).getByLabelText(/^Reminder subject/)).toHaveValue(DEFAULT_REMINDER_EMAIL.subject);
    expect(within(group).getByLabelText(/^Reminder message/)).toHaveValue(DEFAULT_REMINDER_EMAIL.message);
    const days = within(group).getByLabelText(/^Send reminders automatically \(days after the due date\)/);
    expect(days).toHaveValue('');
    expect(days).toHaveAccessibleDescription(expect.stringContaining('at most 5, each from 1 to 365'));

    // A day out of range is refused in the browser, on the box.
    await user.type(days, '7, 400');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(days).toHaveAccessibleDescription(expect.stringContaining(organisationMessages.reminderDay));
    expect(api.paths('PUT')).toEqual([]);
    // So is a sixth.
    await user.clear(days);
    await user.type(days, '1 2 3 4 5 6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(days).toHaveAccessibleDescription(expect.stringContaining(organisationMessages.reminderDays));
    expect(api.paths('PUT')).toEqual([]);

    await user.clear(days);
    await user.type(days, '21, 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      reminderSubject: DEFAULT_REMINDER_EMAIL.subject,
      automaticReminderDays: [7, 21],
    });
  });

  it('sends no logo once it is removed', async () => {
    serve(() => jsonResponse({ ...stored, logo: null }));
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Remove logo' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Organisation details saved.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({ logo: null });
    expect(screen.getByRole('button', { name: 'Choose logo' })).toBeInTheDocument();
  });
});
