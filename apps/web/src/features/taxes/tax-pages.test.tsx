import { apiMessages, type TaxRate } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { renderRoutes } from '../../testing/render';
import { taxRoutes } from './routes';

const api = installFakeApi();

let sequence = 0;

/** A tax rate as the API returns it: GST at 10 %. */
function taxRate(overrides: Partial<TaxRate> = {}): TaxRate {
  sequence += 1;
  return {
    id: `00000000-0000-7000-9000-${String(sequence).padStart(12, '0')}`,
    name: 'GST',
    rate: '10',
    created: '2025-03-01T09:30:00.000Z',
    updated: '2025-03-01T09:30:00.000Z',
    ...overrides,
  };
}

describe('TaxListPage', () => {
  it('lists each name as a link to its tax and the rate with a percent sign, 100 to a page, under Settings', async () => {
    const gst = taxRate();
    api.handle = () => jsonResponse([gst, taxRate({ name: 'GST Free', rate: '0' })], { total: 2 });
    renderRoutes(taxRoutes, { route: '/settings/taxes' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Taxes' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Taxes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Rate']);
    expect(within(table).getByRole('row', { name: 'GST 10%' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'GST Free 0%' })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'GST' })).toHaveAttribute(
      'href',
      `/settings/taxes/${gst.id}`,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(crumbs).getByText('Taxes')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New tax' })).toHaveAttribute('href', '/settings/taxes/new');
    expect(api.paths()).toEqual(['/tax-rates?q=*&p=1&s=100']);
  });

  it("says 'No taxes found.' when there are none", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(taxRoutes, { route: '/settings/taxes' });

    expect(await screen.findByText('No taxes found.')).toBeInTheDocument();
  });

  it('a 403 says the permissions are insufficient; another failure, that the service is unavailable', async () => {
    api.handle = () => errorResponse('FORBIDDEN', 'You are not a member of this organisation.');
    const { unmount } = renderRoutes(taxRoutes, { route: '/settings/taxes' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient permissions. Please contact your administrator.',
    );
    unmount();

    api.handle = () => new Response('Bad gateway', { status: 502 });
    renderRoutes(taxRoutes, { route: '/settings/taxes' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Service unavailable. Please try again in a few minutes.',
    );
  });
});

