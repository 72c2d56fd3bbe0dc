import { apiMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeAuth } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { stubFetch } from '../../testing/stub-fetch';
import { OrganisationsPage } from './organisations-page';

const fetchMock = stubFetch();

function renderPage() {
  const switchTenant = vi.fn<(tenantId: string) => Promise<void>>().mockResolvedValue();
  renderWithProviders(<OrganisationsPage />, { auth: fakeAuth({ switchTenant }) });
  return { switchTenant, user: userEvent.setup() };
}

describe('OrganisationsPage', () => {
  it("lists the user's organisations and switches to another one", async () => {
    const { switchTenant, user } = renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Organisations' })).toBeInTheDocument();
    const current = screen.getByRole('row', { name: /Acme Plumbing/ });
    expect(within(current).getByRole('button', { name: 'Current' })).toBeDisabled();
    const other = screen.getByRole('row', { name: /Bondi Electrical/ });
    await user.click(within(other).getByRole('button', { name: 'Switch' }));

    expect(switchTenant).toHaveBeenCalledWith('t-bondi');
  });

  it('creates an organisation with one idempotency key, then signs in to it', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ tenantId: 't-new', tenantName: 'Coogee Carpentry' }, { status: 201 }),
    );
    const { switchTenant, user } = renderPage();

    await user.type(screen.getByLabelText(/Organisation name/), '  Coogee Carpentry ');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    await vi.waitFor(() => expect(switchTenant).toHaveBeenCalledWith('t-new'));
    const [url, init] = fetchMock.mock.lastCall ?? [];
    expect(url).toBe('http://localhost:3000/api/tenants');
    expect(init?.method).toBe('POST');
    // The browser's zone goes with it: the web tests run in Melbourne's.
    expect(init?.body).toBe('{"name":"Coogee Carpentry","timeZone":"Australia/Melbourne"}');
    expect(new Headers(init?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('asks for a name instead of sending an empty one', async () => {
    const { user } = renderPage();

    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    expect(screen.getByText('Enter the organisation name.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's validation message and each field error", async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          error: 'VALIDATION_FAILED',
          message: apiMessages.invalidRequest,
          fieldErrors: [{ field: 'name', message: 'Name must be at most 100 characters.' }],
        },
        { status: 400 },
      ),
    );
    const { switchTenant, user } = renderPage();

    await user.type(screen.getByLabelText(/Organisation name/), 'Too long');
    await user.click(screen.getByRole('button', { name: 'Create organisation' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Name must be at most 100 characters.');
    expect(switchTenant).not.toHaveBeenCalled();
  });
});
