import { apiMessages, type Invitation, type Member, teamMessages } from '@fieldbook/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, installFakeApi, jsonResponse, type RecordedRequest } from '../../testing/api';
import { fakeAuth } from '../../testing/fixtures';
import { invitation, member, membership } from '../../testing/records';
import { renderRoutes } from '../../testing/render';
import { teamRoutes } from './routes';

const api = installFakeApi();

/** The user: an Owner of Acme Plumbing (the membership the test providers give). */
const sam = () =>
  member({
    id: membership().memberId,
    subject: 'user-1',
    name: 'Sam Citizen',
    email: 'sam@example.com.au',
    role: 'OWNER',
    lastSignIn: '2026-11-23T21:00:00.000Z',
  });
const richmond = {
  id: '00000000-0000-7000-8000-0000000cc001',
  name: 'SE01 Richmond',
  retired: false,
  created: '2026-11-01T00:00:00.000Z',
  updated: '2026-11-01T00:00:00.000Z',
};

interface Team {
  members: Member[];
  invitations: Invitation[];
  mailConfigured?: boolean;
  /** Answers every request but a GET. */
  write?: (request: RecordedRequest) => Response;
}

/** The lists as the server has them now (a test changes them as its writes would). */
function serve(team: Team) {
  api.handle = (request) => {
    if (request.method !== 'GET') return team.write?.(request) ?? errorResponse('INTERNAL', 'Unexpected.');
    if (request.path.startsWith('/members'))
      return jsonResponse(team.members, { total: team.members.length });
    if (request.path.startsWith('/invitations'))
      return jsonResponse(team.invitations, { total: team.invitations.length });
    if (request.path.startsWith('/technicians')) return jsonResponse([richmond], { total: 1 });
    if (request.path === '/mail')
      return jsonResponse({ configured: team.mailConfigured ?? true, from: 'no-reply@fieldbook.app' });
    return errorResponse('NOT_FOUND', apiMessages.notFound('page'));
  };
  return team;
}

function renderUsers(options: Parameters<typeof renderRoutes>[1] = {}) {
  const result = renderRoutes(teamRoutes, { route: '/settings/users', ...options });
  return { ...result, user: userEvent.setup() };
}

