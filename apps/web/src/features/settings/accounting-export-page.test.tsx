import { exportMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_FAILURE } from '../../lib/api-client';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { lastFullMonth } from './accounting-export-page';
import { settingsRoutes } from './routes';

const api = installFakeApi();

/** 1:30 am on 1 December in Melbourne (the tests' browser), still 30 November in Perth. */
const NOW = new Date('2026-11-30T14:30:00Z');

/** A file as the API sends it, with the headers that say what it holds. */
const csv = (headers: Record<string, string>) =>
  new Response('*ContactName\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8', ...headers } });

/** The files the page saves: each object URL made, and each `<a download>` clicked (jsdom has neither). */
function captureDownloads() {
  const saved: string[] = [];
  Object.assign(URL, {
    createObjectURL: () => 'blob:http://localhost/export',
    revokeObjectURL: () => undefined,
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

function renderPage(timeZone = 'Australia/Perth') {
  renderRoutes(settingsRoutes, {
    route: '/settings/accounting-export',
    membership: membership({ timeZone }),
  });
  return userEvent.setup();
}

const exportPaths = () => api.paths().filter((path) => path.startsWith('/exports/'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('lastFullMonth', () => {
  it.each([
    ['2026-11-14', '2026-10-01', '2026-10-31'],
    ['2026-03-01', '2026-02-01', '2026-02-28'],
    ['2028-03-31', '2028-02-01', '2028-02-29'],
    ['2027-01-05', '2026-12-01', '2026-12-31'],
  ])('before %s is %s to %s', (today, from, to) => {
    expect(lastFullMonth(today)).toEqual({ from, to });
  });
});

describe('Accounting export', () => {
  it("starts at the last whole month of the organisation's calendar and downloads its invoices for Xero", async () => {
    const saved = captureDownloads();
    api.handle = () =>
      csv({ 'Xero-Amounts-Are': 'Tax Exclusive', 'Xero-Count': '12', 'Xero-Other-Count': '0' });
    const user = renderPage('Australia/Perth');

    expect(await screen.findByRole('heading', { level: 1, name: 'Accounting export' })).toBeInTheDocument();
    // Still November in Perth, so the last whole month is October (in Melbourne it would be November).
    expect(screen.getByLabelText(/^From/)).toHaveValue('2026-10-01');
    expect(screen.getByLabelText(/^To/)).toHaveValue('2026-10-31');
    const invoices = screen.getByRole('region', { name: 'Invoices' });
    expect(invoices).toHaveTextContent('Sales › Invoices › Import');
    expect(invoices).toHaveTextContent('Tax Exclusive or Tax Inclusive');
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent('Import a Statement');

    await user.click(screen.getByRole('button', { name: 'Download invoices for Xero' }));

    expect(
      await within(invoices).findByText(/Saved xero-invoices-2026-10-01-to-2026-10-31.csv with 12 invoices/),
    ).toHaveTextContent("At Xero's import, choose Tax Exclusive.");
    expect(exportPaths()).toEqual(['/exports/xero/invoices?from=2026-10-01&to=2026-10-31']);
    expect(api.requests.at(-1)?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(saved).toEqual(['xero-invoices-2026-10-01-to-2026-10-31.csv']);
  });

  it('asks for the dates typed, and downloads the payments for Xero', async () => {
    const saved = captureDownloads();
    api.handle = () => csv({ 'Xero-Count': '3' });
    const user = renderPage('Australia/Melbourne');

    const from = await screen.findByLabelText(/^From/);
    expect(from).toHaveValue('2026-11-01');
    await user.clear(from);
    await user.type(from, '2026-07-01');
    const to = screen.getByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-09-30');
    await user.click(screen.getByRole('button', { name: 'Download payments for Xero' }));

    expect(
      await screen.findByText('Saved xero-payments-2026-07-01-to-2026-09-30.csv with 3 payments.'),
    ).toBeInTheDocument();
    expect(exportPaths()).toEqual(['/exports/xero/payments?from=2026-07-01&to=2026-09-30']);
    expect(saved).toEqual(['xero-payments-2026-07-01-to-2026-09-30.csv']);
  });

  it('offers the invoices of the other kind of prices as a file of their own', async () => {
    const saved = captureDownloads();
    api.handle = (request) =>
      request.path.includes('amounts=inclusive')
        ? csv({ 'Xero-Amounts-Are': 'Tax Inclusive', 'Xero-Count': '1', 'Xero-Other-Count': '12' })
        : csv({ 'Xero-Amounts-Are': 'Tax Exclusive', 'Xero-Count': '12', 'Xero-Other-Count': '1' });
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Download invoices for Xero' }));
    expect(
      await screen.findByText(/1 invoice of these dates has prices entered including tax/),
    ).toHaveTextContent('imported choosing Tax Inclusive');
    await user.click(screen.getByRole('button', { name: 'Download the 1 tax-inclusive invoice' }));

    expect(
      await screen.findByText(
        /Saved xero-invoices-2026-10-01-to-2026-10-31-tax-inclusive.csv with 1 invoice/,
      ),
    ).toHaveTextContent('choose Tax Inclusive');
    expect(exportPaths()).toEqual([
      '/exports/xero/invoices?from=2026-10-01&to=2026-10-31',
      '/exports/xero/invoices?from=2026-10-01&to=2026-10-31&amounts=inclusive',
    ]);
    expect(saved).toEqual([
      'xero-invoices-2026-10-01-to-2026-10-31.csv',
      'xero-invoices-2026-10-01-to-2026-10-31-tax-inclusive.csv',
    ]);
  });

  it('says which invoices Xero will total otherwise, charging 10 % where another rate was', async () => {
    captureDownloads();
    api.handle = () =>
      csv({
        'Xero-Amounts-Are': 'Tax Exclusive',
        'Xero-Count': '12',
        'Xero-Other-Count': '0',
        'Xero-Other-Rate-Count': '2',
      });
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Download invoices for Xero' }));
    expect(
      await screen.findByText(/2 invoices in the file charge a tax rate other than 10 %/),
    ).toHaveTextContent(
      'Check their totals in Xero: 2 invoices in the file charge a tax rate other than 10 % on a line, and Xero charges GST at 10 % on every taxed line.',
    );
  });

  it('saves no file for dates with nothing in them, and says so', async () => {
    const saved = captureDownloads();
    api.handle = () =>
      csv({ 'Xero-Amounts-Are': 'Tax Exclusive', 'Xero-Count': '0', 'Xero-Other-Count': '0' });
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Download invoices for Xero' }));

    expect(
      await screen.findByText(
        'No invoices were sent or paid from 1 Oct 2026 to 31 Oct 2026, so no file was saved.',
      ),
    ).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it("shows the server's refusal and that nothing was lost, and saves nothing", async () => {
    const saved = captureDownloads();
    api.handle = () =>
      errorResponse('VALIDATION_FAILED', 'Some fields are not valid.', [
        { field: 'to', message: exportMessages.tooManyInvoices(612) },
      ]);
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Download invoices for Xero' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invoices not downloaded: nothing was changed or lost');
    expect(alert).toHaveTextContent(exportMessages.tooManyInvoices(612));
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('offers Retry when Fieldbook could not be reached, and downloads on it', async () => {
    const saved = captureDownloads();
    let reached = false;
    api.handle = () => {
      if (!reached) {
        reached = true;
        throw new TypeError('Failed to fetch');
      }
      return csv({ 'Xero-Count': '2' });
    };
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Download payments for Xero' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payments not downloaded: nothing was changed or lost');
    expect(alert).toHaveTextContent(NETWORK_FAILURE);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText(/with 2 payments/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(saved).toEqual(['xero-payments-2026-10-01-to-2026-10-31.csv']);
  });

  it('refuses a last date before the first on its box, asking for nothing', async () => {
    api.handle = () => jsonResponse({});
    const user = renderPage();

    const to = await screen.findByLabelText(/^To/);
    await user.clear(to);
    await user.type(to, '2026-09-30');
    await user.click(screen.getByRole('button', { name: 'Download invoices for Xero' }));

    expect(to).toHaveAccessibleDescription(exportMessages.toBeforeFrom);
    expect(exportPaths()).toEqual([]);
  });
});

describe('Settings', () => {
  it('lists the accounting export for an Owner', async () => {
    renderRoutes(settingsRoutes, { route: '/settings' });
    expect(await screen.findByRole('link', { name: 'Accounting export' })).toHaveAttribute(
      'href',
      '/settings/accounting-export',
    );
    expect(screen.getByText('Your invoices and payments as files to import into Xero.')).toBeInTheDocument();
  });

  it('leaves it out for the Office', async () => {
    renderRoutes(settingsRoutes, { route: '/settings', membership: membership({ role: 'OFFICE' }) });
    expect(await screen.findByRole('link', { name: 'Taxes' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Accounting export' })).not.toBeInTheDocument();
  });
});
