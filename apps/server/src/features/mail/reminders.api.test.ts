import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxAttachments, outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { createRenderer, type Renderer } from '../../platform/renderer/renderer.ts';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser, newMember, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { sendDueReminders } from './automatic-reminders.ts';
import { invoiceEmails } from './invoice-email-tables.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
withTwoTenants((env) => ({ t, a, b } = env));

let renderer: Renderer;
beforeAll(() => {
  renderer = createRenderer();
});
afterAll(() => renderer.close());

const emailsOf = (id: string) => `/api/sales/invoices/${id}/emails`;
const draftOf = (id: string, kind = 'reminder') => `/api/sales/invoices/${id}/email-draft?kind=${kind}`;

/** A customer (with a billing email, or none) and an issued (Sent) invoice of $1,234.50 of theirs. */
async function sentInvoice(
  api: ApiClient,
  { date, due, billingEmail }: { date: string; due: string; billingEmail: string | null },
) {
  const customer = await api.post('/api/customers', { name: "O'Brien & Sons Plumbing", billingEmail });
  expect(customer.statusCode, customer.body).toBe(201);
  const created = await api.post('/api/sales/invoices', {
    customer: { id: customer.json().id },
    date,
    due,
    lineItems: [{ description: 'Replace hot water unit', quantity: '1', price: '1234.5' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const invoice = created.json() as { id: string; number: number };
  await t.database.db.execute(sql`update invoices set status = 'OPEN_SENT' where id = ${invoice.id}`);
  return invoice;
}

const pay = async (api: ApiClient, invoiceId: string, amount: string, date: string) => {
  const paid = await api.post(`/api/sales/invoices/${invoiceId}/payments`, { date, amount, method: 'CASH' });
  expect(paid.statusCode, paid.body).toBe(201);
};

const messageOf = async (tenantId: string, id: string) => {
  const [message] = await t.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.tenantId, tenantId), eq(outboxMessages.id, id)));
  const attachments = await t.database.db
    .select({ filename: outboxAttachments.filename, contentType: outboxAttachments.contentType })
    .from(outboxAttachments)
    .where(and(eq(outboxAttachments.tenantId, tenantId), eq(outboxAttachments.messageId, id)));
  return { ...message, attachments };
};

describe('a payment reminder sent by a member', () => {
  let owner: ApiClient;
  let overdue: { id: string; number: number };
  let notDue: { id: string; number: number };
  beforeAll(async () => {
    owner = apiAs(t, a.token);
    overdue = await sentInvoice(owner, {
      date: '2026-10-01',
      due: '2026-10-15',
      billingEmail: 'accounts@obrien.example',
    });
    await pay(owner, overdue.id, '234.50', '2026-10-10');
    notDue = await sentInvoice(owner, {
      date: '2026-11-01',
      due: '2099-12-31',
      billingEmail: 'accounts@obrien.example',
    });
  });

  it("starts from the organisation's reminder texts, with what is still owing and how late it is", async () => {
    const draft = await owner.get(draftOf(overdue.id));
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toEqual({
      to: 'accounts@obrien.example',
      subject: `Reminder: invoice ${overdue.number} from Alpha Plumbing is overdue`,
      message: expect.stringContaining(
        `invoice ${overdue.number} for $1,234.50 was due on Thursday 15 October 2026 and is now`,
      ),
    });
    expect(draft.json().message).toContain('The amount still owing is $1,000.00.');
    // The invoice email's draft is unchanged.
    const invoiceDraft = await owner.get(draftOf(overdue.id, 'invoice'));
    expect(invoiceDraft.json().subject).toBe(`Invoice ${overdue.number} from Alpha Plumbing`);
  });

  it('is sent with the PDF through the outbox, and listed on the invoice as a reminder', async () => {
    const draft = (await owner.get(draftOf(overdue.id))).json();
    const sent = await owner.post(
      emailsOf(overdue.id),
      { kind: 'REMINDER', to: draft.to, subject: draft.subject, message: draft.message },
      { 'idempotency-key': `remind-${overdue.id}` },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      kind: 'REMINDER',
      reminderStep: null,
      to: 'accounts@obrien.example',
      subject: draft.subject,
      sentBy: a.user.name,
    });
    const message = await messageOf(a.tenant.tenantId, sent.json().messageId);
    expect(message).toMatchObject({
      kind: 'REMINDER',
      recipient: 'accounts@obrien.example',
      subject: draft.subject,
      body: draft.message,
      attachments: [{ filename: `invoice-${overdue.number}.pdf`, contentType: 'application/pdf' }],
    });
    const list = (await owner.get(emailsOf(overdue.id))).json();
    expect(list).toEqual([expect.objectContaining({ id: sent.json().id, kind: 'REMINDER' })]);
    // The invoice stays Sent.
    expect((await owner.get(`/api/sales/invoices/${overdue.id}`)).json().status).toBe('OPEN_SENT');
  });

  it('is refused for an invoice that is not overdue, and nothing is sent', async () => {
    const draft = await owner.get(draftOf(notDue.id));
    expect(draft.statusCode).toBe(409);
    expect(draft.json().message).toContain(`Invoice ${notDue.number} is not overdue`);
    const sent = await owner.post(emailsOf(notDue.id), {
      kind: 'REMINDER',
      to: 'accounts@obrien.example',
      subject: 'Reminder',
      message: 'Please pay',
    });
    expect(sent.statusCode).toBe(409);
    expect((await owner.get(emailsOf(notDue.id))).json()).toEqual([]);
    // Nor for a Draft, or a paid one, whatever its due date.
    await t.database.db.execute(sql`update invoices set status = 'OPEN_DRAFT' where id = ${overdue.id}`);
    expect((await owner.get(draftOf(overdue.id))).statusCode).toBe(409);
    await t.database.db.execute(sql`update invoices set status = 'OPEN_SENT' where id = ${overdue.id}`);
  });

  it('refuses a kind it does not know', async () => {
    expect((await owner.get(draftOf(overdue.id, 'statement'))).statusCode).toBe(400);
    const sent = await owner.post(emailsOf(overdue.id), {
      kind: 'NAG',
      to: 'accounts@obrien.example',
      subject: 'Reminder',
      message: 'Please pay',
    });
    expect(sent.statusCode).toBe(400);
  });

  it("is not a Technician's to send (403), and another organisation's invoice is not found (404)", async () => {
    const technician = apiAs(t, (await newMember(t, a.tenant.tenantId, 'TECHNICIAN')).token);
    expect((await technician.get(draftOf(overdue.id))).statusCode).toBe(403);
    const byTechnician = await technician.post(emailsOf(overdue.id), {
      kind: 'REMINDER',
      to: 'accounts@obrien.example',
      subject: 'Reminder',
      message: 'Please pay',
    });
    expect(byTechnician.statusCode).toBe(403);
    const other = apiAs(t, b.token);
    expect((await other.get(draftOf(overdue.id))).statusCode).toBe(404);
    const byOther = await other.post(emailsOf(overdue.id), {
      kind: 'REMINDER',
      to: 'accounts@obrien.example',
      subject: 'Reminder',
      message: 'Please pay',
    });
    expect(byOther.statusCode).toBe(404);
  });
});

