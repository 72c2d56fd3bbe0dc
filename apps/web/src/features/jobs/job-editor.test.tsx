import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { ZERO_QUANTITY_AMOUNT } from '../../components/line-items-editor';
import { installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { allJobRoutes } from '../../testing/job-routes';
import { customer, customerLocation, item, job, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';

const api = installFakeApi();

const acme = customer({ name: "O'Brien & Sons Plumbing" });
const site = customerLocation({ customer: { id: acme.id, name: acme.name }, name: '12 Wattle St' });
const innerWest = { id: '00000000-0000-7000-8000-00000000aa01', name: 'Inner West' };
const high = { id: '00000000-0000-7000-8000-00000000bb03', name: 'High' };
const tap = item({ code: 'PL-TAP', description: 'Mixer tap, chrome', price: '149.90' });
const technician = (id: string, name: string, retired = false) => ({
  id: `00000000-0000-7000-8000-0000000cc0${id}`,
  name,
  retired,
  created: '2026-11-01T00:00:00.000Z',
  updated: '2026-11-01T00:00:00.000Z',
});
const richmond = technician('01', 'SE01 Richmond');
const carlton = technician('02', 'SE02 Carlton');
const retiredOne = technician('03', "SE03 O'Connor", true);
const otherRetired = technician('04', 'SE04 Gone', true);

/** The reference data and lookups every editor test needs; `save` answers the POST or PUT. */
function serve(save: (request: RecordedRequest) => Response, stored = job()) {
  api.handle = (request) => {
    if (request.method !== 'GET') return save(request);
    if (request.path.endsWith('/notes')) return jsonResponse([]);
    if (request.path.endsWith('/signature')) return jsonResponse(null);
    if (request.path.endsWith('/attachments')) return jsonResponse([]);
    if (request.path.startsWith('/job-priorities')) return jsonResponse([{ id: 'p1', name: 'Low' }, high]);
    if (request.path.startsWith('/territories')) return jsonResponse([innerWest], { total: 1 });
    if (request.path.startsWith('/technicians'))
      return jsonResponse([richmond, carlton, retiredOne, otherRetired], { total: 4 });
    if (request.path.startsWith('/locations')) return jsonResponse([site], { total: 1 });
    if (request.path.startsWith('/items')) return jsonResponse([tap], { total: 1 });
    if (request.path.startsWith(`/customers/${acme.id}`)) return jsonResponse(acme);
    if (request.path.startsWith('/customers')) return jsonResponse([acme], { total: 1 });
    return jsonResponse(stored);
  };
}

/** Adds line `number` with its description and quantity typed; its boxes. */
async function typeLine(user: UserEvent, number: number, description: string, quantity: string) {
  await user.click(await screen.findByRole('button', { name: 'Add a line' }));
  const line = within(screen.getByRole('group', { name: `Line ${number}` }));
  await user.type(line.getByLabelText(/^Description/), description);
  await user.clear(line.getByLabelText('Quantity'));
  await user.type(line.getByLabelText('Quantity'), quantity);
  return line;
}

describe('Job editor', () => {
  it('takes the keyboard to a line typed in, and from a removed line to the one in its place, else Add a line', async () => {
    serve(() => jsonResponse(job(), { status: 201 }));
    renderRoutes(allJobRoutes, { route: `/jobs/new?customerId=${acme.id}` });
    const user = userEvent.setup();
    const add = await screen.findByRole('button', { name: 'Add a line' });

    add.focus();
    await user.keyboard('{Enter}');
    const first = screen.getByRole('group', { name: 'Line 1' });
    expect(within(first).getByLabelText(/^Description/)).toHaveFocus();
    await user.keyboard('Replace washer');
    add.focus();
    await user.keyboard('{Enter}');
    expect(
      within(screen.getByRole('group', { name: 'Line 2' })).getByLabelText(/^Description/),
    ).toHaveFocus();
    await user.keyboard("Flush the O'Brien's valve & test");

    // Line 1 removed: the line in its place (the old line 2) has the keyboard.
    screen.getByRole('button', { name: 'Remove line 1' }).focus();
    await user.keyboard('{Enter}');
    const left = within(screen.getByRole('group', { name: 'Line 1' })).getByLabelText(/^Description/);
    expect(left).toHaveValue("Flush the O'Brien's valve & test");
    expect(left).toHaveFocus();
    // The last line removed: Add a line has it.
    screen.getByRole('button', { name: 'Remove line 1' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('group', { name: 'Line 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a line' })).toHaveFocus();
  });

  it('creates a job for the customer it came from, with a catalogue line and a typed one whose amount sets its price', async () => {
    const created = job({ customer: { id: acme.id, name: acme.name } });
    serve(() => jsonResponse(created, { status: 201 }), created);
    const { router } = renderRoutes(allJobRoutes, { route: `/jobs/new?customerId=${acme.id}` });
    const user = userEvent.setup();

    expect(await screen.findByRole('combobox', { name: 'Customer' })).toHaveValue("O'Brien & Sons Plumbing");
    await user.selectOptions(
      await screen.findByLabelText('Location'),
      await screen.findByRole('option', { name: '12 Wattle St' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Territory'),
      await screen.findByRole('option', { name: 'Inner West' }),
    );
    await user.selectOptions(
      screen.getByLabelText('Priority'),
      await screen.findByRole('option', { name: 'High' }),
    );

    await user.type(screen.getByRole('combobox', { name: 'Add from the catalogue' }), 'PL-TAP');
    await user.click(await screen.findByRole('option', { name: /PL-TAP/ }));
    const first = screen.getByRole('group', { name: 'Line 1' });
    expect(within(first).getByLabelText('Amount')).toHaveValue('149.90');

    await user.click(screen.getByRole('button', { name: 'Add a line' }));
    const second = screen.getByRole('group', { name: 'Line 2' });
    await user.type(within(second).getByLabelText(/^Description/), 'Replace washer');
    await user.clear(within(second).getByLabelText('Quantity'));
    await user.type(within(second).getByLabelText('Quantity'), '3');
    await user.type(within(second).getByLabelText('Amount'), '100');
    expect(within(second).getByLabelText('Price')).toHaveValue('33.3333');
    expect(screen.getAllByText('$249.90')).toHaveLength(2); // subtotal and total

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Job saved.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Job 1: Leaking tap' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/jobs/${created.id}`);
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/jobs');
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(post?.body).toMatchObject({
      customer: { id: acme.id },
      location: { id: site.id },
      territory: { id: innerWest.id },
      priority: { id: high.id },
      items: [
        {
          code: 'PL-TAP',
          description: 'Mixer tap, chrome',
          quantity: '1',
          price: '149.90',
          amount: '149.90',
        },
        { code: null, description: 'Replace washer', quantity: '3', price: '33.3333', amount: '100.00' },
      ],
    });
    // A long journey through the form: generous on a busy 2-core machine.
  }, 30_000);

  it('says an amount typed on a line of quantity 0 comes to $0.00, where the totals say so too', async () => {
    serve(() => jsonResponse(job(), { status: 201 }));
    renderRoutes(allJobRoutes, { route: `/jobs/new?customerId=${acme.id}` });
    const user = userEvent.setup();
    const line = await typeLine(user, 1, 'Call-out fee', '0');
    await user.type(line.getByLabelText('Amount'), '50');

    expect(line.getByLabelText('Amount')).toHaveAccessibleDescription(ZERO_QUANTITY_AMOUNT);
    // A quantity then typed: the amount follows it and the price, and the word goes.
    await user.clear(line.getByLabelText('Quantity'));
    await user.type(line.getByLabelText('Quantity'), '2');
    await user.clear(line.getByLabelText('Amount'));
    await user.type(line.getByLabelText('Amount'), '50');
    expect(line.getByLabelText('Price')).toHaveValue('25.00');
    expect(line.getByLabelText('Amount')).not.toHaveAccessibleDescription(ZERO_QUANTITY_AMOUNT);
  });

  it('reads money typed as people write it ("$1,234.50"): the price and the totals follow, and plain numbers are sent', async () => {
    const created = job({ customer: { id: acme.id, name: acme.name } });
    serve(() => jsonResponse(created, { status: 201 }), created);
    renderRoutes(allJobRoutes, { route: `/jobs/new?customerId=${acme.id}` });
    const user = userEvent.setup();
    const first = await typeLine(user, 1, 'Hot water unit', '2');
    await user.type(first.getByLabelText('Amount'), '$1,234.50');
    expect(first.getByLabelText('Price')).toHaveValue('617.25');
    expect(screen.getAllByText('$1,234.50')).toHaveLength(2); // subtotal and total

    const second = await typeLine(user, 2, 'Labour', '1');
    await user.type(second.getByLabelText('Price'), '$ 1,000');
    expect(second.getByLabelText('Amount')).toHaveValue('1000.00');
    expect(screen.getAllByText('$2,234.50')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Job saved.')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      items: [
        { description: 'Hot water unit', quantity: '2', price: '617.25', amount: '1234.50' },
        { description: 'Labour', quantity: '1', price: '1000.00', amount: '1000.00' },
      ],
    });
  }, 30_000);

  it('needs a customer before sending anything', async () => {
    serve(() => jsonResponse(job(), { status: 201 }));
    renderRoutes(allJobRoutes, { route: '/jobs/new' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Choose the customer.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Customer' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.paths('POST')).toEqual([]);
  });

  it("puts a saved job's missing location, territory and priority on their boxes, the keyboard on the first", async () => {
    // Saved with only its customer (as a new job may be): the rest is for the office to complete.
    const unfinished = { ...job({ customer: acme }), location: null, territory: null, priority: null };
    serve(() => jsonResponse(unfinished), unfinished);
    renderRoutes(allJobRoutes, { route: `/jobs/${unfinished.id}/edit` });
    const user = userEvent.setup();

    await screen.findByRole('option', { name: 'Inner West' });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const location = screen.getByLabelText(/^Location/);
    expect(location).toHaveAttribute('aria-invalid', 'true');
    expect(location).toHaveAccessibleDescription('Choose the location.');
    expect(screen.getByLabelText(/^Territory/)).toHaveAccessibleDescription('Choose the territory.');
    expect(screen.getByLabelText(/^Priority/)).toHaveAccessibleDescription('Choose the priority.');
    expect(location).toHaveFocus();
    expect(api.paths('PUT')).toEqual([]);
  });

  it('saves over the version it read; a stale save keeps what was typed and says so', async () => {
    const leak = job({
      customer: { id: acme.id, name: acme.name },
      location: { id: site.id, name: site.name },
      territory: innerWest,
      priority: high,
      status: 'OPEN_BOOKING_REQUIRED',
    });
    serve(() => staleSaveResponse('job'), leak);
    renderRoutes(allJobRoutes, { route: `/jobs/${leak.id}/edit` });
    const user = userEvent.setup();

    const reference = await screen.findByLabelText('Reference');
    await user.clear(reference);
    await user.type(reference, 'Urgent: burst pipe');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Reference')).toHaveValue('Urgent: burst pipe');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/jobs/${leak.id}`);
    expect(put?.body).toMatchObject({
      id: leak.id,
      updated: leak.updated,
      status: 'OPEN_BOOKING_REQUIRED',
      reference: 'Urgent: burst pipe',
    });
  });

  it("assigns a technician by id from the organisation's, offering a retired one only to the job that has them", async () => {
    const theirs = job({
      customer: { id: acme.id, name: acme.name },
      location: { id: site.id, name: site.name },
      territory: innerWest,
      priority: high,
      assignee: retiredOne.id,
      assigneeName: retiredOne.name,
    });
    serve(() => jsonResponse(theirs), theirs);
    renderRoutes(allJobRoutes, { route: `/jobs/${theirs.id}/edit` });
    const user = userEvent.setup();

    const assignee = await screen.findByLabelText('Assignee');
    await screen.findByRole('option', { name: 'SE01 Richmond' });
    expect(assignee).toHaveValue(retiredOne.id);
    expect(
      within(assignee)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Not assigned', 'SE01 Richmond', 'SE02 Carlton', "SE03 O'Connor (retired)"]);
    await user.selectOptions(assignee, 'SE02 Carlton');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
        assignee: carlton.id,
      }),
    );
  });

  it("sends no technician for 'Not assigned'", async () => {
    const theirs = job({
      customer: { id: acme.id, name: acme.name },
      location: { id: site.id, name: site.name },
      territory: innerWest,
      priority: high,
      assignee: richmond.id,
      assigneeName: richmond.name,
    });
    serve(() => jsonResponse(theirs), theirs);
    renderRoutes(allJobRoutes, { route: `/jobs/${theirs.id}/edit` });
    const user = userEvent.setup();

    await screen.findByRole('option', { name: 'SE01 Richmond' });
    await user.selectOptions(screen.getByLabelText('Assignee'), 'Not assigned');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
        assignee: null,
      }),
    );
  });

  it('lets a Technician change the lines only: the rest shows as it is, and is sent as it was', async () => {
    const theirs = job({
      customer: { id: acme.id, name: acme.name },
      location: null,
      territory: innerWest,
      priority: high,
      assignee: richmond.id,
      assigneeName: richmond.name,
    });
    serve(() => jsonResponse(theirs), theirs);
    renderRoutes(allJobRoutes, {
      route: `/jobs/${theirs.id}/edit`,
      membership: membership({ role: 'TECHNICIAN', technician: { id: richmond.id, name: richmond.name } }),
    });
    const user = userEvent.setup();

    expect(await screen.findByText('Only the office can change these.')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: "Customer O'Brien & Sons Plumbing" })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Territory Inner West' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Customer' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Reference')).not.toBeInTheDocument();
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Job saved.')).toBeInTheDocument();
    // A saved job without a location is still saved: completing it is the office's work.
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      id: theirs.id,
      location: null,
      assignee: richmond.id,
      items: [{ code: 'LAB-HR', description: 'Labour, per hour', quantity: '3', price: '95.00' }],
    });
    expect(
      api.paths().filter((path) => /^\/(territories|job-priorities|technicians|locations)/.test(path)),
    ).toEqual([]);
  });
});
