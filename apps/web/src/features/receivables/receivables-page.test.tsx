import type { AgedAmounts, Receivables } from '@fieldbook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { receivablesRoutes } from './routes';

const api = installFakeApi();

const nothing: AgedAmounts = {
  current: '0.00',
  days1To30: '0.00',
  days31To60: '0.00',
  days61To90: '0.00',
  days90Plus: '0.00',
  total: '0.00',
  invoices: 0,
  overdueInvoices: 0,
};
const obrien = { id: '00000000-0000-7000-8000-00000000c001', name: "O'Brien & Sons, Plumbing" };
const harbour = { id: '00000000-0000-7000-8000-00000000c002', name: 'Harbour Dental Group' };

/** Two customers owing, as at `asAt`. */
const owing = (asAt: string): Receivables => ({
  asAt,
  customers: [
    {
      ...nothing,
      customer: obrien,
      current: '110.00',
      days1To30: '220.00',
      days31To60: '50.00',
      days90Plus: '1234.50',
      total: '1614.50',
      invoices: 5,
      overdueInvoices: 4,
    },
    { ...nothing, customer: harbour, days61To90: '220.00', total: '220.00', invoices: 2, overdueInvoices: 2 },
  ],
  customerCount: 2,
  totals: {
    current: '110.00',
    days1To30: '220.00',
    days31To60: '50.00',
    days61To90: '220.00',
    days90Plus: '1234.50',
    total: '1834.50',
    invoices: 7,
    overdueInvoices: 6,
  },
});

/** A request's query. */
const queryOfRequest = (request: RecordedRequest) => new URLSearchParams(request.path.split('?')[1]);

