import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, jsonResponse } from '../../testing/api';
import { customer } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { homeRoutes } from './routes';

const api = installFakeApi();

/** `count` customers numbered 1 to count, as the list sends them: in number order, a page at a time. */
function customersByNumber(count: number) {
  const all = Array.from({ length: count }, (_, index) =>
    customer({ number: index + 1, name: `Customer ${index + 1}` }),
  );
  api.handle = (request) => {
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
    expect(api.paths()).toEqual([
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
    expect(api.paths()).toEqual(['/customers?q=*&p=1&s=5']);
  });
});
