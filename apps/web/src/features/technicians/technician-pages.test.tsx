import { apiMessages, type Technician } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { STALE_SAVE_CARRIED } from '../../components/form/use-record-editor';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { staleSaveResponse } from '../../testing/conflicts';
import { renderRoutes } from '../../testing/render';
import { technicianRoutes } from './routes';

const api = installFakeApi();

let sequence = 0;

/** A technician as the API returns it. */
function technician(overrides: Partial<Technician> = {}): Technician {
  sequence += 1;
  return {
    id: `00000000-0000-7000-9000-${String(sequence).padStart(12, '0')}`,
    name: 'SE01 Richmond',
    retired: false,
    created: '2025-03-01T09:30:00.000Z',
    updated: '2025-03-01T09:30:00.000Z',
    ...overrides,
  };
}

describe('TechnicianListPage', () => {
  it('lists each name as a link, with whether they take new jobs, under Settings', async () => {
    const richmond = technician();
    api.handle = () =>
      jsonResponse([richmond, technician({ name: "SE06 O'Connor", retired: true })], { total: 2 });
    renderRoutes(technicianRoutes, { route: '/settings/technicians' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Technicians' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Technicians' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Status']);
    expect(within(table).getByRole('row', { name: 'SE01 Richmond Active' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: "SE06 O'Connor Retired" })).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'SE01 Richmond' })).toHaveAttribute(
      'href',
      `/settings/technicians/${richmond.id}`,
    );
    expect(screen.getByRole('link', { name: 'New technician' })).toHaveAttribute(
      'href',
      '/settings/technicians/new',
    );
    expect(api.paths()).toEqual(['/technicians?q=*&p=1&s=100']);
  });

  it("says 'No technicians found.' when there are none", async () => {
    api.handle = () => jsonResponse([], { total: 0 });
    renderRoutes(technicianRoutes, { route: '/settings/technicians' });
    expect(await screen.findByText('No technicians found.')).toBeInTheDocument();
  });
});

describe('Technician editor', () => {
  it('adds a technician with an Idempotency-Key and opens them, saying so', async () => {
    const created = technician({ name: "SE06 O'Connor & Sons" });
    api.handle = (request) =>
      request.method === 'POST' ? jsonResponse(created, { status: 201 }) : jsonResponse(created);
    const { router } = renderRoutes(technicianRoutes, { route: '/settings/technicians/new' });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'New technician' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the technician name.')).toBeInTheDocument();
    expect(api.requests).toHaveLength(0);

    await user.type(screen.getByLabelText(/^Name/), "SE06 O'Connor & Sons");
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: "SE06 O'Connor & Sons" }),
    ).toBeInTheDocument();
    expect(screen.getByText('Status: Active')).toBeInTheDocument();
    expect(await screen.findByText('Technician saved.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/settings/technicians/${created.id}`);
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({ name: "SE06 O'Connor & Sons", retired: false });
    expect(post?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('retires a technician, sending the updated it read', async () => {
    const richmond = technician();
    const retired = { ...richmond, retired: true, updated: '2025-03-02T09:30:00.000Z' };
    let current = richmond;
    api.handle = (request) => {
      if (request.method === 'PUT') current = retired;
      return jsonResponse(current);
    };
    renderRoutes(technicianRoutes, { route: `/settings/technicians/${richmond.id}/edit` });
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit technician' })).toBeInTheDocument();
    await user.click(await screen.findByRole('switch', { name: /^Retired/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Status: Retired')).toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      id: richmond.id,
      name: 'SE01 Richmond',
      retired: true,
      updated: richmond.updated,
    });
  });

  it('shows a name already in use on its field, and a stale save keeps what was typed', async () => {
    const richmond = technician();
    api.handle = (request) =>
      request.method === 'PUT'
        ? errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
            { field: 'name', message: 'A technician with this name already exists.' },
          ])
        : jsonResponse(richmond);
    const { unmount } = renderRoutes(technicianRoutes, {
      route: `/settings/technicians/${richmond.id}/edit`,
    });
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'se02 carlton');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByLabelText(/^Name/)).toHaveAccessibleDescription(
      /A technician with this name already exists\./,
    );
    unmount();

    api.handle = (request) =>
      request.method === 'PUT' ? staleSaveResponse('technician') : jsonResponse(richmond);
    renderRoutes(technicianRoutes, { route: `/settings/technicians/${richmond.id}/edit` });
    const again = await screen.findByLabelText(/^Name/);
    await user.clear(again);
    await user.type(again, 'SE01 Richmond North');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The editor loads the record again and keeps what was typed over it (`mergeEdits`).
    expect(await screen.findByText(STALE_SAVE_CARRIED, { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('SE01 Richmond North');
  });
});
