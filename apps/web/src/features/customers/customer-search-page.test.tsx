import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { customer } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { customerRoutes } from './routes';

const api = installFakeApi();

function renderList(route = '/customers/search') {
  return renderRoutes(customerRoutes, { route });
}

/** The page numbers a pager offers. */
const pageNumbers = (pagination: HTMLElement) =>
  within(pagination)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')
    .filter((name) => /^\d+$/.test(name));

describe('CustomerSearchPage', () => {
  it('loads the first 15 customers of everything by default, with a spinner meanwhile', async () => {
    api.handle = () =>
      jsonResponse(
        [customer({ number: 1, name: 'Acme Plumbing' }), customer({ number: 2, name: 'Bondi Gas' })],
        {
          total: 2,
        },
      );
    renderList('/customers');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    const table = await screen.findByRole('table', { name: 'Customers' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Number', 'Name']);
    expect(within(table).getByRole('row', { name: '1 Acme Plumbing' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Bondi Gas' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/customers\/[0-9a-f-]{36}$/),
    );
    expect(api.paths()).toEqual(['/customers?q=*&p=1&s=15']);
    expect(screen.getByRole('link', { name: 'New customer' })).toHaveAttribute('href', '/customers/new');
  });

  it('takes q, p and s from the URL and links the pages with them', async () => {
    api.handle = () => jsonResponse([customer({ name: 'Smith & Sons' })], { total: 12 });
    renderList('/customers/search?q=smith&p=2&s=5');

    expect(await screen.findByRole('link', { name: 'Smith & Sons' })).toBeInTheDocument();
    expect(api.paths()).toEqual(['/customers?q=smith&p=2&s=5']);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: '2' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/customers/search?q=smith&p=3&s=5',
    );
  });

  it("finds O'Brien: the search box's words go to the API as typed, which reads them as words, and the keyboard stays in the box", async () => {
    api.handle = () => jsonResponse([customer({ name: "Liam O'Brien" })], { total: 1 });
    renderList();
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Customers' });

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), "O'Brien{Enter}");

    await vi.waitFor(() => expect(api.paths()).toContain(`/customers?q=O'Brien&p=1&s=15`));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveFocus();
  });

  it('says how many customers match, exactly (Total-Count-Relation: eq)', async () => {
    api.handle = () => jsonResponse([customer({ name: 'Smith & Sons' })], { total: 1047, relation: 'eq' });
    renderList('/customers/search?q=smith&p=1&s=15');

    await screen.findByRole('link', { name: 'Smith & Sons' });
    expect(screen.getByRole('status')).toHaveTextContent(/^1,047 customers$/);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('link', { name: 'Next' })).toHaveAttribute(
      'href',
      '/customers/search?q=smith&p=2&s=15',
    );
  });

  it('a search the server counted only up to 1,000 says 1,000+, and Next goes on past the pages it covers', async () => {
    const api1 = 'http://localhost:3000/api/customers?q=smith';
    api.handle = (request) => {
      const page = Number(new URL(request.path, 'http://x').searchParams.get('p'));
      const full = page === 21;
      return jsonResponse(
        Array.from({ length: full ? 50 : 3 }, (_, index) =>
          customer({ number: index + 1, name: `Smith ${index}` }),
        ),
        {
          total: 1000,
          relation: 'gte',
          links: {
            first: `${api1}&p=1&s=50`,
            prev: `${api1}&p=${page - 1}&s=50`,
            ...(full ? { next: `${api1}&p=${page + 1}&s=50` } : {}),
          },
        },
      );
    };
    renderList('/customers/search?q=smith&p=21&s=50');
    const user = userEvent.setup();

    await screen.findByRole('link', { name: 'Smith 49' });
    expect(screen.getByRole('status')).toHaveTextContent(/^1,000\+ customers$/);
    const pagination = screen.getByRole('navigation', { name: 'Pagination' });
    // 1,000 at 50 a page covers pages 1 to 20; page 21, reached by Next, is numbered too, and nothing after it.
    expect(within(pagination).getByRole('link', { name: '21' })).toHaveAttribute('aria-current', 'page');
    expect(within(pagination).queryByRole('link', { name: '22' })).not.toBeInTheDocument();
    const next = within(pagination).getByRole('link', { name: 'Next' });
    expect(next).toHaveAttribute('href', '/customers/search?q=smith&p=22&s=50');

    next.focus();
    await user.keyboard('{Enter}');

    await screen.findByRole('link', { name: '22' });
    expect(api.paths()).toEqual(['/customers?q=smith&p=21&s=50', '/customers?q=smith&p=22&s=50']);
    expect(within(pagination).getByRole('link', { name: '22' })).toHaveAttribute('aria-current', 'page');
    // Page 22 is not full: the server links no next page.
    expect(within(pagination).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
  });

  it("says 'No customers found.' when nothing matches", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderList('/customers/search?q=nobody');

    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  // 1,012 at 15 a page fill 68 pages; 1,000+ (counted up to 1,000) fill at least 67, and where they end is unknown.
  it.each([
    ['eq', 1012, 'There is nothing on page 70: this list has 68 pages.', 68],
    ['gte', 1000, 'There is nothing on page 70 of this search.', 1],
  ] as const)(
    'a page past the last (Total-Count-Relation: %s) says so, links the last page known, and numbers only pages there are',
    async (relation, total, text, goTo) => {
      api.handle = () => jsonResponse([], { total, relation });
      renderList('/customers/search?q=smith&p=70&s=15');

      expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
      expect(screen.queryByText('No customers found.')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: `Go to page ${goTo}` })).toHaveAttribute(
        'href',
        `/customers/search?q=smith&p=${goTo}&s=15`,
      );
      const pagination = screen.getByRole('navigation', { name: 'Pagination' });
      const last = Math.ceil(total / 15);
      expect(pageNumbers(pagination)).toEqual(
        Array.from({ length: 7 }, (_, index) => String(last - 6 + index)),
      );
      expect(within(pagination).getByRole('link', { name: 'Previous' })).toHaveAttribute(
        'href',
        `/customers/search?q=smith&p=${last}&s=15`,
      );
      expect(within(pagination).getByRole('link', { name: 'Next' })).toHaveAttribute('aria-disabled', 'true');
    },
  );

  it('says a search with no letters or numbers shows everything, and why', async () => {
    api.handle = () => jsonResponse([customer({ name: 'Acme Plumbing' })], { total: 1 });
    renderList('/customers/search?q=%F0%9F%90%9F');
    const user = userEvent.setup();

    expect(
      await screen.findByText(
        'The search "🐟" has no letters or numbers to look for, so it shows everything: 1 customer.',
      ),
    ).toHaveAttribute('role', 'status');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('!!!');
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText(
        'The search "!!!" has no letters or numbers to look for, so it shows everything: 1 customer.',
      ),
    ).toBeInTheDocument();

    // A search with words says only its count.
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('acme 🐟');
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(api.paths()).toContain('/customers?q=acme 🐟&p=1&s=15'));
    expect(await screen.findByText('1 customer')).toHaveAttribute('role', 'status');
  });

  it('reads out a search that finds nothing, as it reads the count of one that finds some', async () => {
    api.handle = (request) =>
      request.path.includes('q=nobody')
        ? jsonResponse([], { total: 0 })
        : jsonResponse([customer({ name: 'Acme Plumbing' })], { total: 1 });
    renderList();
    const user = userEvent.setup();
    expect(await screen.findByText('1 customer')).toHaveAttribute('role', 'status');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'nobody{Enter}');

    expect(await screen.findByText('No customers found.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('1 customer')).not.toBeInTheDocument();
  });

  it('searches again when the user searches, and an empty search shows everything', async () => {
    api.handle = () => jsonResponse([customer()], { total: 1 });
    const { router } = renderList('/customers/search?q=acme&p=2&s=15');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'bondi{Enter}');
    await screen.findByRole('table');
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() =>
      expect(api.paths()).toEqual([
        '/customers?q=acme&p=2&s=15',
        '/customers?q=bondi&p=1&s=15',
        '/customers?q=*&p=1&s=15',
      ]),
    );
    expect(router.state.location.search).toBe('?q=*&p=1&s=15');
  });

  it('repeating the same search loads the list again', async () => {
    api.handle = () => jsonResponse([customer()], { total: 1 });
    renderList('/customers/search?q=acme&p=1&s=15');
    const user = userEvent.setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Search' }));

    await vi.waitFor(() => expect(api.paths()).toHaveLength(2));
    expect(api.paths()[1]).toBe('/customers?q=acme&p=1&s=15');
  });

  it('says a search waits while the network is cut, keeps the last rows, and runs it when the connection is back', async () => {
    api.handle = () => jsonResponse([customer()], { total: 1 });
    renderList('/customers/search?q=acme&p=1&s=15');
    const user = userEvent.setup();
    await screen.findByRole('table');

    onlineManager.setOnline(false);
    try {
      await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
      // Pasted, so a slow machine's typing makes no search of its own before Enter.
      await user.paste("O'Brien");
      await user.keyboard('{Enter}');
      // Above the count (a status too) of the rows still shown.
      await vi.waitFor(() =>
        expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
          'You are offline. The search will run when the connection is back.',
          '1 customer',
        ]),
      );
      expect(screen.getByRole('table')).toBeInTheDocument();
      expect(api.paths()).toEqual(['/customers?q=acme&p=1&s=15']);
    } finally {
      onlineManager.setOnline(true);
    }
    const search = "/customers?q=O'Brien&p=1&s=15";
    await vi.waitFor(() => expect(api.paths()).toContain(search));
    // The search ran once, and nothing else was searched for. A busy machine has been seen to read the list it left
    // once more as the connection came back (cause not found): that is not a search, and no rows change.
    expect(api.paths().filter((path) => path === search)).toHaveLength(1);
    expect(new Set(api.paths())).toEqual(new Set(['/customers?q=acme&p=1&s=15', search]));
    // The only status left is the new search's count.
    await vi.waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^1 customer$/));
  });

  it('a 403 says the permissions are insufficient', async () => {
    api.handle = () => errorResponse('FORBIDDEN', 'You are not a member of this organisation.');
    renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient permissions. Please contact your administrator.',
    );
  });

  it('a server error says the service is unavailable', async () => {
    api.handle = () => errorResponse('INTERNAL', 'Something went wrong on our side. Please try again.');
    renderList();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Service unavailable. Please try again in a few minutes.',
    );
  });

  it('a network failure says Fieldbook could not be reached, and offers Retry', async () => {
    api.handle = () => Promise.reject(new TypeError('Failed to fetch'));
    renderList();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fieldbook could not be reached. Check your connection, then try again.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("a malformed search shows the server's message", async () => {
    api.handle = () =>
      errorResponse('VALIDATION_FAILED', 'Invalid search query: unexpected end of input', [
        { field: 'q', message: 'unexpected end of input' },
      ]);
    renderList('/customers/search?q=name%3A');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid search query: unexpected end of input',
    );
  });
});
