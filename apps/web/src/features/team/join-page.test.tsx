import { type InvitationPreview, teamMessages } from '@fieldbook/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse } from '../../testing/api';
import { fakeAuth, idTokenClaims } from '../../testing/fixtures';
import { renderRoutes } from '../../testing/render';
import { invitationRoutes } from './routes';

const api = installFakeApi();

const harbourside: InvitationPreview = {
  tenantId: '00000000-0000-7000-8000-0000000dd001',
  timeZone: 'Australia/Perth',
  tenantName: 'Harbourside Plumbing & Gas',
  role: 'OFFICE',
  email: 'sam@example.com.au',
  invitedBy: 'Pat Owner',
  expires: '2026-11-30T23:00:00.000Z',
};

function renderJoin(claims = idTokenClaims()) {
  const switchTenant = vi.fn<(tenantId: string) => Promise<void>>().mockResolvedValue();
  renderRoutes(invitationRoutes, { route: '/join/tok-123', auth: fakeAuth({ switchTenant }, claims) });
  return { switchTenant, user: userEvent.setup() };
}

describe('JoinPage', () => {
  it('shows what the link invites to, then joins and signs in to the organisation', async () => {
    api.handle = (request) =>
      request.path === '/invitation-links/preview'
        ? jsonResponse(harbourside)
        : jsonResponse({ tenantId: harbourside.tenantId, tenantName: harbourside.tenantName });
    const { switchTenant, user } = renderJoin();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Harbourside Plumbing & Gas as Office' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        "An Office member works with customers, jobs, the scheduler, invoices, items, tax rates, technicians and templates, but cannot manage the users or change the organisation's details.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Invited by Pat Owner' })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: 'Sent to sam@example.com.au' })).toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: /^Link works until 1 Dec 2026, 7:00\s?am$/i }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/you are signed in as/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join organisation' }));

    await vi.waitFor(() => expect(switchTenant).toHaveBeenCalledWith(harbourside.tenantId));
    expect(api.requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/invitation-links/preview', body: { token: 'tok-123' } },
      { method: 'POST', path: '/invitation-links/accept', body: { token: 'tok-123' } },
    ]);
  });

  it('works for a new user who belongs to no organisation yet', async () => {
    api.handle = () => jsonResponse(harbourside);
    renderJoin(idTokenClaims({ tenants: [], tenantId: undefined }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Harbourside Plumbing & Gas as Office' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join organisation' })).toBeEnabled();
  });

  it('says when the invitation went to another address than the one signed in', async () => {
    api.handle = () => jsonResponse({ ...harbourside, email: 'sam.work@harbourside.example.com.au' });
    renderJoin();

    expect(
      await screen.findByText(
        /This invitation was sent to sam\.work@harbourside\.example\.com\.au, and you are signed in as sam@example\.com\.au\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign out' })).toBeInTheDocument();
  });

  it.each([
    ['expired', 'CONFLICT', teamMessages.invitationExpired],
    ['used or revoked', 'CONFLICT', teamMessages.invitationUsed],
    ['unknown', 'NOT_FOUND', teamMessages.invitationNotFound],
  ] as const)("an %s link shows the server's message and a way home", async (_kind, code, message) => {
    api.handle = () => errorResponse(code, message);
    renderJoin();

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.getByRole('heading', { level: 1, name: 'Invitation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Join organisation' })).not.toBeInTheDocument();
  });

  it('a refused join says why and that nothing changed, and stays in the organisation the user is in', async () => {
    api.handle = (request) =>
      request.path === '/invitation-links/preview'
        ? jsonResponse(harbourside)
        : errorResponse('CONFLICT', teamMessages.invitationUsed);
    const { switchTenant, user } = renderJoin();

    await user.click(await screen.findByRole('button', { name: 'Join organisation' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not joined: nothing was changed');
    expect(alert).toHaveTextContent(teamMessages.invitationUsed);
    expect(switchTenant).not.toHaveBeenCalled();
  });
});