describe('TaxViewPage', () => {
  it("shows the name as the heading and 'Rate: 10%', with Edit, under Home › Settings › Taxes", async () => {
    const gst = taxRate();
    api.handle = () => jsonResponse(gst);
    renderRoutes(taxRoutes, { route: `/settings/taxes/${gst.id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'GST' })).toBeInTheDocument();
    expect(screen.getByText('Rate: 10%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/settings/taxes/${gst.id}/edit`,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Settings', 'Taxes']);
    expect(within(crumbs).getByRole('link', { name: 'Taxes' })).toHaveAttribute('href', '/settings/taxes');
    expect(within(crumbs).getByText('GST')).toHaveAttribute('aria-current', 'page');
  });

  it("a tax that does not exist shows the server's message", async () => {
    api.handle = () => errorResponse('NOT_FOUND', apiMessages.notFound('tax rate'));
    renderRoutes(taxRoutes, { route: `/settings/taxes/${taxRate().id}` });

    expect(await screen.findByRole('alert')).toHaveTextContent('Tax rate not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Tax' })).toBeInTheDocument();
  });

  it('deletes the tax after a question naming it, back at the list with a notice', async () => {
    const reduced = taxRate({ name: "GST – Reduced & Co's rate", rate: '12.5' });
    api.handle = (request) =>
      request.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : request.path.startsWith('/tax-rates?')
          ? jsonResponse([], { total: 0 })
          : jsonResponse(reduced);
    const { router } = renderRoutes(taxRoutes, { route: `/settings/taxes/${reduced.id}` });
    const user = userEvent.setup();

    expect(await screen.findByText('Rate: 12.5%')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete tax' }));
    const dialog = screen.getByRole('dialog', { name: "Delete tax GST – Reduced & Co's rate?" });
    expect(api.paths('DELETE')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete tax' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/settings/taxes'));
    expect(api.paths('DELETE')).toEqual([`/tax-rates/${reduced.id}`]);
    expect(await screen.findByText("Tax GST – Reduced & Co's rate deleted.")).toBeInTheDocument();
  });

  it("a tax that invoice lines use is not deleted: the server's message shows and the tax stays", async () => {
    const gst = taxRate();
    const inUse = 'Invoice lines use this tax rate, so it cannot be deleted. Rename it instead.';
    api.handle = (request) =>
      request.method === 'DELETE' ? errorResponse('CONFLICT', inUse) : jsonResponse(gst);
    const { router } = renderRoutes(taxRoutes, { route: `/settings/taxes/${gst.id}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete tax' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete tax GST?' })).getByRole('button', {
        name: 'Delete tax',
      }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(inUse);
    expect(router.state.location.pathname).toBe(`/settings/taxes/${gst.id}`);
    expect(screen.getByRole('heading', { level: 1, name: 'GST' })).toBeInTheDocument();
    expect(screen.getByText('Rate: 10%')).toBeInTheDocument();
  });
});

describe('Tax editor', () => {
  it('requires a name and a rate that is a number, before sending anything', async () => {
    renderRoutes(taxRoutes, { route: '/settings/taxes/new' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New tax' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the tax name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the tax rate.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Tax name/)).toHaveFocus();

    await user.type(screen.getByLabelText(/^Tax rate \(%\)/), 'ten');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Tax rate \(%\)/)).toHaveAccessibleDescription(
      /Enter the tax rate as a number, such as 10\./,
    );
    expect(screen.getByLabelText(/^Tax rate \(%\)/)).toHaveValue('ten');
    expect(api.requests).toHaveLength(0);
  });

  it('creates a tax and opens it, saying so', async () => {
    const created = taxRate({ name: "GST – Reduced & Co's rate", rate: '12.5' });
    api.handle = (request) =>
      request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created);
    const { router } = renderRoutes(taxRoutes, { route: '/settings/taxes/new' });
    const user = userEvent.setup();

    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Settings', 'Taxes']);
    await user.type(screen.getByLabelText(/^Tax name/), "GST – Reduced & Co's rate");
    await user.type(screen.getByLabelText(/^Tax rate \(%\)/), '12.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: "GST – Reduced & Co's rate" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Rate: 12.5%')).toBeInTheDocument();
    expect(await screen.findByText('Tax saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/settings/taxes/${created.id}`);
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/tax-rates');
    expect(post?.body).toEqual({ name: "GST – Reduced & Co's rate", rate: '12.5' });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('edits a tax, sending the updated it read, and opens it', async () => {
    const existing = taxRate({ name: 'Reduced rate', rate: '12.5', updated: '2025-04-01T00:00:00.000Z' });
    const saved = { ...existing, name: 'Reduced rate (WA)', rate: '7.25' };
    // The view reloads the tax on arrival (FRESH): after the save, the server has the saved one.
    let current = existing;
    api.handle = (request) => {
      if (request.method === 'PUT') current = saved;
      return jsonResponse(current);
    };
    const { router } = renderRoutes(taxRoutes, { route: `/settings/taxes/${existing.id}/edit` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit tax' })).toBeInTheDocument();
    const name = await screen.findByLabelText(/^Tax name/);
    const rate = screen.getByLabelText(/^Tax rate \(%\)/);
    expect(name).toHaveValue('Reduced rate');
    expect(rate).toHaveValue('12.5');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute(
      'href',
      `/settings/taxes/${existing.id}`,
    );
    await user.type(name, ' (WA)');
    await user.clear(rate);
    await user.type(rate, '7.25');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reduced rate (WA)' })).toBeInTheDocument();
    expect(screen.getByText('Rate: 7.25%')).toBeInTheDocument();
    expect(await screen.findByText('Tax saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/settings/taxes/${existing.id}`);
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      id: existing.id,
      name: 'Reduced rate (WA)',
      rate: '7.25',
      updated: '2025-04-01T00:00:00.000Z',
    });
  });

  it("shows the server's refusal in the alert and on each field, keeping what was typed", async () => {
    api.handle = () =>
      errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
        { field: 'name', message: 'A tax with this name already exists.' },
        { field: 'rate', message: 'The tax rate is too large.' },
      ]);
    const { router } = renderRoutes(taxRoutes, { route: '/settings/taxes/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Tax name/), 'GST');
    await user.type(screen.getByLabelText(/^Tax rate \(%\)/), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['A tax with this name already exists.', 'The tax rate is too large.']);
    expect(screen.getByLabelText(/^Tax name/)).toHaveAccessibleDescription(
      'A tax with this name already exists.',
    );
    expect(screen.getByLabelText(/^Tax rate \(%\)/)).toHaveAccessibleDescription(
      /The tax rate is too large\./,
    );
    expect(screen.getByLabelText(/^Tax name/)).toHaveFocus();
    expect(screen.getByLabelText(/^Tax name/)).toHaveValue('GST');
    expect(screen.getByLabelText(/^Tax rate \(%\)/)).toHaveValue('10');
    expect(router.state.location.pathname).toBe('/settings/taxes/new');
  });

  it('a stale save says someone else changed the tax, and keeps what was typed', async () => {
    const existing = taxRate({ name: 'Reduced rate', rate: '12.5' });
    api.handle = (request) =>
      request.method === 'PUT' ? staleSaveResponse('tax rate') : jsonResponse(existing);
    const { router } = renderRoutes(taxRoutes, { route: `/settings/taxes/${existing.id}/edit` });
    const user = userEvent.setup();

    const rate = await screen.findByLabelText(/^Tax rate \(%\)/);
    await user.clear(rate);
    await user.type(rate, '11');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Tax rate \(%\)/)).toHaveValue('11');
    expect(router.state.location.pathname).toBe(`/settings/taxes/${existing.id}/edit`);
  });
});
