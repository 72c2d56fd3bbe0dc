import type { AgedAmounts, Receivables } from '@fieldbook/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { renderRoutes } from '../../testing/render';
import { receivablesCsv } from './receivables-csv';
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

/** The report as at the date asked (today, 30 November, when none). */
function serve(report: (asAt: string) => Receivables = owing) {
  api.handle = (request) => {
    const asAt = new URLSearchParams(request.path.split('?')[1]).get('asAt') ?? '2026-11-30';
    return jsonResponse(report(asAt));
  };
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
    expect(api.paths()).toEqual(['/reports/receivables']);
  });

  it('links each figure but nothing to the invoices behind it, and the total row to every customer’s', async () => {
    serve();
    renderRoutes(receivablesRoutes, { route: '/reports/receivables' });
    const table = await screen.findByRole('table', { name: 'Aged receivables' });

    const open = `customer.id:${obrien.id} AND status:OPEN_SENT AND amountDue:>0`;
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
      'status:OPEN_SENT AND amountDue:>0 AND due:[2026-09-01 TO 2026-09-30]',
    );
    expect(queryOf(within(table).getByRole('link', { name: '$1,834.50: All customers, Total' }))).toBe(
      'status:OPEN_SENT AND amountDue:>0',
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
        'status:OPEN_SENT AND amountDue:>0 AND due:>=2026-10-31',
      ),
    );
    expect(router.state.location.search).toBe('?asAt=2026-10-31');
    expect(screen.getByLabelText('As at')).toHaveValue('2026-10-31');
    expect(api.paths()).toEqual(['/reports/receivables', '/reports/receivables?asAt=2026-10-31']);
  });

  it('says when no one owes anything, with no table and nothing to download', async () => {
    serve((asAt) => ({ asAt, customers: [], totals: nothing }));
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

  it('downloads the report as receivables-<date>.csv', async () => {
    serve();
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
    renderRoutes(receivablesRoutes, { route: '/reports/receivables?asAt=2026-11-30' });

    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));

    expect(saved).toEqual(['receivables-2026-11-30.csv']);
    expect(files[0]?.type).toBe('text/csv;charset=utf-8');
    expect(await files[0]?.text()).toBe(receivablesCsv(owing('2026-11-30')));
  });
});
