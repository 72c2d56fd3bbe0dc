import { randomBytes, randomUUID } from 'node:crypto';
import type { Role } from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import {
  bearer,
  newMember,
  newPerson as newPersonIn,
  type Person,
  signAccessToken,
  type TenantWithUser,
} from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { technicians } from '../technicians/technician-tables.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

const unique = () => randomBytes(4).toString('hex');

const newPerson = (tenantId: string) => newPersonIn(t, tenantId);

/** A member of `tenantId` with `role`, added directly (the invitation flow has its own tests). */
const member = (tenantId: string, role: Role, technicianId: string | null = null) =>
  newMember(t, tenantId, role, technicianId);

const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function technicianIds(tenantId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ id: technicians.id })
    .from(technicians)
    .where(eq(technicians.tenantId, tenantId))
    .orderBy(technicians.name);
  return rows.map((row) => row.id);
}

async function messagesTo(tenantId: string, to: string) {
  return t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.tenantId, tenantId), eq(outboxMessages.recipient, to)))
    .orderBy(outboxMessages.created);
}

const linkToken = (body: string) => /\/join\/([A-Za-z0-9_-]{43})/.exec(body)?.[1] ?? '';

describe('roles against every endpoint family', () => {
  let office: Person;
  let tech: Person;
  let customerId: string;
  let ownJobId: string;
  let otherJobId: string;
  let invoiceId: string;
  let failedMessageId: string;

  beforeAll(async () => {
    const [se01 = '', se02 = ''] = await technicianIds(a.tenant.tenantId);
    office = await member(a.tenant.tenantId, 'OFFICE');
    tech = await member(a.tenant.tenantId, 'TECHNICIAN', se01);
    const customer = await call(a.token, 'POST', '/api/customers', { name: "O'Brien & Sons" });
    customerId = customer.json().id;
    const location = await call(a.token, 'POST', '/api/locations', {
      customer: { id: customerId },
      name: 'Unit 4',
      country: 'Australia',
    });
    expect(location.statusCode, location.body).toBe(201);
    const [priority] = (await call(a.token, 'GET', '/api/job-priorities')).json();
    const [territory] = (await call(a.token, 'GET', '/api/territories')).json();
    const job = async (assignee: string) => {
      const created = await call(a.token, 'POST', '/api/jobs', {
        customer: { id: customerId },
        location: { id: location.json().id },
        priority: { id: priority.id },
        territory: { id: territory.id },
        assignee,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().id as string;
    };
    ownJobId = await job(se01);
    otherJobId = await job(se02);
    const invoice = await call(a.token, 'POST', '/api/sales/invoices', {
      customer: { id: customerId },
      date: '2026-11-25',
      due: '2026-12-09',
      lineItems: [{ description: 'Call-out', quantity: '1', price: '120' }],
    });
    invoiceId = invoice.json().id;
    expect(invoice.statusCode).toBe(201);
    failedMessageId = randomUUID();
    await t.database.db.insert(outboxMessages).values({
      tenantId: a.tenant.tenantId,
      id: failedMessageId,
      kind: 'INVOICE',
      recipient: 'accounts@obrien.example',
      subject: 'Refused',
      body: 'Hello',
      status: 'FAILED',
      attempts: 6,
      lastError: '550 Mailbox unavailable',
    });
  });

  type Request = [method: 'GET' | 'POST' | 'PUT', url: () => string, body?: () => unknown];
  const everyone: Role[] = ['OWNER', 'OFFICE', 'TECHNICIAN'];
  const officeUp: Role[] = ['OWNER', 'OFFICE'];
  const ownerOnly: Role[] = ['OWNER'];
  /** The permission table as tested: each request, and the roles that get a 2xx (the others get 403). */
  const table: [string, Request, Role[]][] = [
    ['the organisation and role', ['GET', () => '/api/tenant'], everyone],
    ['the job list', ['GET', () => '/api/jobs'], everyone],
    ['their own job', ['GET', () => `/api/jobs/${ownJobId}`], everyone],
    ['a new job', ['POST', () => '/api/jobs', () => ({ customer: { id: customerId } })], officeUp],
    ['job priorities', ['GET', () => '/api/job-priorities'], everyone],
    ['territories', ['GET', () => '/api/territories'], everyone],
    ['technicians', ['GET', () => '/api/technicians'], everyone],
    ['a new technician', ['POST', () => '/api/technicians', () => ({ name: `T ${unique()}` })], officeUp],
    ['the item catalogue', ['GET', () => '/api/items'], everyone],
    [
      'a new item',
      ['POST', () => '/api/items', () => ({ code: unique(), description: 'Washer', price: '1.50' })],
      officeUp,
    ],
    ['tax rates', ['GET', () => '/api/tax-rates'], everyone],
    ['customers', ['GET', () => '/api/customers'], officeUp],
    ['a new customer', ['POST', () => '/api/customers', () => ({ name: `C ${unique()}` })], officeUp],
    ['locations', ['GET', () => '/api/locations'], officeUp],
    ['invoices', ['GET', () => '/api/sales/invoices'], officeUp],
    ['an invoice', ['GET', () => `/api/sales/invoices/${invoiceId}`], officeUp],
    ['an invoice email draft', ['GET', () => `/api/sales/invoices/${invoiceId}/email-draft`], officeUp],
    ['templates', ['GET', () => '/api/templates'], officeUp],
    ['address suggestions', ['GET', () => '/api/addresses/suggest?q=richmond'], officeUp],
    ['the organisation details', ['GET', () => '/api/organisation'], officeUp],
    ['members', ['GET', () => '/api/members'], ownerOnly],
    ['invitations', ['GET', () => '/api/invitations'], ownerOnly],
    [
      'a new invitation',
      ['POST', () => '/api/invitations', () => ({ email: `new-${unique()}@example.test`, role: 'OFFICE' })],
      ownerOnly,
    ],
    ['the outbox', ['GET', () => '/api/outbox'], ownerOnly],
    ['a failed message resent', ['POST', () => `/api/outbox/${failedMessageId}/resend`], ownerOnly],
    ['the mail status', ['GET', () => '/api/mail'], officeUp],
  ];

  const tokenOf = (role: Role) =>
    role === 'OWNER' ? a.token : role === 'OFFICE' ? office.token : tech.token;

  for (const [what, [method, url, body], allowed] of table) {
    for (const role of everyone) {
      const expected = allowed.includes(role) ? '2xx' : '403';
      it(`${role} → ${method} ${what}: ${expected}`, async () => {
        const response = await call(tokenOf(role), method, url(), body?.());
        if (expected === '2xx') {
          expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
          expect(response.statusCode, response.body).toBeLessThan(300);
        } else {
          expect(response.statusCode, response.body).toBe(403);
          expect(response.json().message).toContain(`(${role === 'OFFICE' ? 'Office' : 'Technician'})`);
        }
      });
    }
  }

  it('saving the organisation details is for Owners only', async () => {
    const details = (await call(a.token, 'GET', '/api/organisation')).json();
    const { id: _id, created: _created, logo: _logo, ...fields } = details;
    const byOffice = await call(office.token, 'PUT', '/api/organisation', fields);
    expect(byOffice.statusCode).toBe(403);
    expect(byOffice.json().message).toBe(
      'Your role in this organisation (Office) cannot do this: it needs Owner. Ask an Owner of the organisation.',
    );
    expect((await call(a.token, 'PUT', '/api/organisation', fields)).statusCode).toBe(200);
  });

  it('GET /tenant tells each member their role and technician', async () => {
    const own = (await call(tech.token, 'GET', '/api/tenant')).json();
    expect(own).toMatchObject({ tenantId: a.tenant.tenantId, role: 'TECHNICIAN' });
    expect(own.technician.id).toBe((await technicianIds(a.tenant.tenantId))[0]);
    expect((await call(a.token, 'GET', '/api/tenant')).json()).toMatchObject({
      role: 'OWNER',
      technician: null,
    });
  });

  it("a Technician sees only their technician's jobs, and another's is not found", async () => {
    const list = await call(tech.token, 'GET', '/api/jobs?s=100');
    const ids = list.json().map((job: { id: string }) => job.id);
    expect(ids).toContain(ownJobId);
    expect(ids).not.toContain(otherJobId);
    expect(list.headers['total-count']).toBe(String(ids.length));
    expect((await call(tech.token, 'GET', `/api/jobs/${otherJobId}`)).statusCode).toBe(404);
    expect((await call(tech.token, 'GET', `/api/jobs/${otherJobId}/pdf`)).statusCode).toBe(404);
    const searched = await call(tech.token, 'GET', `/api/jobs?q=${encodeURIComponent('status:OPEN_NEW')}`);
    expect(searched.json().map((job: { id: string }) => job.id)).toEqual([ownJobId]);
  });

  it('a Technician saves the status and line items of their job, and nothing else', async () => {
    const job = (await call(tech.token, 'GET', `/api/jobs/${ownJobId}`)).json();
    const other = await call(a.token, 'POST', '/api/customers', { name: 'Someone Else' });
    const saved = await call(tech.token, 'PUT', `/api/jobs/${ownJobId}`, {
      ...job,
      customer: { id: other.json().id },
      reference: 'changed by the technician',
      priority: { id: job.priority.id },
      territory: { id: job.territory.id },
      location: { id: job.location.id },
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      items: [{ description: 'Tap washer', quantity: '2', price: '3.50' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      status: 'OPEN_READY_TO_BE_SCHEDULED',
      customer: { id: customerId },
      reference: job.reference,
      total: '7.00',
    });
    const another = (await call(a.token, 'GET', `/api/jobs/${otherJobId}`)).json();
    const refused = await call(tech.token, 'PUT', `/api/jobs/${otherJobId}`, {
      ...another,
      priority: { id: another.priority.id },
      territory: { id: another.territory.id },
      location: { id: another.location.id },
    });
    expect(refused.statusCode).toBe(404);
  });

  it("a Technician's save keeps a job's missing location, territory and priority missing", async () => {
    const [se01 = ''] = await technicianIds(a.tenant.tenantId);
    const bare = await call(a.token, 'POST', '/api/jobs', { customer: { id: customerId }, assignee: se01 });
    expect(bare.statusCode, bare.body).toBe(201);
    const job = bare.json();
    expect(job).toMatchObject({ location: null, territory: null, priority: null });
    const location = (
      await call(a.token, 'GET', `/api/locations?q=${encodeURIComponent('Unit 4')}`)
    ).json()[0];
    const [priority] = (await call(tech.token, 'GET', '/api/job-priorities')).json();
    const [territory] = (await call(tech.token, 'GET', '/api/territories')).json();
    const saved = await call(tech.token, 'PUT', `/api/jobs/${job.id}`, {
      ...job,
      location: { id: location.id },
      territory: { id: territory.id },
      priority: { id: priority.id },
      items: [{ description: 'Tap washer', quantity: '1', price: '3.50' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ location: null, territory: null, priority: null, total: '3.50' });
    const read = (await call(a.token, 'GET', `/api/jobs/${job.id}`)).json();
    expect(read).toMatchObject({ location: null, territory: null, priority: null, total: '3.50' });
  });

  it('a Technician linked to no technician sees no jobs', async () => {
    const unlinked = await member(a.tenant.tenantId, 'TECHNICIAN');
    const list = await call(unlinked.token, 'GET', '/api/jobs');
    expect(list.json()).toEqual([]);
    expect(list.headers['total-count']).toBe('0');
  });
});

describe('members', () => {
  it('lists the members with their roles; the last Owner cannot be demoted or removed', async () => {
    const tenantId = b.tenant.tenantId;
    const office = await member(tenantId, 'OFFICE');
    const members = (await call(b.token, 'GET', '/api/members')).json();
    expect(members.map((m: { role: string }) => m.role)).toEqual(['OWNER', 'OFFICE']);
    const [owner, officeMember] = members;
    expect(owner).toMatchObject({ email: b.user.email, name: b.user.name });

    const demote = await call(b.token, 'PUT', `/api/members/${owner.id}`, {
      role: 'OFFICE',
      updated: owner.updated,
    });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().fieldErrors).toEqual([
      { field: 'role', message: 'Every organisation needs an Owner: make someone else an Owner first.' },
    ]);
    const remove = await call(b.token, 'DELETE', `/api/members/${owner.id}`);
    expect(remove.statusCode).toBe(409);

    const promoted = await call(b.token, 'PUT', `/api/members/${officeMember.id}`, {
      role: 'OWNER',
      updated: officeMember.updated,
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const stale = await call(b.token, 'PUT', `/api/members/${officeMember.id}`, {
      role: 'OFFICE',
      updated: officeMember.updated,
    });
    expect(stale.statusCode).toBe(409);
    // Now there are two Owners: the new one demotes the first, who loses the Users screen at once.
    const demoted = await call(office.token, 'PUT', `/api/members/${owner.id}`, {
      role: 'OFFICE',
      updated: owner.updated,
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await call(b.token, 'GET', '/api/members')).statusCode).toBe(403);
    await call(office.token, 'PUT', `/api/members/${owner.id}`, {
      role: 'OWNER',
      updated: demoted.json().updated,
    });
    const removed = await call(b.token, 'DELETE', `/api/members/${promoted.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(office.token, 'GET', '/api/tenant')).statusCode).toBe(403);
  });

  it("refuses a technician link for other roles and to another organisation's technician", async () => {
    const person = await member(a.tenant.tenantId, 'OFFICE');
    const [row] = (await call(a.token, 'GET', '/api/members'))
      .json()
      .filter((m: { subject: string }) => m.subject === person.subject);
    const [theirs = ''] = await technicianIds(b.tenant.tenantId);
    const [ours = ''] = await technicianIds(a.tenant.tenantId);
    const notTechnician = await call(a.token, 'PUT', `/api/members/${row.id}`, {
      role: 'OFFICE',
      technician: { id: ours },
      updated: row.updated,
    });
    expect(notTechnician.json().fieldErrors[0].field).toBe('technician');
    const foreign = await call(a.token, 'PUT', `/api/members/${row.id}`, {
      role: 'TECHNICIAN',
      technician: { id: theirs },
      updated: row.updated,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors[0].field).toBe('technician.id');
  });

  it("another organisation's members and invitations are not found", async () => {
    const theirs = (await call(b.token, 'GET', '/api/members')).json()[0];
    expect((await call(a.token, 'GET', `/api/members/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call(a.token, 'PUT', `/api/members/${theirs.id}`, { role: 'OFFICE', updated: theirs.updated }))
        .statusCode,
    ).toBe(404);
    expect((await call(a.token, 'DELETE', `/api/members/${theirs.id}`)).statusCode).toBe(404);
    const invited = await call(b.token, 'POST', '/api/invitations', {
      email: `x-${unique()}@example.test`,
      role: 'OFFICE',
    });
    expect((await call(a.token, 'GET', `/api/invitations/${invited.json().id}`)).statusCode).toBe(404);
    expect((await call(a.token, 'DELETE', `/api/invitations/${invited.json().id}`)).statusCode).toBe(404);
  });
});

describe('invitations', () => {
  const invite = (email: string, role: Role = 'OFFICE', headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: { ...bearer(a.token), ...headers },
      payload: { email, role },
    });

  it('emails a single-use link; whoever signs in with it joins with the role', async () => {
    const email = `Office.Manager-${unique()}@Example.test`;
    const created = await invite(email);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ email, role: 'OFFICE', status: 'PENDING', technician: null });
    const [message] = await messagesTo(a.tenant.tenantId, email);
    expect(message?.kind).toBe('INVITATION');
    expect(message?.status).toBe('QUEUED');
    expect(message?.subject).toContain('invited you to join Alpha Plumbing on Fieldbook');
    const token = linkToken(message?.body ?? '');
    expect(message?.body).toContain(`http://localhost:3000/join/${token}`);

    const joiner = await newPerson(b.tenant.tenantId); // a token naming no tenant of theirs yet
    const preview = await call(joiner.token, 'POST', '/api/invitation-links/preview', { token });
    expect(preview.json()).toMatchObject({ tenantName: 'Alpha Plumbing', role: 'OFFICE', email });
    const accepted = await call(joiner.token, 'POST', '/api/invitation-links/accept', { token });
    expect(accepted.json()).toEqual({ tenantId: a.tenant.tenantId, tenantName: 'Alpha Plumbing' });
    const asMember = await signAccessToken(t, { sub: joiner.subject, tenantId: a.tenant.tenantId });
    expect((await call(asMember, 'GET', '/api/tenant')).json()).toMatchObject({ role: 'OFFICE' });

    // Opened again by someone already a member (the joiner, now): refused, and the link is not used up.
    const other = `other-${unique()}@example.test`;
    expect((await invite(other)).statusCode).toBe(201);
    const [otherMessage] = await messagesTo(a.tenant.tenantId, other);
    const otherToken = linkToken(otherMessage?.body ?? '');
    const member = await call(joiner.token, 'POST', '/api/invitation-links/accept', { token: otherToken });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(
      `You are already a member of Alpha Plumbing, so this invitation is not yours to use: it stays for ${other}.`,
    );
    expect(
      (await call(a.token, 'GET', '/api/invitations')).json().map((i: { email: string }) => i.email),
    ).toContain(other);
    expect((await call(asMember, 'GET', '/api/tenant')).json()).toMatchObject({ role: 'OFFICE' });

    const again = await call(
      (await newPerson(b.tenant.tenantId)).token,
      'POST',
      '/api/invitation-links/accept',
      { token },
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      'This invitation has already been used or was revoked. Ask for a new one.',
    );
    expect(
      (await call(a.token, 'GET', '/api/invitations')).json().map((i: { email: string }) => i.email),
    ).not.toContain(email);
    // The member's address (their account's) is now taken.
    const twice = await invite(joiner.email.toUpperCase());
    expect(twice.json().fieldErrors).toEqual([
      { field: 'email', message: 'This person is already a member of this organisation.' },
    ]);
  });

  it('says in its email, in sentences of their own, what the role may do', async () => {
    const technician = `tech-${unique()}@example.test`;
    expect((await invite(technician, 'TECHNICIAN')).statusCode).toBe(201);
    const [toTechnician] = await messagesTo(a.tenant.tenantId, technician);
    expect(toTechnician?.body).toContain(
      "invited you to join Alpha Plumbing on Fieldbook as Technician. A Technician sees the jobs assigned to them, and changes those jobs' status and line items. They have no access to invoices, customers or settings.\n",
    );

    const office = `office-${unique()}@example.test`;
    expect((await invite(office, 'OFFICE')).statusCode).toBe(201);
    const [toOffice] = await messagesTo(a.tenant.tenantId, office);
    expect(toOffice?.body).toContain(
      "on Fieldbook as Office. An Office member works with customers, jobs, the scheduler, invoices, items, tax rates, technicians and templates, but cannot manage the users or change the organisation's details.\n",
    );
  });

  it('expires after 7 days; a resend makes a new link and the old one stops working', async () => {
    const email = `tech-${unique()}@example.test`;
    const created = (await invite(email, 'TECHNICIAN')).json();
    expect(Date.parse(created.expires) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const first = linkToken((await messagesTo(a.tenant.tenantId, email))[0]?.body ?? '');
    await t.database.db.execute(
      sql`update invitations set expires = now() - interval '1 second' where id = ${created.id}`,
    );
    const joiner = await newPerson(b.tenant.tenantId);
    const expired = await call(joiner.token, 'POST', '/api/invitation-links/accept', { token: first });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe('This invitation has expired. Ask for a new one.');
    const listed = (await call(a.token, 'GET', `/api/invitations/${created.id}`)).json();
    expect(listed.status).toBe('EXPIRED');

    const [se03 = ''] = (await technicianIds(a.tenant.tenantId)).slice(2);
    const resent = await call(a.token, 'PUT', `/api/invitations/${created.id}`, {
      role: 'TECHNICIAN',
      technician: { id: se03 },
      resend: true,
      updated: listed.updated,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: 'PENDING', technician: { id: se03 } });
    const messages = await messagesTo(a.tenant.tenantId, email);
    expect(messages).toHaveLength(2);
    const second = linkToken(messages[1]?.body ?? '');
    expect(
      (await call(joiner.token, 'POST', '/api/invitation-links/accept', { token: first })).statusCode,
    ).toBe(404);
    expect(
      (await call(joiner.token, 'POST', '/api/invitation-links/accept', { token: second })).statusCode,
    ).toBe(200);
    const asMember = await signAccessToken(t, { sub: joiner.subject, tenantId: a.tenant.tenantId });
    expect((await call(asMember, 'GET', '/api/tenant')).json()).toMatchObject({
      role: 'TECHNICIAN',
      technician: { id: se03 },
    });
  });

  it('a revoked link stops working; bad input is refused on its field', async () => {
    const email = `revoked-${unique()}@example.test`;
    const created = (await invite(email)).json();
    const token = linkToken((await messagesTo(a.tenant.tenantId, email))[0]?.body ?? '');
    expect((await call(a.token, 'DELETE', `/api/invitations/${created.id}`)).statusCode).toBe(204);
    const joiner = await newPerson(b.tenant.tenantId);
    expect((await call(joiner.token, 'POST', '/api/invitation-links/preview', { token })).statusCode).toBe(
      404,
    );
    expect(
      (await call(joiner.token, 'POST', '/api/invitation-links/preview', { token: 'not-a-token' })).json()
        .message,
    ).toBe('This invitation link is not valid. Check that the whole link was copied, or ask for a new one.');

    const bad = await call(a.token, 'POST', '/api/invitations', { email: 'not an email', role: 'BOSS' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .fieldErrors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['email', 'role']);
    const duplicate = `dup-${unique()}@example.test`;
    await invite(duplicate);
    const twice = await invite(duplicate.toUpperCase());
    expect(twice.json().fieldErrors).toEqual([
      { field: 'email', message: 'This address already has an open invitation: resend it instead.' },
    ]);
  });

  it('revoking withdraws its email while it waits; one the mail worker has taken stays as it is', async () => {
    const waiting = `waiting-${unique()}@example.test`;
    const taken = `taken-${unique()}@example.test`;
    const created = (await invite(waiting)).json();
    const other = (await invite(taken)).json();
    const [takenMessage] = await messagesTo(a.tenant.tenantId, taken);
    // As the worker leaves a message it is sending: claimed, not yet finished.
    await t.database.db.execute(
      sql`update outbox_messages set status = 'SENDING', attempts = 1 where id = ${takenMessage?.id ?? ''}`,
    );
    expect((await call(a.token, 'DELETE', `/api/invitations/${created.id}`)).statusCode).toBe(204);
    expect((await call(a.token, 'DELETE', `/api/invitations/${other.id}`)).statusCode).toBe(204);
    const [withdrawn] = await messagesTo(a.tenant.tenantId, waiting);
    expect(withdrawn).toMatchObject({ kind: 'INVITATION', status: 'WITHDRAWN', attempts: 0 });
    expect((await messagesTo(a.tenant.tenantId, taken))[0]).toMatchObject({ status: 'SENDING', attempts: 1 });
    const outbox = (
      await call(a.token, 'GET', `/api/outbox?q=${encodeURIComponent(`to:${waiting}`)}`)
    ).json();
    expect(outbox).toEqual([expect.objectContaining({ id: withdrawn?.id, status: 'WITHDRAWN' })]);
    // A second revoke finds nothing to revoke, and the message stays withdrawn.
    expect((await call(a.token, 'DELETE', `/api/invitations/${created.id}`)).statusCode).toBe(404);
    expect((await messagesTo(a.tenant.tenantId, waiting))[0]?.status).toBe('WITHDRAWN');
  });

  it('a retried create (same Idempotency-Key) invites and emails once', async () => {
    const email = `retry-${unique()}@example.test`;
    const key = { 'idempotency-key': unique() };
    const first = await invite(email, 'OFFICE', key);
    const retry = await invite(email, 'OFFICE', key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotency-replayed']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
    expect(await messagesTo(a.tenant.tenantId, email)).toHaveLength(1);
  });
});
