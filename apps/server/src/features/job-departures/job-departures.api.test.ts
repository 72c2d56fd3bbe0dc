import { takenAtMessages } from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMailWorker } from '../../platform/mail/mail-worker.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import { technicianJobs } from '../../test-support/job-fixtures.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { startTestSmtp } from '../../test-support/test-smtp.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

let owner: ApiClient;
let technician: ApiClient;
let technicianEmail: string;
let ownJobId: string;
let otherJobId: string;
const departuresOf = (jobId: string) => `/api/jobs/${jobId}/departures`;
const setStatus = (jobId: string, status: string) =>
  t.database.db.execute(sql`update jobs set status = ${status} where id = ${jobId}`);

beforeAll(async () => {
  ({ owner, technician, technicianEmail, ownJobId, otherJobId } = await technicianJobs(
    t,
    a,
    "Siobhán O'Brien & Sons",
  ));
  const customerId = (await owner.get(`/api/jobs/${ownJobId}`)).json().customer.id as string;
  const customer = (await owner.get(`/api/customers/${customerId}`)).json();
  const saved = await owner.put(`/api/customers/${customerId}`, {
    ...customer,
    billingEmail: 'siobhan@obrien.example',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await setStatus(ownJobId, 'OPEN_SCHEDULED');
  await setStatus(otherJobId, 'OPEN_SCHEDULED');
  await t.database.db.execute(
    sql`update organisation_details set time_zone = 'Australia/Perth' where tenant_id = ${a.tenant.tenantId}`,
  );
});

const messageOf = async (id: string) => {
  const [row] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.tenantId, a.tenant.tenantId), eq(outboxMessages.id, id)));
  return row;
};

