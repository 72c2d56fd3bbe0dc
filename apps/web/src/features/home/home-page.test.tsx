import type { AgedAmounts } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { customer, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { homeRoutes } from './routes';

const api = installFakeApi();

const nothingOwed: AgedAmounts = {
  current: '0.00',
  days1To30: '0.00',
  days31To60: '0.00',
  days61To90: '0.00',
  days90Plus: '0.00',
  total: '0.00',
  invoices: 0,
  overdueInvoices: 0,
};

/** GET /reports/receivables with these totals (the customers' rows do not matter to Home). */
const receivables = (totals: AgedAmounts) => jsonResponse({ asAt: '2026-11-30', customers: [], totals });

/** The customers' pages; the report owes nothing unless told. */
const customerRequests = (request: RecordedRequest) => request.path.startsWith('/customers');

/** `count` customers numbered 1 to count, as the list sends them: in number order, a page at a time. */
function customersByNumber(count: number) {
  const all = Array.from({ length: count }, (_, index) =>
    customer({ number: index + 1, name: `Customer ${index + 1}` }),
  );
  api.handle = (request) => {
    if (request.path === '/reports/receivables') return receivables(nothingOwed);
    const query = new URLSearchParams(request.path.split('?')[1]);
    const [p, s] = [Number(query.get('p')), Number(query.get('s'))];
    return jsonResponse(all.slice((p - 1) * s, p * s), { total: all.length });
  };
}

describe('HomePage', () => {
  it('names the organisation and offers the first things to do', async () => {
    customersByNumber(0);
    renderRoutes(homeRoutes, { route: '/' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Acme Plumbing' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New customer' })).toHaveAttribute('href', '/customers/new');
    expect(screen.getByRole('link', { name: 'New item' })).toHaveAttribute('href', '/items/new');
    expect(
      await screen.findByText('No customers yet. Add your first with New customer.'),
    ).toBeInTheDocument();
  });

  it('lists the 5 customers added last, newest first, each a link', async () => {
    customersByNumber(13);
    renderRoutes(homeRoutes, { route: '/' });

    const list = await screen.findByRole('list', { name: 'Recent customers' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'No. 13Customer 13',
      'No. 12Customer 12',
      'No. 11Customer 11',
      'No. 10Customer 10',
      'No. 9Customer 9',
    ]);
    expect(within(list).getByRole('link', { name: 'Customer 13' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/customers\/[\w-]+$/),
    );
    expect(screen.getByRole('link', { name: 'All customers' })).toHaveAttribute('href', '/customers/search');
    expect(api.requests.filter(customerRequests).map((request) => request.path)).toEqual([
      '/customers?q=*&p=1&s=5',
      '/customers?q=*&p=2&s=5',
      '/customers?q=*&p=3&s=5',
    ]);
  });

  it('with a few customers, lists them all from one request', async () => {
    customersByNumber(3);
    renderRoutes(homeRoutes, { route: '/' });

    const list = await screen.findByRole('list', { name: 'Recent customers' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Customer 3', 'Customer 2', 'Customer 1']);
    expect(api.requests.filter(customerRequests).map((request) => request.path)).toEqual([
      '/customers?q=*&p=1&s=5',
    ]);
  });
});

describe('HomePage, what is overdue', () => {
  it('says how much is overdue across how many invoices, a link to those invoices', async () => {
    customersByNumber(0);
    const handleCustomers = api.handle;
    api.handle = (request) =>
      request.path === '/reports/receivables'
        ? receivables({
            current: '110.00',
            days1To30: '220.00',
            days31To60: '50.00',
            days61To90: '220.00',
            days90Plus: '1234.55',
            total: '1834.55',
            invoices: 7,
            overdueInvoices: 6,
          })
        : handleCustomers(request);
    renderRoutes(homeRoutes, { route: '/', membership: membership({ role: 'OFFICE' }) });

    const overdue = await screen.findByRole('link', { name: 'Overdue: $1,724.55 across 6 invoices' });
    const [path, search] = (overdue.getAttribute('href') ?? '').split('?');
    expect(path).toBe('/sales/invoices/search');
    expect(new URLSearchParams(search).get('q')).toBe('overdue:true');
    expect(screen.getByRole('link', { name: 'Aged receivables' })).toHaveAttribute(
      'href',
      '/reports/receivables',
    );
    expect(api.paths()).toContain('/reports/receivables');
  });

  it('says when nothing is overdue', async () => {
    customersByNumber(0);
    renderRoutes(homeRoutes, { route: '/' });

    expect(await screen.findByText('Nothing overdue')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Overdue/ })).not.toBeInTheDocument();
  });

  it('is not for a Technician, whose home is their day: nothing asked of the report', async () => {
    customersByNumber(0);
    const { router } = renderRoutes([...homeRoutes, { path: '/today', element: <p>Your day</p> }], {
      route: '/',
      membership: membership({ role: 'TECHNICIAN' }),
    });

    expect(await screen.findByText('Your day')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/today');
    expect(screen.queryByText(/overdue/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Aged receivables' })).not.toBeInTheDocument();
    expect(api.paths()).toEqual([]);
  });
});
