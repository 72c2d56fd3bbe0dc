import { apiMessages, customerMessages } from '@fieldbook/domain';
import { onlineManager } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { OWN_SAVE_CARRIED, STALE_SAVE_CARRIED } from '../../components/form/stale-save';
import { NETWORK_FAILURE } from '../../lib/api-client';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { keyReusedResponse, staleSaveResponse } from '../../testing/conflicts';
import { addressSuggestion, customer } from '../../testing/records';
import { renderRoutes, renderWithProviders } from '../../testing/render';
import { useCreateCustomer } from './api/create-customer';
import { customerQueryOptions } from './api/get-customer';
import { CustomerEditor } from './customer-editor';
import { customerRoutes } from './routes';

const api = installFakeApi();

describe('New customer', () => {
  it('has breadcrumbs, the heading, labelled fields and no number', async () => {
    renderRoutes(customerRoutes, { route: '/customers/new' });

    expect(await screen.findByRole('heading', { level: 1, name: 'New customer' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByRole('link', { name: 'Customers' })).toHaveAttribute(
      'href',
      '/customers/search',
    );
    expect(within(crumbs).getByText('New customer')).toHaveAttribute('aria-current', 'page');
    for (const label of ['Name', 'Billing address', 'Phone', 'Fax', 'Email', 'Website', 'Notes']) {
      expect(screen.getByLabelText(new RegExp(`^${label}`))).toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Number')).not.toBeInTheDocument();
  });

  it('requires the name before sending anything', async () => {
    renderRoutes(customerRoutes, { route: '/customers/new' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter the customer name.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.requests).toHaveLength(0);
  });

  it('creates the customer with an idempotency key and opens it', async () => {
    const created = customer({ name: 'Coogee Carpentry', number: 7 });
    api.handle = (request) =>
      request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created);
    const { router } = renderRoutes(customerRoutes, { route: '/customers/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), '  Coogee Carpentry ');
    await user.type(screen.getByLabelText(/^Email/), 'office@coogee.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Coogee Carpentry' })).toBeInTheDocument();
    expect(await screen.findByText('Customer saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/customers/${created.id}`);
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/customers/');
    expect(post?.body).toEqual({
      name: 'Coogee Carpentry',
      billingAddress: null,
      billingPhone: null,
      billingFax: null,
      billingEmail: 'office@coogee.example',
      website: null,
      notes: null,
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a server VALIDATION_FAILED at the top and on each field, with the focus on the first', async () => {
    api.handle = () =>
      errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
        { field: 'billingEmail', message: 'Enter a valid email address, such as name@example.com.' },
        { field: 'website', message: 'Use at most 500 characters.' },
      ]);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    renderRoutes(customerRoutes, { route: '/customers/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Enter a valid email address, such as name@example.com.', 'Use at most 500 characters.']);
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid email address, such as name@example.com.');
    expect(screen.getByLabelText(/^Website/)).toHaveAccessibleDescription('Use at most 500 characters.');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Acme');

    // Correcting a field takes its error away.
    await user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('offline, a save fails at once, says it was not saved and keeps what was typed; online, it saves', async () => {
    const created = customer({ name: "O'Brien & Sons Plumbing" });
    let online = false;
    api.handle = (request) => {
      if (!online) throw new TypeError('Failed to fetch');
      return request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created);
    };
    onlineManager.setOnline(false);
    try {
      renderRoutes(customerRoutes, { route: '/customers/new' });
      const user = userEvent.setup();

      await user.type(await screen.findByLabelText(/^Name/), "O'Brien & Sons Plumbing");
      await user.type(screen.getByLabelText(/^Billing address/), 'Unit 3/12 St Kilda Rd');
      await user.click(screen.getByRole('button', { name: 'Save' }));

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Not saved');
      expect(alert).toHaveTextContent(NETWORK_FAILURE);
      expect(screen.getByLabelText(/^Name/)).toHaveValue("O'Brien & Sons Plumbing");
      expect(screen.getByLabelText(/^Billing address/)).toHaveValue('Unit 3/12 St Kilda Rd');
      expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

      online = true;
      onlineManager.setOnline(true);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByRole('heading', { level: 1, name: created.name })).toBeInTheDocument();
      expect(await screen.findByText('Customer saved.')).toBeInTheDocument();
      expect(api.paths('POST')).toEqual(['/customers/', '/customers/']);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('stays busy after a save until it has left, so a second press cannot create the customer twice', async () => {
    api.handle = () => jsonResponse(customer({ name: 'Acme' }), { status: 201 });
    // The editor alone, without the viewer's route: it stays on screen after the save, as while the viewer loads.
    function NewCustomer() {
      return <CustomerEditor title="New customer" breadcrumbs={[]} save={useCreateCustomer()} />;
    }
    renderWithProviders(<NewCustomer />);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/^Name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true');
    expect(api.paths('POST')).toEqual(['/customers/']);
  });

  it('sends the same idempotency key when the same fields are sent again, and a new one when they change', async () => {
    api.handle = () => errorResponse('INTERNAL', 'Something went wrong on our side. Please try again.');
    renderRoutes(customerRoutes, { route: '/customers/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.requests).toHaveLength(2));
    await user.type(screen.getByLabelText(/^Name/), ' Plumbing');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(api.requests).toHaveLength(3));
    const [first, retry, changed] = api.requests.map((request) => request.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });
});

describe('New customer, contact details', () => {
  it('fills the billing address from the address search, by keyboard', async () => {
    const created = customer({ name: "O'Brien & Sons Plumbing" });
    const illawarra = addressSuggestion({
      address: '3/12 Illawarra Road, Marrickville NSW 2204',
      unitNumber: '3',
      streetNumber: '12',
      streetName: 'Illawarra',
      streetType: 'Road',
      locality: 'Marrickville',
      postcode: '2204',
    });
    api.handle = (request) => {
      if (request.path.startsWith('/addresses/suggest')) return jsonResponse([illawarra]);
      return request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created);
    };
    renderRoutes(customerRoutes, { route: '/customers/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), "O'Brien & Sons Plumbing");
    await user.type(screen.getByRole('combobox', { name: 'Address search' }), '3/12 Illawarra Rd Marr');
    await screen.findByRole('option', { name: illawarra.address });
    await user.keyboard('{ArrowDown}{Enter}');

    expect(screen.getByLabelText(/^Billing address/)).toHaveValue(
      '3/12 Illawarra Road\nMarrickville NSW 2204',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.paths('POST')).toEqual(['/customers/']));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      billingAddress: '3/12 Illawarra Road\nMarrickville NSW 2204',
    });
  });

  it('checks the phone, fax and website before sending, and adds https:// to a website', async () => {
    const created = customer({ name: 'Coogee Carpentry' });
    api.handle = (request) =>
      request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created);
    renderRoutes(customerRoutes, { route: '/customers/new' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), 'Coogee Carpentry');
    await user.type(screen.getByLabelText(/^Phone/), 'ring Dave');
    await user.type(screen.getByLabelText(/^Website/), 'coogee carpentry');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByLabelText(/^Phone/)).toHaveAccessibleDescription(customerMessages.phone);
    expect(screen.getByLabelText(/^Website/)).toHaveAccessibleDescription(customerMessages.website);
    expect(screen.getByLabelText(/^Phone/)).toHaveFocus();
    expect(api.paths('POST')).toEqual([]);

    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '(02) 9665 1234');
    await user.clear(screen.getByLabelText(/^Website/));
    await user.type(screen.getByLabelText(/^Website/), 'coogeecarpentry.com.au');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(api.paths('POST')).toEqual(['/customers/']));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      billingPhone: '(02) 9665 1234',
      website: 'https://coogeecarpentry.com.au',
    });
  }, 45_000);
});

describe('Edit customer', () => {
  const existing = customer({
    number: 42,
    name: 'Acme Plumbing',
    billingPhone: '02 9999 0000',
    updated: '2025-03-02T10:00:00.000Z',
  });

  it('prefills the fields, shows the number read-only and saves with the updated it read', async () => {
    api.handle = (request) =>
      request.method === 'PUT'
        ? jsonResponse({ ...existing, name: 'Acme Plumbing & Gas', updated: '2025-03-03T10:00:00.000Z' })
        : jsonResponse(existing);
    const { router } = renderRoutes(customerRoutes, { route: `/customers/${existing.id}/edit` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit customer' })).toBeInTheDocument();
    const number = await screen.findByLabelText('Number');
    expect(number).toHaveValue('42');
    expect(number).toHaveAttribute('readonly');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('02 9999 0000');
    await user.type(screen.getByLabelText(/^Name/), ' & Gas');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${existing.id}`));
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/customers/${existing.id}`);
    expect(put?.body).toMatchObject({
      id: existing.id,
      name: 'Acme Plumbing & Gas',
      billingPhone: '02 9999 0000',
      updated: '2025-03-02T10:00:00.000Z',
    });
  });

  it("a conflict (409) starts the editor again from the record as it now is, keeping the user's edits", async () => {
    api.handle = (request) =>
      request.method === 'PUT' ? staleSaveResponse('customer') : jsonResponse(existing);
    const { router } = renderRoutes(customerRoutes, { route: `/customers/${existing.id}/edit` });
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Renamed');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Renamed');
    expect(router.state.location.pathname).toBe(`/customers/${existing.id}/edit`);
  });

  it('saves over the version it started from; on the 409 it carries what was typed over the newer version', async () => {
    // The fake server keeps one current version and refuses a save that carries an older `updated`.
    let current = existing;
    api.handle = (request) => {
      if (request.method !== 'PUT') return jsonResponse(current);
      const { updated } = request.body as { updated: string };
      return updated === current.updated
        ? jsonResponse({ ...current, ...(request.body as object), updated: '2025-03-09T10:00:00.000Z' })
        : staleSaveResponse('customer');
    };
    const { router, queryClient } = renderRoutes(customerRoutes, { route: `/customers/${existing.id}/edit` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), ' & Gas');

    // Meanwhile a colleague saves the customer, and a background refetch brings their version.
    current = { ...existing, billingPhone: '02 8888 1111', updated: '2025-03-03T12:00:00.000Z' };
    const { queryKey } = customerQueryOptions(existing.id);
    await queryClient.refetchQueries({ queryKey });
    expect(queryClient.getQueryData(queryKey)).toMatchObject({ updated: current.updated });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Refused (409) over the version it started from; the editor starts again from the colleague's version,
    // with the name typed here and their phone.
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      name: 'Acme Plumbing & Gas',
      billingPhone: '02 9999 0000',
      updated: existing.updated,
    });
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Acme Plumbing & Gas');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('02 8888 1111');
    expect(router.state.location.pathname).toBe(`/customers/${existing.id}/edit`);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer saved.')).toBeInTheDocument();
    expect(api.requests.filter((request) => request.method === 'PUT').at(-1)?.body).toMatchObject({
      name: 'Acme Plumbing & Gas',
      billingPhone: '02 8888 1111',
      updated: current.updated,
    });
  });

  it('names a field both changed: what was typed here is kept', async () => {
    let current = existing;
    api.handle = (request) =>
      request.method === 'PUT' ? staleSaveResponse('customer') : jsonResponse(current);
    renderRoutes(customerRoutes, { route: `/customers/${existing.id}/edit` });
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '0412 345 678');
    current = { ...existing, billingPhone: '02 8888 1111', updated: '2025-03-03T12:00:00.000Z' };
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(/They also changed what you changed \(Phone\): yours is kept\./),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('0412 345 678');
  });

  /**
   * The API's saves with an Idempotency-Key: the first answer again for the same key and body, 409
   * IDEMPOTENCY_REUSED for the same key with another body. `lose` drops the next save's answer after saving it.
   */
  function serveKeyedSaves() {
    const server = { current: existing, lose: true };
    const answers = new Map<string, { sent: string; answer: typeof existing }>();
    api.handle = (request) => {
      if (request.method !== 'PUT') return jsonResponse(server.current);
      const key = request.headers.get('Idempotency-Key') ?? '';
      const sent = JSON.stringify(request.body);
      const earlier = answers.get(key);
      if (earlier)
        return earlier.sent === sent
          ? jsonResponse(earlier.answer)
          : keyReusedResponse(apiMessages.earlierSaveKept);
      const body = request.body as typeof existing;
      if (body.updated !== server.current.updated) return staleSaveResponse('customer');
      server.current = {
        ...server.current,
        ...body,
        updated: new Date(Date.parse(body.updated) + 1000).toISOString(),
      };
      answers.set(key, { sent, answer: server.current });
      if (!server.lose) return jsonResponse(server.current);
      server.lose = false;
      throw new TypeError('Failed to fetch');
    };
    return server;
  }

  it("a retry of a save whose answer was lost is saved with the same key, not taken for someone else's", async () => {
    serveKeyedSaves();
    const { router } = renderRoutes(customerRoutes, { route: `/customers/${existing.id}/edit` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), ' & Gas');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILURE);
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Customer saved.')).toBeInTheDocument();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${existing.id}`));
    expect(screen.queryByText(STALE_SAVE_CARRIED, { exact: false })).not.toBeInTheDocument();
    const [first, retry] = api.requests.filter((request) => request.method === 'PUT');
    expect(first?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(retry?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it('a changed retry after a lost answer says the first save went through, keeps the typing and saves it next', async () => {
    const server = serveKeyedSaves();
    renderRoutes(customerRoutes, { route: `/customers/${existing.id}/edit` });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), ' & Gas');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILURE);

    await user.clear(screen.getByLabelText(/^Phone/));
    await user.type(screen.getByLabelText(/^Phone/), '0412 345 678');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(OWN_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.queryByText(STALE_SAVE_CARRIED, { exact: false })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Acme Plumbing & Gas');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('0412 345 678');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Customer saved.')).toBeInTheDocument();
    expect(server.current).toMatchObject({ name: 'Acme Plumbing & Gas', billingPhone: '0412 345 678' });
    const keys = api.requests
      .filter((request) => request.method === 'PUT')
      .map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("a customer that does not exist shows the server's message under the editor's heading", async () => {
    api.handle = () => errorResponse('NOT_FOUND', apiMessages.notFound('customer'));
    renderRoutes(customerRoutes, { route: `/customers/${existing.id}/edit` });

    expect(await screen.findByRole('alert')).toHaveTextContent('Customer not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit customer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