describe('On my way', () => {
  it("is recorded with an arrival window, and emails the customer from the organisation's template", async () => {
    const before = Date.now();
    const said = await technician.post(departuresOf(ownJobId), { arrivalMinutes: 30 });
    expect(said.statusCode, said.body).toBe(201);
    const departure = said.json();
    expect(departure).toMatchObject({
      job: { id: ownJobId },
      by: technicianEmail,
      emailedTo: 'siobhan@obrien.example',
      status: 'QUEUED',
    });
    const from = Date.parse(departure.arrivalFrom);
    expect(from - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(from - Date.parse(departure.departed)).toBeLessThan(35 * 60_000 + 1000);
    expect(from % (5 * 60_000)).toBe(0);
    expect(Date.parse(departure.arrivalTo) - from).toBe(30 * 60_000);
    const message = await messageOf(departure.messageId);
    expect(message).toMatchObject({ kind: 'ON_MY_WAY', recipient: 'siobhan@obrien.example' });
    const perth = (iso: string) =>
      new Date(iso)
        .toLocaleTimeString('en-AU', {
          hour: 'numeric',
          minute: '2-digit',
          hour12: true,
          timeZone: 'Australia/Perth',
        })
        .replace(/\s+/g, ' ')
        .toLowerCase();
    expect(message?.subject).toBe(`${departure.technician} from ${a.tenant.tenantName} is on the way`);
    expect(message?.body).toContain("Hello Siobhán O'Brien & Sons,");
    expect(message?.body).toContain(
      `between ${perth(departure.arrivalFrom)} and ${perth(departure.arrivalTo)}.`,
    );
    expect((await owner.get(departuresOf(ownJobId))).json()).toEqual([departure]);
  });

  it('sends nothing when not asked to, and uses the edited template', async () => {
    const quiet = await technician.post(departuresOf(ownJobId), { arrivalMinutes: 15, notify: false });
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(quiet.json()).toMatchObject({ emailedTo: null, messageId: null, status: null });
    const organisation = (await owner.get('/api/organisation')).json();
    // A placeholder the email does not fill is refused when the template is saved, not sent as typed.
    const slip = await owner.put('/api/organisation', {
      ...organisation,
      onMyWayMessage: 'Hi {customer}, see you at {eta}.',
    });
    expect(slip.statusCode).toBe(400);
    expect(slip.json().fieldErrors).toEqual([
      {
        field: 'onMyWayMessage',
        message:
          "{eta} is not one of this email's placeholders: use {technician}, {customer}, {number}, {arrivalFrom}, {arrivalTo}, {organisation}.",
      },
    ]);
    const edited = await owner.put('/api/organisation', {
      ...organisation,
      onMyWaySubject: 'Job {number}: {technician} is coming',
      onMyWayMessage: 'Hi {customer}, see you from {arrivalFrom}. {organisation}',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const loud = (await owner.post(departuresOf(ownJobId), { arrivalMinutes: 120 })).json();
    const message = await messageOf(loud.messageId);
    const number = (await owner.get(`/api/jobs/${ownJobId}`)).json().number;
    expect(message?.subject).toBe(`Job ${number}: ${loud.technician} is coming`);
    expect(message?.body).toMatch(
      new RegExp(`^Hi Siobhán O'Brien & Sons, see you from \\d{1,2}:\\d\\d [ap]m\\. ${a.tenant.tenantName}$`),
    );
    const listed = (await technician.get(departuresOf(ownJobId))).json();
    expect(listed.map((d: { id: string }) => d.id)).toEqual([loud.id, quiet.json().id, listed[2].id]);
  });

  it('refuses a job that is not Scheduled or In progress, and a bad arrival time, recording nothing', async () => {
    const before = (await owner.get(departuresOf(otherJobId))).json().length;
    await setStatus(otherJobId, 'OPEN_COMPLETED');
    const done = await owner.post(departuresOf(otherJobId), { arrivalMinutes: 30 });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toMatch(/^On my way is for a job that is Scheduled or In progress/);
    await setStatus(otherJobId, 'OPEN_IN_PROGRESS');
    for (const body of [
      {},
      { arrivalMinutes: 20 },
      { arrivalMinutes: '30' },
      { arrivalMinutes: 30, notify: 'yes' },
    ]) {
      const refused = await owner.post(departuresOf(otherJobId), body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await owner.post(departuresOf(otherJobId), {})).json().fieldErrors).toContainEqual({
      field: 'arrivalMinutes',
      message: 'Choose when you expect to arrive: in 15, 30, 45, 60, 90 or 120 minutes.',
    });
    expect((await owner.get(departuresOf(otherJobId))).json()).toHaveLength(before);
    const inProgress = await owner.post(departuresOf(otherJobId), { arrivalMinutes: 45, notify: false });
    expect(inProgress.statusCode).toBe(201);
  });

  it('makes one record for a retry with the same Idempotency-Key', async () => {
    const key = { 'idempotency-key': `omw-${Date.now()}` };
    const first = await technician.post(departuresOf(ownJobId), { arrivalMinutes: 60, notify: false }, key);
    const again = await technician.post(departuresOf(ownJobId), { arrivalMinutes: 60, notify: false }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(again.json().id).toBe(first.json().id);
  });

  it('said on a phone without signal and sent later, is recorded when it was said, its window from then', async () => {
    const said = new Date(Date.now() - 40 * 60_000);
    const late = await technician.post(departuresOf(ownJobId), {
      arrivalMinutes: 30,
      notify: false,
      takenAt: said.toISOString(),
    });
    expect(late.statusCode, late.body).toBe(201);
    const departure = late.json();
    expect(departure.departed).toBe(said.toISOString());
    const ahead = Date.parse(departure.arrivalFrom) - said.getTime();
    expect(ahead).toBeGreaterThanOrEqual(30 * 60_000);
    expect(ahead).toBeLessThan(35 * 60_000);

    // A phone's clock a minute ahead: recorded as now, never later.
    const sent = Date.now();
    const fast = await technician.post(departuresOf(ownJobId), {
      arrivalMinutes: 15,
      notify: false,
      takenAt: new Date(sent + 60_000).toISOString(),
    });
    expect(fast.statusCode, fast.body).toBe(201);
    expect(Date.parse(fast.json().departed)).toBeLessThanOrEqual(Date.now());

    const before = (await owner.get(departuresOf(ownJobId))).json().length;
    for (const [takenAt, message] of [
      [new Date(Date.now() + 10 * 60_000).toISOString(), takenAtMessages.range],
      [new Date(Date.now() - 15 * 24 * 60 * 60_000).toISOString(), takenAtMessages.range],
      ['yesterday', takenAtMessages.format],
    ]) {
      const refused = await technician.post(departuresOf(ownJobId), { arrivalMinutes: 30, takenAt });
      expect(refused.statusCode, takenAt).toBe(400);
      expect(refused.json().fieldErrors).toContainEqual({ field: 'takenAt', message });
    }
    expect((await owner.get(departuresOf(ownJobId))).json()).toHaveLength(before);
  });

  it('sent after the arrival time it gave has begun, emails no one; the same request again answers the first', async () => {
    const key = { 'idempotency-key': `omw-late-${Date.now()}` };
    const body = {
      arrivalMinutes: 15,
      notify: true,
      takenAt: new Date(Date.now() - 20 * 60_000).toISOString(),
    };
    const late = await technician.post(departuresOf(ownJobId), body, key);
    expect(late.statusCode, late.body).toBe(201);
    expect(late.json()).toMatchObject({ emailedTo: null, messageId: null, status: null });
    // A phone that never had the answer sends exactly the same again: the first answer, nothing recorded twice.
    const again = await technician.post(departuresOf(ownJobId), body, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(late.json());

    // Said a minute ago, arriving in 15: the customer is still emailed.
    const recent = await technician.post(departuresOf(ownJobId), {
      arrivalMinutes: 15,
      notify: true,
      takenAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(recent.json()).toMatchObject({ emailedTo: 'siobhan@obrien.example', status: 'QUEUED' });
  });

  it("tells the customer who is coming: a Technician by their own name, the office by the job's technician's", async () => {
    const assignee = (await owner.get(`/api/jobs/${ownJobId}`)).json().assigneeName as string;
    // A Technician with no name of their own: the job's technician's.
    const unnamed = (await technician.post(departuresOf(ownJobId), { arrivalMinutes: 15 })).json();
    expect(unnamed.technician).toBe(assignee);

    await t.database.db.execute(
      sql`update memberships set name = 'Sam Nguyen' where tenant_id = ${a.tenant.tenantId} and email = ${technicianEmail}`,
    );
    const named = (await technician.post(departuresOf(ownJobId), { arrivalMinutes: 15 })).json();
    expect(named).toMatchObject({ technician: 'Sam Nguyen', by: 'Sam Nguyen' });
    // The template the test before edited: 'Job {number}: {technician} is coming'.
    expect((await messageOf(named.messageId))?.subject).toMatch(/^Job \d+: Sam Nguyen is coming$/);

    const office = (await owner.post(departuresOf(ownJobId), { arrivalMinutes: 15, notify: false })).json();
    expect(office.technician).toBe(assignee);
    await t.database.db.execute(
      sql`update memberships set name = null where tenant_id = ${a.tenant.tenantId} and email = ${technicianEmail}`,
    );
  });

  it('says what became of its email: waiting to be sent, then sent, or refused', async () => {
    // This app has no mail server: the email waits, and says so.
    const said = await technician.post(departuresOf(ownJobId), { arrivalMinutes: 30 });
    expect(said.json()).toMatchObject({ emailedTo: 'siobhan@obrien.example', status: 'QUEUED' });
    const statusOf = async (id: string) =>
      (await technician.get(departuresOf(ownJobId))).json().find((d: { id: string }) => d.id === id)?.status;
    expect(await statusOf(said.json().id)).toBe('QUEUED');

    // Another process with a mail server sends what waits in the outbox.
    const smtp = await startTestSmtp();
    const worker = createMailWorker(
      t.database.db,
      { smtpUrl: smtp.url, from: 'Fieldbook <no-reply@fieldbook.test>', pollMs: 50 },
      t.app.log,
    );
    try {
      worker.start();
      await worker.idle();
      expect(smtp.received.map((mail) => mail.messageId)).toContain(
        `<${said.json().messageId}@fieldbook.test>`,
      );
      expect(await statusOf(said.json().id)).toBe('SENT');

      smtp.refuse.set('siobhan@obrien.example', 'always');
      const refused = await technician.post(departuresOf(ownJobId), { arrivalMinutes: 30 });
      expect(refused.json().status).toBe('QUEUED');
      await worker.idle();
      expect(await statusOf(refused.json().id)).toBe('FAILED');
    } finally {
      await worker.stop();
      await smtp.close();
    }
  });

  it("is not another technician's or another organisation's to say or read", async () => {
    expect((await technician.post(departuresOf(otherJobId), { arrivalMinutes: 30 })).statusCode).toBe(404);
    expect((await technician.get(departuresOf(otherJobId))).statusCode).toBe(404);
    const other = apiAs(t, b.token);
    expect((await other.get(departuresOf(ownJobId))).statusCode).toBe(404);
    expect((await other.post(departuresOf(ownJobId), { arrivalMinutes: 30 })).statusCode).toBe(404);
    expect((await owner.get(departuresOf('not-a-uuid'))).statusCode).toBe(404);
  });
});