describe('automatic payment reminders', () => {
  // 1 March 2027, 1 pm in Sydney (the organisation's zone): today there is 2027-03-01.
  const NOW = new Date('2027-03-01T02:00:00Z');
  const later = (days: number) => new Date(NOW.getTime() + days * 86_400_000);
  let tenant: TenantWithUser;
  let owner: ApiClient;
  const invoices: Record<string, { id: string; number: number }> = {};

  /** The automatic reminders recorded, by invoice: the steps sent. */
  const stepsSent = async () => {
    const rows = await t.database.db
      .select({ invoiceId: invoiceEmails.invoiceId, step: invoiceEmails.reminderStep })
      .from(invoiceEmails)
      .where(and(eq(invoiceEmails.tenantId, tenant.tenant.tenantId), eq(invoiceEmails.kind, 'REMINDER')));
    const byName = Object.fromEntries(Object.entries(invoices).map(([name, { id }]) => [id, name]));
    return rows.map((row) => `${byName[row.invoiceId]}@${row.step}`).sort();
  };

  beforeAll(async () => {
    tenant = await createTenantWithUser(t, 'Reminder Roofing');
    owner = apiAs(t, tenant.token);
    const organisation = (await owner.get('/api/organisation')).json();
    const saved = await owner.put('/api/organisation', { ...organisation, automaticReminderDays: [21, 7] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().automaticReminderDays).toEqual([7, 21]);
    const email = 'accounts@roof.example';
    invoices.three = await sentInvoice(owner, { date: '2027-02-01', due: '2027-02-26', billingEmail: email });
    invoices.eight = await sentInvoice(owner, { date: '2027-02-01', due: '2027-02-21', billingEmail: email });
    invoices.twentyFive = await sentInvoice(owner, {
      date: '2027-01-20',
      due: '2027-02-04',
      billingEmail: email,
    });
    invoices.paid = await sentInvoice(owner, { date: '2027-01-01', due: '2027-01-10', billingEmail: email });
    // Paid in the editor: what was due is recorded as one payment, dated the invoice's date (a payment typed in
    // cannot be dated after today).
    const unpaid = (await owner.get(`/api/sales/invoices/${invoices.paid.id}`)).json();
    const marked = await owner.put(`/api/sales/invoices/${invoices.paid.id}`, {
      ...unpaid,
      status: 'CLOSED_PAID',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    invoices.noEmail = await sentInvoice(owner, {
      date: '2027-01-01',
      due: '2027-01-10',
      billingEmail: null,
    });
  });

  it('refuses days out of 1–365, and more than 5, on the field', async () => {
    const organisation = (await owner.get('/api/organisation')).json();
    for (const days of [[0], [366], [1, 2, 3, 4, 5, 6]]) {
      const refused = await owner.put('/api/organisation', { ...organisation, automaticReminderDays: days });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual([
        'automaticReminderDays',
      ]);
    }
  });

  it('sends the highest step each overdue invoice has reached, with its PDF, to the billing email', async () => {
    const { sent, failed } = await sendDueReminders(t.database.db, renderer, NOW);
    expect(failed).toEqual([]);
    expect(sent).toBe(2);
    expect(await stepsSent()).toEqual(['eight@7', 'twentyFive@21']);
    const [reminder] = (await owner.get(emailsOf(invoices.twentyFive?.id ?? ''))).json();
    expect(reminder).toMatchObject({ kind: 'REMINDER', reminderStep: 21, sentBy: null });
    const message = await messageOf(tenant.tenant.tenantId, reminder.messageId);
    expect(message).toMatchObject({
      kind: 'REMINDER',
      status: 'QUEUED',
      recipient: 'accounts@roof.example',
      subject: `Reminder: invoice ${invoices.twentyFive?.number} from Reminder Roofing is overdue`,
      attachments: [
        { filename: `invoice-${invoices.twentyFive?.number}.pdf`, contentType: 'application/pdf' },
      ],
    });
    expect(message.body).toContain('is now 25 days overdue. The amount still owing is $1,234.50.');
  });

  it('sends nothing more when run again the same day', async () => {
    expect((await sendDueReminders(t.database.db, renderer, NOW)).sent).toBe(0);
    expect((await sendDueReminders(t.database.db, renderer, later(0.2))).sent).toBe(0);
    expect(await stepsSent()).toEqual(['eight@7', 'twentyFive@21']);
  });

  it('sends each later step once, however many processes run at once', async () => {
    // Two weeks on: three is 17 days overdue (7), eight 22 (21); twentyFive had its last step already.
    const runs = await Promise.all([
      sendDueReminders(t.database.db, renderer, later(14)),
      sendDueReminders(t.database.db, renderer, later(14)),
      sendDueReminders(t.database.db, renderer, later(14)),
    ]);
    expect(runs.flatMap((run) => run.failed)).toEqual([]);
    expect(runs.reduce((total, run) => total + run.sent, 0)).toBe(2);
    expect(await stepsSent()).toEqual(['eight@21', 'eight@7', 'three@7', 'twentyFive@21']);
    const messages = await t.database.db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.tenantId, tenant.tenant.tenantId), eq(outboxMessages.kind, 'REMINDER')));
    expect(messages).toHaveLength(4);
    expect((await sendDueReminders(t.database.db, renderer, later(60))).sent).toBe(1);
    expect(await stepsSent()).toEqual(['eight@21', 'eight@7', 'three@21', 'three@7', 'twentyFive@21']);
  });

  it('sends none in an organisation without automatic reminders', async () => {
    const rows = await t.database.db
      .select({ id: invoiceEmails.id })
      .from(invoiceEmails)
      .where(
        and(eq(invoiceEmails.tenantId, a.tenant.tenantId), sql`${invoiceEmails.reminderStep} is not null`),
      );
    expect(rows).toEqual([]);
  });
});