/** The report as at the date asked (today, 30 November, when none). */
function serve(report: (asAt: string, request: RecordedRequest) => Receivables = owing) {
  api.handle = (request) =>
    jsonResponse(report(queryOfRequest(request).get('asAt') ?? '2026-11-30', request));
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

/** The `q` of a link to the invoice list. */
function queryOf(link: HTMLElement): string | null {
  const [path, search] = (link.getAttribute('href') ?? '').split('?');
  expect(path).toBe('/sales/invoices/search');
  return new URLSearchParams(search).get('q');
}

beforeEach(() => {
  // 11 am on 30 November in Melbourne, the organisation's zone.
  vi.useFakeTimers({ now: new Date('2026-11-30T00:00:00Z'), toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ReceivablesPage', () => {
  it("shows what each customer owes by age as at today, and the totals in the table's last row", async () => {
    serve();
    renderRoutes(receivablesRoutes, { route: '/reports/receivables' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Aged receivables' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Aged receivables' });
    expect(screen.getByLabelText('As at')).toHaveValue('2026-11-30');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Customer', 'Current', '1–30 days', '31–60 days', '61–90 days', '90+ days', 'Total']);
    const [header, first, second, total] = within(table).getAllByRole('row') as HTMLElement[];
    expect(header).toBeDefined();
    expect(cells(first as HTMLElement)).toEqual([
      "O'Brien & Sons, Plumbing",
      '$110.00',
      '$220.00',
      '$50.00',
      '$0.00',
      '$1,234.50',
      '$1,614.50',
    ]);
    expect(cells(second as HTMLElement)).toEqual([
      'Harbour Dental Group',
      '$0.00',
      '$0.00',
      '$0.00',
      '$220.00',
      '$0.00',
      '$220.00',
    ]);
    expect(total?.closest('tfoot')).not.toBeNull();
    expect(cells(total as HTMLElement)).toEqual([
      'Total',
      '$110.00',
      '$220.00',
      '$50.00',
      '$220.00',
      '$1,234.50',
      '$1,834.50',
    ]);
    expect(within(table).getByRole('link', { name: "O'Brien & Sons, Plumbing" })).toHaveAttribute(
      'href',
      `/customers/${obrien.id}`,
    );
    expect(screen.getByRole('link', { name: 'Invoices' })).toHaveAttribute('href', '/sales/invoices/search');
    expect(screen.getByRole('status')).toHaveTextContent('2 customers owing');
    // One page: the pager the lists have, its one page the current one.
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('link', { name: '1' })).toHaveAttribute('aria-current', 'page');
    expect(within(pager).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    expect(api.paths()).toEqual(['/reports/receivables']);
  });

  it('links each figure but nothing to the invoices behind it, and the total row to every customer’s', async () => {
    serve();
    renderRoutes(receivablesRoutes, { route: '/reports/receivables' });
    const table = await screen.findByRole('table', { name: 'Aged receivables' });

    const open = `customer.id:${obrien.id} AND status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30`;
    expect(
      queryOf(within(table).getByRole('link', { name: "$220.00: O'Brien & Sons, Plumbing, 1–30 days" })),
    ).toBe(`${open} AND due:[2026-10-31 TO 2026-11-29]`);
    expect(
      queryOf(within(table).getByRole('link', { name: "$110.00: O'Brien & Sons, Plumbing, Current" })),
    ).toBe(`${open} AND due:>=2026-11-30`);
    expect(
      queryOf(within(table).getByRole('link', { name: "$1,234.50: O'Brien & Sons, Plumbing, 90+ days" })),
    ).toBe(`${open} AND due:<=2026-08-31`);
    expect(
      queryOf(within(table).getByRole('link', { name: "$1,614.50: O'Brien & Sons, Plumbing, Total" })),
    ).toBe(open);
    expect(queryOf(within(table).getByRole('link', { name: '$220.00: All customers, 61–90 days' }))).toBe(
      'status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30 AND due:[2026-09-01 TO 2026-09-30]',
    );
    expect(queryOf(within(table).getByRole('link', { name: '$1,834.50: All customers, Total' }))).toBe(
      'status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30',
    );
    // Harbour owes nothing current: $0.00 is not a link.
    const harbourRow = within(table).getByRole('link', { name: 'Harbour Dental Group' }).closest('tr');
    expect(
      within(harbourRow as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Harbour Dental Group', '$220.00', '$220.00']);
  });

  it('ages the invoices as at the date chosen, and keeps it in the address', async () => {
    serve();
    const { router } = renderRoutes(receivablesRoutes, { route: '/reports/receivables' });
    await screen.findByRole('table', { name: 'Aged receivables' });

    fireEvent.change(screen.getByLabelText('As at'), { target: { value: '2026-10-31' } });

    // The report as at 30 November stays until that of 31 October comes.
    await waitFor(() =>
      expect(queryOf(screen.getByRole('link', { name: '$110.00: All customers, Current' }))).toBe(
        'status:OPEN_SENT AND amountDue:>0 AND date:<=2026-10-31 AND due:>=2026-10-31',
      ),
    );
    expect(router.state.location.search).toBe('?asAt=2026-10-31');
    expect(screen.getByLabelText('As at')).toHaveValue('2026-10-31');
    expect(api.paths()).toEqual(['/reports/receivables', '/reports/receivables?asAt=2026-10-31']);
  });

  it('says when no one owes anything, with no table and nothing to download', async () => {
    serve((asAt) => ({ asAt, customers: [], customerCount: 0, totals: nothing }));
    renderRoutes(receivablesRoutes, { route: '/reports/receivables?asAt=2026-07-01' });

    expect(await screen.findByText('No one owes you anything as at 1 July 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('As at')).toHaveValue('2026-07-01');
    expect(api.paths()).toEqual(['/reports/receivables?asAt=2026-07-01']);
  });

  it('says when the report could not be loaded, and loads it again on Retry', async () => {
    let fail = true;
    api.handle = () =>
      fail ? errorResponse('SERVICE_UNAVAILABLE', 'Try again soon.') : jsonResponse(owing('2026-11-30'));
    renderRoutes(receivablesRoutes, { route: '/reports/receivables' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable. Please try again in a few minutes.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('table', { name: 'Aged receivables' })).toBeInTheDocument();
  });

  it('shows a page of customers at a time, the page in the address, and the totals of them all on each', async () => {
    const names = ['Alpha Electrical', 'Bayside Dental', 'Coastal Builders', 'Delta Air', 'Echo Cafe'];
    const everyone = names.map((name, index) => ({
      ...nothing,
      customer: { id: `00000000-0000-7000-8000-00000000d00${index}`, name },
      days1To30: `${500 - index * 100}.00`,
      total: `${500 - index * 100}.00`,
      invoices: 1,
      overdueInvoices: 1,
    }));
    const totals = { ...nothing, days1To30: '1500.00', total: '1500.00', invoices: 5, overdueInvoices: 5 };
    serve((asAt, request) => {
      const p = Number(queryOfRequest(request).get('p') ?? 1);
      const s = Number(queryOfRequest(request).get('s') ?? 100);
      const customers = everyone.slice((p - 1) * s, p * s);
      return { asAt, customers, customerCount: everyone.length, totals };
    });
    const { router } = renderRoutes(receivablesRoutes, { route: '/reports/receivables?s=2' });
    const table = await screen.findByRole('table', { name: 'Aged receivables' });
    const customerNames = () =>
      within(screen.getByRole('table', { name: 'Aged receivables' }))
        .getAllByRole('row')
        .slice(1, -1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

    expect(customerNames()).toEqual(['Alpha Electrical', 'Bayside Dental']);
    expect(screen.getByRole('status')).toHaveTextContent('5 customers owing');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(
      within(pager)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Previous', '1', '2', '3', 'Next']);
    expect(within(pager).getByRole('link', { name: '3' })).toHaveAttribute(
      'href',
      '/reports/receivables?p=3&s=2',
    );
    const allCustomers = '$1,500.00: All customers, Total';
    expect(within(table).getByRole('link', { name: allCustomers })).toBeInTheDocument();

    await userEvent.click(within(pager).getByRole('link', { name: 'Next' }));

    await waitFor(() => expect(customerNames()).toEqual(['Coastal Builders', 'Delta Air']));
    expect(router.state.location.search).toBe('?p=2&s=2');
    // The total row is every customer's still, and each figure still opens its customer's invoices.
    const footer = within(screen.getByRole('table', { name: 'Aged receivables' }))
      .getAllByRole('row')
      .at(-1);
    expect(cells(footer as HTMLElement)).toEqual([
      'Total',
      '$0.00',
      '$1,500.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '$1,500.00',
    ]);
    expect(queryOf(screen.getByRole('link', { name: '$300.00: Coastal Builders, 1–30 days' }))).toBe(
      `customer.id:${everyone[2]?.customer.id} AND status:OPEN_SENT AND amountDue:>0 AND date:<=2026-11-30 AND due:[2026-10-31 TO 2026-11-29]`,
    );
    expect(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('link', { name: '2' }),
    ).toHaveAttribute('aria-current', 'page');

    // Another date starts again from its first page, of the same size.
    fireEvent.change(screen.getByLabelText('As at'), { target: { value: '2026-10-31' } });
    await waitFor(() => expect(router.state.location.search).toBe('?asAt=2026-10-31&s=2'));
    await waitFor(() => expect(customerNames()).toEqual(['Alpha Electrical', 'Bayside Dental']));
    expect(api.paths()).toEqual([
      '/reports/receivables?s=2',
      '/reports/receivables?p=2&s=2',
      '/reports/receivables?asAt=2026-10-31&s=2',
    ]);
  });

  it('downloads the whole report from the server as receivables-<date>.csv', async () => {
    const file = '\uFEFFCustomer,Current,1–30 days,31–60 days,61–90 days,90+ days,Total\r\n';
    api.handle = (request) =>
      request.path.startsWith('/reports/receivables/csv')
        ? new Response(file, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
        : jsonResponse(owing(queryOfRequest(request).get('asAt') ?? '2026-11-30'));
    const files: Blob[] = [];
    const saved: string[] = [];
    Object.assign(URL, {
      createObjectURL: (file: Blob) => {
        files.push(file);
        return 'blob:http://localhost/receivables';
      },
      revokeObjectURL: () => undefined,
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderRoutes(receivablesRoutes, { route: '/reports/receivables?asAt=2026-10-31&p=1' });

    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(saved).toEqual(['receivables-2026-10-31.csv']));
    const asked = api.requests.find((request) => request.path.startsWith('/reports/receivables/csv'));
    expect(asked?.path).toBe('/reports/receivables/csv?asAt=2026-10-31');
    expect(asked?.headers.get('Accept')).toBe('text/csv, application/json');
    // The file as the server wrote it, its byte order mark kept.
    const bytes = new Uint8Array(await (files[0] as Blob).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(file);
  });

  it('says when the CSV could not be downloaded', async () => {
    api.handle = (request) =>
      request.path.startsWith('/reports/receivables/csv')
        ? errorResponse('SERVICE_UNAVAILABLE', 'Try again soon.')
        : jsonResponse(owing('2026-11-30'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    renderRoutes(receivablesRoutes, { route: '/reports/receivables' });

    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not downloaded');
    expect(alert).toHaveTextContent('Try again soon.');
    expect(click).not.toHaveBeenCalled();
  });
});