/** Opens Change role from the row's Actions, picks `role` and presses Save: the dialog. */
async function saveRole(
  user: ReturnType<typeof userEvent.setup>,
  row: string,
  dialogName: string,
  role: string,
) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${row}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Change role' }));
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  await user.selectOptions(within(dialog).getByLabelText(/^Role/), role);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  return dialog;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('UsersPage', () => {
  it('lists the members and the open invitations in one table, the user marked', async () => {
    serve({
      members: [
        sam(),
        member({ role: 'TECHNICIAN', technician: { id: richmond.id, name: 'SE01 Richmond' } }),
      ],
      invitations: [invitation(), invitation({ email: 'lee@example.com.au', status: 'EXPIRED' })],
    });
    renderUsers();

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Email', 'Role', 'Status', 'Last sign-in', 'Invitation expires', 'Actions']);
    expect(cellsOf(within(table).getByRole('row', { name: /Sam Citizen/ }))).toEqual([
      'Sam Citizen (you)',
      'sam@example.com.au',
      'Owner',
      'Active',
      expect.stringMatching(/^24 Nov 2026, 8:00\s?am$/i),
      '—',
      'Actions▾',
    ]);
    expect(cellsOf(within(table).getByRole('row', { name: /Alex Nguyen/ }))).toEqual([
      'Alex Nguyen',
      'alex@example.com.au',
      'TechnicianWorks as SE01 Richmond',
      'Active',
      expect.stringMatching(/^21 Nov 2026, 9:15\s?am$/i),
      '—',
      'Actions▾',
    ]);
    expect(cellsOf(within(table).getByRole('row', { name: /jo@example/ }))).toEqual([
      '—',
      'jo@example.com.au',
      'Office',
      'Invited',
      '—',
      expect.stringMatching(/^1 Dec 2026, 10:00\s?am$/i),
      'Actions▾',
    ]);
    expect(within(table).getByRole('row', { name: /lee@example/ })).toHaveTextContent('Invitation expired');
    expect(api.paths()).toEqual(['/members?q=*&p=1&s=200', '/invitations?q=*&p=1&s=200', '/mail']);
    expect(screen.queryByText(/No mail server is set up/)).not.toBeInTheDocument();
  });

  it('says how many more the page does not list, as en-AU numbers, with a plus past what the server counted', async () => {
    const team = serve({ members: [sam()], invitations: [invitation()] });
    const served = api.handle;
    api.handle = (request) =>
      request.path.startsWith('/members')
        ? jsonResponse(team.members, { total: 1000, relation: 'gte' })
        : request.path.startsWith('/invitations')
          ? jsonResponse(team.invitations, { total: 1201 })
          : served(request);
    renderUsers();

    expect(
      await screen.findByText('2,199+ more not shown: the page lists the first 1 members and 1 invitations.'),
    ).toBeInTheDocument();
  });

  it('invites a Technician linked to an active technician, sending exactly the form, and lists them', async () => {
    const team = serve({
      members: [sam()],
      invitations: [],
      write: () => {
        const created = invitation({
          email: 'kim@example.com.au',
          role: 'TECHNICIAN',
          technician: { id: richmond.id, name: 'SE01 Richmond' },
        });
        team.invitations = [created];
        return jsonResponse(created, { status: 201 });
      },
    });
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^Email/), '  kim@example.com.au ');
    const role = within(dialog).getByLabelText(/^Role/);
    expect(role).toHaveValue('TECHNICIAN');
    expect(role).toHaveAccessibleDescription(
      "A Technician sees the jobs assigned to them, and changes those jobs' status and line items. They have no access to invoices, customers or settings.",
    );
    await user.selectOptions(
      within(dialog).getByLabelText(/^Technician/),
      await within(dialog).findByRole('option', { name: 'SE01 Richmond' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /kim@example\.com\.au/ })).toHaveTextContent(
      'Works as SE01 Richmond',
    );
    const post = api.requests.find((request) => request.method === 'POST');
    expect(post?.path).toBe('/invitations');
    expect(post?.body).toEqual({
      email: 'kim@example.com.au',
      role: 'TECHNICIAN',
      technician: { id: richmond.id },
    });
    expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(api.paths()).toContain('/technicians?q=retired:false&p=1&s=100');
  });

  it('shows what the role may do as it is chosen, and sends no technician for an Office member', async () => {
    serve({
      members: [sam()],
      invitations: [],
      write: () => jsonResponse(invitation({ email: 'kim@example.com.au' }), { status: 201 }),
    });
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'kim@example.com.au');
    await user.selectOptions(within(dialog).getByLabelText(/^Role/), 'Office');

    expect(within(dialog).getByLabelText(/^Role/)).toHaveAccessibleDescription(
      "An Office member works with customers, jobs, the scheduler, invoices, items, tax rates, technicians and templates, but cannot manage the users or change the organisation's details.",
    );
    expect(within(dialog).queryByLabelText(/^Technician/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent.');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'kim@example.com.au',
      role: 'OFFICE',
      technician: null,
    });
  });

  it("puts the server's refusal of the address on the Email field and keeps what was typed", async () => {
    serve({
      members: [sam()],
      invitations: [],
      write: () =>
        errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
          { field: 'email', message: teamMessages.alreadyMember },
        ]),
    });
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^Email/), 'sam@example.com.au');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Not sent: nothing was changed');
    expect(alert).toHaveTextContent(apiMessages.invalidRequest);
    const email = within(dialog).getByLabelText(/^Email/);
    expect(email).toHaveAccessibleDescription(new RegExp(teamMessages.alreadyMember));
    expect(email).toHaveValue('sam@example.com.au');
  });

  it('claims nothing when the invitation got no answer: it may have been sent', async () => {
    serve({
      members: [sam()],
      invitations: [],
      write: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText(/^Email/), "d'arcy@example.com.au");
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No answer: it may or may not have been sent');
    expect(alert).not.toHaveTextContent('nothing was changed');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it("retries a role change whose answer was lost with the same Idempotency-Key, so it gets that save's answer", async () => {
    const alex = member();
    const promoted = { ...alex, role: 'OWNER' as const, updated: '2026-11-24T01:00:00.000Z' };
    let puts = 0;
    const team = serve({
      members: [sam(), alex],
      invitations: [],
      write: () => {
        puts += 1;
        // The first save reaches the server, but its answer is lost on the way back.
        team.members = [sam(), promoted];
        if (puts === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(promoted);
      },
    });
    const { user } = renderUsers();

    const dialog = await saveRole(user, 'Alex Nguyen', 'Change the role of Alex Nguyen', 'Owner');
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('No answer: it may or may not have been sent');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Role of Alex Nguyen saved.')).toBeInTheDocument();
    const [first, again] = api.requests.filter((request) => request.method === 'PUT');
    expect(first?.headers.get('Idempotency-Key')).toEqual(expect.any(String));
    expect(again?.headers.get('Idempotency-Key')).toBe(first?.headers.get('Idempotency-Key'));
  });

  it("retries an invitation's role change whose answer was lost with its first key", async () => {
    const jo = invitation();
    const write = vi.fn<(request: RecordedRequest) => Response>(() => {
      throw new TypeError('Failed to fetch');
    });
    serve({ members: [sam()], invitations: [jo], write });
    const { user } = renderUsers();

    const dialog = await saveRole(
      user,
      'jo@example.com.au',
      'Change the role of the invitation to jo@example.com.au',
      'Owner',
    );
    await user.click(within(await within(dialog).findByRole('alert')).getByRole('button', { name: 'Retry' }));
    await within(dialog).findByRole('button', { name: 'Retry' });

    const keys = write.mock.calls.map(([request]) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toEqual(expect.any(String));
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks before the user removes themselves, and shows why the last Owner cannot go', async () => {
    const switchTenant = vi.fn<(tenantId: string) => Promise<void>>().mockResolvedValue();
    serve({
      members: [sam()],
      invitations: [],
      write: () => errorResponse('CONFLICT', teamMessages.lastOwner),
    });
    const { user } = renderUsers({ auth: fakeAuth({ switchTenant }) });

    await user.click(await screen.findByRole('button', { name: 'Actions for Sam Citizen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const question = await screen.findByRole('dialog', { name: 'Remove yourself from Acme Plumbing?' });
    expect(question).toHaveTextContent(/You lose Acme Plumbing at once/);
    await user.click(within(question).getByRole('button', { name: 'Remove myself' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sam Citizen was not removed: nothing was changed');
    expect(alert).toHaveTextContent(teamMessages.lastOwner);
    expect(api.requests.find((request) => request.method === 'DELETE')?.path).toBe(
      `/members/${membership().memberId}`,
    );
    expect(switchTenant).not.toHaveBeenCalled();
    expect(screen.getByRole('row', { name: /Sam Citizen/ })).toBeInTheDocument();
  });

  it('once the user has removed themselves, signs in to another of their organisations', async () => {
    const switchTenant = vi.fn<(tenantId: string) => Promise<void>>().mockResolvedValue();
    serve({
      members: [sam(), member({ role: 'OWNER' })],
      invitations: [],
      write: () => new Response(null, { status: 204 }),
    });
    const { user } = renderUsers({ auth: fakeAuth({ switchTenant }) });

    await user.click(await screen.findByRole('button', { name: 'Actions for Sam Citizen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const question = await screen.findByRole('dialog', { name: 'Remove yourself from Acme Plumbing?' });
    await user.click(within(question).getByRole('button', { name: 'Remove myself' }));

    expect(await screen.findByText('You left Acme Plumbing.')).toBeInTheDocument();
    expect(switchTenant).toHaveBeenCalledWith('t-bondi');
  });

  it('removes another member after a question naming them, and lists the rest', async () => {
    const alex = member();
    const team = serve({
      members: [sam(), alex],
      invitations: [],
      write: () => {
        team.members = [sam()];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Actions for Alex Nguyen' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const question = await screen.findByRole('dialog', { name: 'Remove Alex Nguyen from Acme Plumbing?' });
    expect(question).toHaveTextContent('The jobs, invoices and other records they worked on stay.');
    await user.click(within(question).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Alex Nguyen was removed from Acme Plumbing.')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Alex Nguyen/ })).not.toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'DELETE')?.path).toBe(`/members/${alex.id}`);
  });

  it("puts the last Owner's refused demotion on the Role field", async () => {
    serve({
      members: [sam()],
      invitations: [],
      write: () =>
        errorResponse('VALIDATION_FAILED', apiMessages.invalidRequest, [
          { field: 'role', message: teamMessages.lastOwner },
        ]),
    });
    const { user } = renderUsers();

    const dialog = await saveRole(user, 'Sam Citizen', 'Change the role of Sam Citizen', 'Office');

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Not saved: nothing was changed');
    expect(within(dialog).getByLabelText(/^Role/)).toHaveAccessibleDescription(
      new RegExp(teamMessages.lastOwner),
    );
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/members/${membership().memberId}`);
    expect(put?.body).toEqual({ role: 'OFFICE', technician: null, updated: sam().updated });
  });

  it('resends an invitation with a new link, and revokes one after asking', async () => {
    const jo = invitation({ status: 'EXPIRED' });
    const team = serve({
      members: [sam()],
      invitations: [jo],
      write: (request) => {
        if (request.method === 'DELETE') {
          team.invitations = [];
          return new Response(null, { status: 204 });
        }
        const renewed = { ...jo, status: 'PENDING' as const, updated: '2026-11-24T01:00:00.000Z' };
        team.invitations = [renewed];
        return jsonResponse(renewed);
      },
    });
    const { user } = renderUsers();

    await user.click(await screen.findByRole('button', { name: 'Actions for jo@example.com.au' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resend' }));

    expect(
      await screen.findByText('Invitation sent again to jo@example.com.au. The new link works for 7 days.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('row', { name: /jo@example/ })).toHaveTextContent('Invited');
    const put = api.requests.find((request) => request.method === 'PUT');
    expect(put?.path).toBe(`/invitations/${jo.id}`);
    expect(put?.body).toEqual({ role: 'OFFICE', technician: null, resend: true, updated: jo.updated });

    await user.click(screen.getByRole('button', { name: 'Actions for jo@example.com.au' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const question = await screen.findByRole('dialog', {
      name: 'Revoke the invitation to jo@example.com.au?',
    });
    await user.click(within(question).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('Invitation to jo@example.com.au revoked.')).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /jo@example/ })).not.toBeInTheDocument();
    expect(api.requests.find((request) => request.method === 'DELETE')?.path).toBe(`/invitations/${jo.id}`);
  });

  it('says where the emails go when no mail server is set up', async () => {
    serve({ members: [sam()], invitations: [], mailConfigured: false });
    renderUsers();

    expect(
      await screen.findByText(/No mail server is set up, so invitations are not emailed/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Outbox' })).toHaveAttribute('href', '/settings/outbox');
  });

  it('shows a role the server refuses only why: no Invite user, no word about the mail', async () => {
    api.handle = (request) =>
      request.path === '/mail'
        ? jsonResponse({ configured: false, from: 'no-reply@fieldbook.app' })
        : errorResponse('FORBIDDEN', 'Only an Owner can do this.');
    renderUsers({ membership: membership({ role: 'OFFICE' }) });

    expect(
      await screen.findByText('Insufficient permissions. Please contact your administrator.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(screen.queryByText(/No mail server is set up/)).not.toBeInTheDocument();
  });
});
