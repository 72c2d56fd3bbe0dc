import { apiMessages, locationMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { addressSuggestion, customer, customerLocation } from '../../testing/records';
import { renderRoutes, testQueryClient } from '../../testing/render';
import { customerLocationsQueryOptions } from './api/get-customer-locations';
import { customerRoutes } from './routes';

const api = installFakeApi();

const acme = customer({ name: 'Acme Plumbing' });

const georgeStreet = addressSuggestion();

function respond(request: RecordedRequest): Response {
  if (request.path.startsWith('/addresses/suggest')) return jsonResponse([georgeStreet]);
  if (request.method === 'POST') return jsonResponse(customerLocation(), { status: 201 });
  if (request.path.startsWith('/locations')) return jsonResponse([], { total: 0 });
  return jsonResponse(acme);
}

describe('New location', () => {
  it("reads the customer's locations again before showing the customer, so the new one is in their list", async () => {
    const saved = customerLocation({ name: 'Rear shed' });
    let posted = false;
    api.handle = (request) => {
      if (request.method === 'POST') {
        posted = true;
        return jsonResponse(saved, { status: 201 });
      }
      if (request.path.startsWith('/locations') && posted)
        // Slower than the viewer's code: it would open with the list it had.
        return new Promise((answer) => setTimeout(() => answer(jsonResponse([saved], { total: 1 })), 300));
      if (request.path.startsWith('/locations')) return jsonResponse([], { total: 0 });
      return jsonResponse(acme);
    };
    // The customer's viewer was open before: its list of locations is in the cache, without the new one.
    const queryClient = testQueryClient();
    const key = customerLocationsQueryOptions(acme.id).queryKey;
    await queryClient.fetchQuery(customerLocationsQueryOptions(acme.id));
    const { router } = renderRoutes(customerRoutes, {
      route: `/customers/${acme.id}/locations/new`,
      queryClient,
    });
    // What the customer's viewer has to show the moment it opens.
    let shownOnArrival: unknown;
    router.subscribe((state) => {
      if (state.location.pathname === `/customers/${acme.id}` && shownOnArrival === undefined)
        shownOnArrival = queryClient.getQueryData(key)?.items;
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Rear shed');
    await user.type(screen.getByLabelText(/^Street/), '1 Lane');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${acme.id}`));
    expect(shownOnArrival).toEqual([saved]);
  });

  it('fills the address from the address search using only the keyboard, saves and returns to the customer', async () => {
    api.handle = respond;
    const { router } = renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New location' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Acme Plumbing' })).toHaveAttribute(
      'href',
      `/customers/${acme.id}`,
    );
    expect(screen.getByLabelText(/^Country/)).toHaveValue('Australia');
    await user.type(screen.getByLabelText(/^Name/), 'Head office');
    await user.type(screen.getByRole('combobox', { name: 'Address search' }), '1 George St, Sydn');
    await screen.findByRole('option', { name: georgeStreet.address });
    await user.keyboard('{ArrowDown}{Enter}');

    expect(screen.getByLabelText(/^Street/)).toHaveValue('1 George Street');
    expect(screen.getByLabelText(/^Suburb/)).toHaveValue('Sydney');
    expect(screen.getByLabelText(/^State/)).toHaveValue('NSW');
    expect(screen.getByLabelText(/^Postcode/)).toHaveValue('2000');
    expect(api.paths()).toContain('/addresses/suggest?q=1 George St, Sydn');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/customers/${acme.id}`));
    expect(await screen.findByText('Location saved.')).toBeInTheDocument();
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/locations/');
    expect(post?.body).toEqual({
      name: 'Head office',
      street1: '1 George Street',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'Australia',
      customer: { id: acme.id },
    });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('requires the name and the country', async () => {
    api.handle = respond;
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText(/^Country/));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter the location name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the country.')).toBeInTheDocument();
    expect(api.paths('POST')).toEqual([]);
  });

  it('names a refused field that is not on the form, and puts the others on their fields', async () => {
    api.handle = (request) =>
      request.method === 'POST'
        ? errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
            { field: 'customer.id', message: 'Choose the customer.' },
            { field: 'postcode', message: 'Use at most 20 characters.' },
          ])
        : respond(request);
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), 'Depot');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Customer: Choose the customer.', 'Use at most 20 characters.']);
    expect(screen.getByLabelText(/^Postcode/)).toHaveAccessibleDescription('Use at most 20 characters.');
    expect(screen.getByLabelText(/^Postcode/)).toHaveFocus();
  });
  it('says plainly that the customer has been deleted since the page opened, and keeps what was typed', async () => {
    api.handle = (request) =>
      request.method === 'POST'
        ? errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
            { field: 'customer.id', message: locationMessages.noSuchCustomer },
          ])
        : respond(request);
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();
    expect(await screen.findByRole('link', { name: 'Acme Plumbing' })).toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Name/), 'Depot');
    await user.type(screen.getByLabelText(/^Street/), '1 Lane');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Not saved${locationMessages.customerDeleted('Acme Plumbing')}`);
    expect(within(alert).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Depot');
    expect(screen.getByLabelText(/^Street/)).toHaveValue('1 Lane');
  });
});

describe('New location, the name and the Australian address', () => {
  it('names a location after its street when no name is typed', async () => {
    api.handle = respond;
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Street/), '3/12 Illawarra Rd');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(api.paths('POST')).toEqual(['/locations/']));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      name: '3/12 Illawarra Rd',
      street1: '3/12 Illawarra Rd',
    });
  });

  it('still asks for a name when there is no street either', async () => {
    api.handle = respond;
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter the location name.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
    expect(api.paths('POST')).toEqual([]);
  });

  it('checks an Australian state and postcode before sending, as the server does', async () => {
    api.handle = respond;
    renderRoutes(customerRoutes, { route: `/customers/${acme.id}/locations/new` });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^Name/), "O'Brien & Sons yard");
    await user.type(screen.getByLabelText(/^State/), 'Sydney');
    await user.type(screen.getByLabelText(/^Postcode/), 'ABCDE');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByLabelText(/^State/)).toHaveAccessibleDescription(locationMessages.state);
    expect(screen.getByLabelText(/^Postcode/)).toHaveAccessibleDescription(locationMessages.postcode);
    expect(screen.getByLabelText(/^State/)).toHaveFocus();
    expect(api.paths('POST')).toEqual([]);

    await user.clear(screen.getByLabelText(/^State/));
    await user.type(screen.getByLabelText(/^State/), 'vic');
    await user.clear(screen.getByLabelText(/^Postcode/));
    await user.type(screen.getByLabelText(/^Postcode/), '2000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText(/^Postcode/)).toHaveAccessibleDescription(
      '2000 is not a VIC postcode.',
    );

    await user.clear(screen.getByLabelText(/^Postcode/));
    await user.type(screen.getByLabelText(/^Postcode/), '3121');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(api.paths('POST')).toEqual(['/locations/']));
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      state: 'VIC',
      postcode: '3121',
    });
  });
});

describe('Edit location', () => {
  const yard = customerLocation({
    customer: { id: acme.id, name: 'Acme Plumbing' },
    name: "O'Brien & Sons yard",
    street1: '3/12 Illawarra Rd',
    suburb: 'Marrickville',
    state: 'NSW',
    postcode: '2204',
    updated: '2025-03-02T10:00:00.000Z',
  });
  const route = `/locations/${yard.id}/edit`;

  it('prefills the location, saves with the updated it read and opens the location', async () => {
    api.handle = (request) =>
      request.method === 'PUT'
        ? jsonResponse({ ...yard, name: 'Marrickville yard', updated: '2025-03-03T10:00:00.000Z' })
        : jsonResponse(yard);
    const { router } = renderRoutes(customerRoutes, { route });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit location' })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Acme Plumbing' })).toHaveAttribute(
      'href',
      `/customers/${acme.id}`,
    );
    expect(within(crumbs).getByRole('link', { name: "O'Brien & Sons yard" })).toHaveAttribute(
      'href',
      `/locations/${yard.id}`,
    );
    expect(screen.getByLabelText(/^Street/)).toHaveValue('3/12 Illawarra Rd');
    expect(screen.getByLabelText(/^Postcode/)).toHaveValue('2204');
    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Marrickville yard');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/locations/${yard.id}`));
    expect(await screen.findByText('Location saved.')).toBeInTheDocument();
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/locations/${yard.id}`);
    expect(put?.body).toMatchObject({
      id: yard.id,
      name: 'Marrickville yard',
      street1: '3/12 Illawarra Rd',
      state: 'NSW',
      postcode: '2204',
      updated: '2025-03-02T10:00:00.000Z',
    });
  });

  it("a colleague's newer save (409) starts the editor again from theirs, keeping the user's edits", async () => {
    api.handle = (request) => (request.method === 'PUT' ? staleSaveResponse('location') : jsonResponse(yard));
    const { router } = renderRoutes(customerRoutes, { route });
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText(/^Suburb/));
    await user.type(screen.getByLabelText(/^Suburb/), 'Dulwich Hill');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Suburb/)).toHaveValue('Dulwich Hill');
    expect(router.state.location.pathname).toBe(route);
  });

  it("a location that does not exist shows the server's message under the editor's heading", async () => {
    api.handle = () => errorResponse('NOT_FOUND', apiMessages.notFound('location'));
    renderRoutes(customerRoutes, { route });

    expect(await screen.findByRole('alert')).toHaveTextContent('Location not found.');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit location' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });
});
