import { apiMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { item } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { itemRoutes } from './routes';

const api = installFakeApi();

describe('ItemSearchPage', () => {
  it('lists code, description and price in dollars excluding GST, 10 to a page, under its breadcrumbs', async () => {
    const labour = item({ code: 'LAB-HR', description: 'Labour, per hour', price: '95.5' });
    api.handle = () => jsonResponse([labour, item({ code: 'TAP', price: '1234' })], { total: 2 });
    renderRoutes(itemRoutes, { route: '/items' });

    const table = await screen.findByRole('table', { name: 'Items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Code', 'Description', 'Price (excl. GST)']);
    expect(within(table).getByRole('row', { name: 'LAB-HR Labour, per hour $95.50' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^TAP .* \$1,234.00$/ })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Items')).toHaveAttribute('aria-current', 'page');
    expect(within(table).getByRole('link', { name: 'LAB-HR' })).toHaveAttribute(
      'href',
      `/items/${labour.id}`,
    );
    expect(api.paths()).toEqual(['/items?q=*&p=1&s=10']);
    expect(screen.getByRole('link', { name: 'New item' })).toHaveAttribute('href', '/items/new');
  });

  it("says 'No items found.' when nothing matches, and searches from /items", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    const { router } = renderRoutes(itemRoutes, { route: '/items?q=zzz' });
    const user = userEvent.setup();

    expect(await screen.findByText('No items found.')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'tap{Enter}');

    await vi.waitFor(() => expect(router.state.location.search).toBe('?q=tap&p=1&s=10'));
    expect(router.state.location.pathname).toBe('/items');
  });

  it('a 403 says the permissions are insufficient', async () => {
    api.handle = () => errorResponse('FORBIDDEN', 'You are not a member of this organisation.');
    renderRoutes(itemRoutes, { route: '/items' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient permissions. Please contact your administrator.',
    );
  });
});

/** Types a new item's code, description and price, and saves. */
async function typeItem(user: UserEvent, code: string, description: string, price: string) {
  await user.type(await screen.findByLabelText(/^Code/), code);
  await user.type(screen.getByLabelText(/^Description/), description);
  await user.type(screen.getByLabelText(/^Price/), price);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

describe('Item editor', () => {
  it('requires code, description and a price that is not negative, with at most 2 decimals', async () => {
    renderRoutes(itemRoutes, { route: '/items/new' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New item' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the item code.')).toBeInTheDocument();
    expect(screen.getByText('Enter the description.')).toBeInTheDocument();
    expect(screen.getByText('Enter the price.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Price/), '-1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The price cannot be negative.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '1.234');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Use at most 2 decimal places.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);
  });

  it('creates an item with the price as a decimal string and opens it', async () => {
    const created = item({ code: 'TAP-01', description: 'Mixer tap', price: '149.90' });
    api.handle = (request) =>
      request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created);
    const { router } = renderRoutes(itemRoutes, { route: '/items/new' });
    const user = userEvent.setup();

    await typeItem(user, 'TAP-01', 'Mixer tap', '149.9');

    expect(await screen.findByRole('heading', { level: 1, name: 'TAP-01' })).toBeInTheDocument();
    expect(await screen.findByText('Item saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/items/${created.id}`);
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/items');
    expect(post?.body).toEqual({ code: 'TAP-01', description: 'Mixer tap', price: '149.90' });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('reads a price typed with a dollar sign and thousands, and sends it plain; badly grouped is refused', async () => {
    api.handle = () => jsonResponse(item({ code: 'HWS-250', price: '1234.50' }), { status: 201 });
    renderRoutes(itemRoutes, { route: '/items/new' });
    const user = userEvent.setup();

    await typeItem(user, 'HWS-250', 'Hot water unit', '1,23.4');
    expect(await screen.findByText('Enter the price as a number, such as 12.50.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Price/));
    await user.type(screen.getByLabelText(/^Price/), '$1,234.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Item saved.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      code: 'HWS-250',
      description: 'Hot water unit',
      price: '1234.50',
    });
  });

  it('shows a duplicate code in the alert and on the Code field', async () => {
    api.handle = () =>
      errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
        { field: 'code', message: 'An item with this code already exists.' },
      ]);
    renderRoutes(itemRoutes, { route: '/items/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Code/), 'TAP-01');
    await user.type(screen.getByLabelText(/^Description/), 'Mixer tap');
    await user.type(screen.getByLabelText(/^Price/), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('An item with this code already exists.');
    expect(screen.getByLabelText(/^Code/)).toHaveAccessibleDescription(
      'An item with this code already exists.',
    );
    expect(screen.getByLabelText(/^Code/)).toHaveFocus();

    // Changing the code takes its error away.
    await user.type(screen.getByLabelText(/^Code/), '-2');
    expect(screen.getByLabelText(/^Code/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Code/)).not.toHaveAccessibleDescription(
      'An item with this code already exists.',
    );
  });

  it('asks for the price without GST', async () => {
    renderRoutes(itemRoutes, { route: '/items/new' });

    expect(await screen.findByLabelText(/^Price/)).toHaveAccessibleDescription(
      'Dollars and cents, excl. GST',
    );
  });

  it('requires the code before sending anything, with the focus on it', async () => {
    renderRoutes(itemRoutes, { route: '/items/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Description/), 'Mixer tap');
    await user.type(screen.getByLabelText(/^Price/), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByLabelText(/^Code/)).toHaveFocus();
    expect(screen.getByLabelText(/^Code/)).toHaveAccessibleDescription('Enter the item code.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits an item, sending the updated it read', async () => {
    const existing = item({ code: 'LAB-HR', price: '95.00', updated: '2025-04-01T00:00:00.000Z' });
    api.handle = (request) =>
      request.method === 'PUT' ? jsonResponse({ ...existing, price: '99.00' }) : jsonResponse(existing);
    const { router } = renderRoutes(itemRoutes, { route: `/items/${existing.id}/edit` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit item' })).toBeInTheDocument();
    const price = await screen.findByLabelText(/^Price/);
    expect(price).toHaveValue('95.00');
    await user.clear(price);
    await user.type(price, '99');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/items/${existing.id}`));
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      id: existing.id,
      code: 'LAB-HR',
      description: existing.description,
      price: '99.00',
      updated: '2025-04-01T00:00:00.000Z',
    });
  });
});

describe('ItemViewPage', () => {
  it("an item that does not exist shows the server's message", async () => {
    api.handle = () => errorResponse('NOT_FOUND', apiMessages.notFound('item'));
    renderRoutes(itemRoutes, { route: `/items/${item().id}` });

    expect(await screen.findByRole('alert')).toHaveTextContent('Item not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Item' })).toBeInTheDocument();
  });

  it('shows the item under its breadcrumbs and deletes it after confirmation naming it, saying so', async () => {
    const tap = item({ code: 'TAP-01', description: 'Mixer tap', price: '149.9' });
    api.handle = (request) =>
      request.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : request.path.startsWith('/items?')
          ? jsonResponse([], { total: 0 })
          : jsonResponse(tap);
    const { router } = renderRoutes(itemRoutes, { route: `/items/${tap.id}` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'TAP-01' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Description Mixer tap' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Price $149.90 excl. GST' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `/items/${tap.id}/edit`);
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Items' })).toHaveAttribute('href', '/items');
    expect(within(crumbs).getByText('TAP-01')).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete item TAP-01?' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/items'));
    expect(api.paths('DELETE')).toEqual([`/items/${tap.id}`]);
    expect(await screen.findByText('Item TAP-01 deleted.')).toBeInTheDocument();
  });
});
