import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../platform/config.ts';
import { bearer, createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { openTestDatabase, type TestDatabase } from '../../test-support/test-database.ts';
import { startTestSmtp, type TestSmtp, until } from '../../test-support/test-smtp.ts';

/*
 * Real SMTP: an SMTP server in this process receives what the outbox sends. Each app here shares one database, as
 * two processes (or one restarted) would.
 */

let smtp: TestSmtp;
let database: TestDatabase;
let apps: FastifyInstance[] = [];
let owner: TenantWithUser;

async function startApp(withMail: boolean): Promise<FastifyInstance> {
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    SEED_DEMO: 'false',
    ...(withMail ? { SMTP_URL: smtp.url, MAIL_FROM: 'Fieldbook <billing@fieldbook.test>' } : {}),
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    mail: { pollMs: 50, retryDelaysMs: [100, 100], leaseMs: 1_000 },
  });
  await app.ready();
  apps.push(app);
  return app;
}

const asTestApp = (app: FastifyInstance): TestApp =>
  ({
    app,
    database,
    config: loadConfig({ PUBLIC_URL: 'http://localhost:3000' }),
    close: async () => {},
  }) as TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  database = await openTestDatabase();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await smtp.close();
  await database.drop();
});

async function newInvoice(app: FastifyInstance, tenant: TenantWithUser, billingEmail: string) {
  const customer = await app.inject({
    method: 'POST',
    url: '/api/customers',
    headers: bearer(tenant.token),
    payload: { name: "O'Brien & Sons Plumbing", billingEmail },
  });
  const invoice = await app.inject({
    method: 'POST',
    url: '/api/sales/invoices',
    headers: bearer(tenant.token),
    payload: {
      customer: { id: customer.json().id },
      date: '2026-11-25',
      due: '2026-12-09',
      lineItems: [{ description: 'Replace hot water unit', quantity: '1', price: '1234.5' }],
    },
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  return invoice.json() as { id: string; number: number; status: string; total: string };
}

const pdfText = (pdf: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'fieldbook-pdf-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', join(dir, 'in.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('emailing an invoice through a real SMTP server', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(true);
    owner = await createTenantWithUser(asTestApp(app), 'Harbour & Co Plumbing');
  });

  it('sends the PDF the API serves, records the send and moves a Draft to Sent', async () => {
    const invoice = await newInvoice(app, owner, 'accounts@obrien.example');
    expect(invoice.status).toBe('OPEN_DRAFT');
    const draft = (
      await app.inject({ url: `/api/sales/invoices/${invoice.id}/email-draft`, headers: bearer(owner.token) })
    ).json();
    expect(draft).toEqual({
      to: 'accounts@obrien.example',
      subject: `Invoice ${invoice.number} from Harbour & Co Plumbing`,
      message: expect.stringContaining(
        `invoice ${invoice.number} for $1,234.50, due on Wednesday 9 December 2026`,
      ),
    });
    expect(draft.message).toContain("Hello O'Brien & Sons Plumbing,");

    // The organisation's email (Organisation details) is where the customer's reply goes.
    await database.db.execute(sql`update organisation_details set email = 'office@harbourco.example'
      where tenant_id = ${owner.tenant.tenantId}`);
    const sent = await app.inject({
      method: 'POST',
      url: `/api/sales/invoices/${invoice.id}/emails`,
      headers: { ...bearer(owner.token), 'idempotency-key': `send-${invoice.id}` },
      payload: { to: 'accounts@obrien.example', subject: draft.subject, message: draft.message },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({ to: 'accounts@obrien.example', sentBy: owner.user.name });

    const mail = await until(
      () => smtp.received.find((m) => m.subject === draft.subject),
      'the invoice email',
    );
    expect(mail.to).toBe('accounts@obrien.example');
    // From the organisation by name, at MAIL_FROM's address; a reply reaches the organisation.
    expect(mail.from).toBe('"Harbour & Co Plumbing" <billing@fieldbook.test>');
    expect(mail.replyTo).toBe('office@harbourco.example');
    expect(mail.text.trim()).toBe(draft.message.trim());
    expect(mail.messageId).toBe(`<${sent.json().messageId}@fieldbook.test>`);
    expect(mail.attachments).toHaveLength(1);
    const [attached] = mail.attachments;
    expect(attached?.filename).toBe(`invoice-${invoice.number}.pdf`);
    expect(attached?.contentType).toBe('application/pdf');
    // The attachment is the outbox's copy byte for byte, and reads as the PDF the API serves for the invoice.
    const stored = await app.inject({
      url: `/api/outbox/${sent.json().messageId}/attachments/0`,
      headers: bearer(owner.token),
    });
    expect(Buffer.compare(stored.rawPayload, attached?.content ?? Buffer.alloc(0))).toBe(0);
    const served = await app.inject({
      url: `/api/sales/invoices/${invoice.id}/pdf`,
      headers: bearer(owner.token),
    });
    const text = pdfText(attached?.content ?? Buffer.alloc(0));
    expect(text).toContain(String(invoice.number));
    expect(text).toContain('1,234.50');
    expect(text.replace(/\s+/g, ' ')).toBe(pdfText(served.rawPayload).replace(/\s+/g, ' '));

    const after = (
      await app.inject({ url: `/api/sales/invoices/${invoice.id}`, headers: bearer(owner.token) })
    ).json();
    expect(after.status).toBe('OPEN_SENT');
    const sends = await until(async () => {
      const list = (
        await app.inject({ url: `/api/sales/invoices/${invoice.id}/emails`, headers: bearer(owner.token) })
      ).json();
      return list[0]?.status === 'SENT' ? list : undefined;
    }, 'the send to show as sent');
    expect(sends).toHaveLength(1);
    const outbox = (await app.inject({ url: '/api/outbox', headers: bearer(owner.token) })).json();
    expect(outbox[0]).toMatchObject({
      kind: 'INVOICE',
      status: 'SENT',
      attempts: 1,
      to: 'accounts@obrien.example',
    });
    expect(outbox[0].attachments).toEqual([
      {
        index: 0,
        filename: `invoice-${invoice.number}.pdf`,
        contentType: 'application/pdf',
        size: attached?.content.length,
      },
    ]);
  });

  it('refuses a bad address on its field, and sends nothing', async () => {
    const invoice = await newInvoice(app, owner, 'ok@example.test');
    const bad = await app.inject({
      method: 'POST',
      url: `/api/sales/invoices/${invoice.id}/emails`,
      headers: bearer(owner.token),
      payload: { to: 'accounts at obrien', subject: 'Invoice', message: 'Hello' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual([
      { field: 'to', message: 'Enter a valid email address, such as name@example.com.' },
    ]);
    const sends = (
      await app.inject({ url: `/api/sales/invoices/${invoice.id}/emails`, headers: bearer(owner.token) })
    ).json();
    expect(sends).toEqual([]);
  });

  it("shows a refused message as failed, with the mail server's reason", async () => {
    smtp.refuse.set('nobody@obrien.example', 'always');
    const invoice = await newInvoice(app, owner, 'nobody@obrien.example');
    await app.inject({
      method: 'POST',
      url: `/api/sales/invoices/${invoice.id}/emails`,
      headers: bearer(owner.token),
      payload: { to: 'nobody@obrien.example', subject: 'Refused', message: 'Hello' },
    });
    const [failed] = await until(async () => {
      const list = (
        await app.inject({ url: `/api/sales/invoices/${invoice.id}/emails`, headers: bearer(owner.token) })
      ).json();
      return list[0]?.status === 'FAILED' ? list : undefined;
    }, 'the send to fail');
    expect(failed.lastError).toContain('Mailbox unavailable');

    // The address is fixed on the mail server's side: an Owner sends it again, and it goes once, as the same message.
    smtp.refuse.delete('nobody@obrien.example');
    const resent = await app.inject({
      method: 'POST',
      url: `/api/outbox/${failed.messageId}/resend`,
      headers: bearer(owner.token),
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({
      id: failed.messageId,
      status: 'QUEUED',
      attempts: 0,
      lastError: null,
    });
    const mail = await until(() => smtp.received.find((m) => m.subject === 'Refused'), 'the resent email');
    expect(mail.messageId).toBe(`<${failed.messageId}@fieldbook.test>`);
    const sent = await until(async () => {
      const found = (
        await app.inject({ url: `/api/outbox/${failed.messageId}`, headers: bearer(owner.token) })
      ).json();
      return found.status === 'SENT' ? found : undefined;
    }, 'the resent message to show as sent');
    expect(sent).toMatchObject({ attempts: 1, lastError: null });
    await app.mailWorker.idle();
    expect(smtp.received.filter((m) => m.subject === 'Refused')).toHaveLength(1);
  });

  it('retries a temporary failure, and delivers once', async () => {
    smtp.refuse.set('later@obrien.example', 'once');
    const invoice = await newInvoice(app, owner, 'later@obrien.example');
    const sent = await app.inject({
      method: 'POST',
      url: `/api/sales/invoices/${invoice.id}/emails`,
      headers: bearer(owner.token),
      payload: { to: 'later@obrien.example', subject: 'Retried', message: 'Hello' },
    });
    const message = await until(async () => {
      const found = (
        await app.inject({ url: `/api/outbox/${sent.json().messageId}`, headers: bearer(owner.token) })
      ).json();
      return found.status === 'SENT' ? found : undefined;
    }, 'the retry');
    expect(message.attempts).toBe(2);
    expect(smtp.received.filter((m) => m.subject === 'Retried')).toHaveLength(1);
  });
});

describe('the outbox across a restart', () => {
  it('a message stored by a process without mail is sent once by the next one', async () => {
    // Only the processes of this test use the database from here on.
    for (const app of apps) await app.close();
    apps = [];
    const first = await startApp(false);
    const tenant = await createTenantWithUser(asTestApp(first), 'Restart Roofing');
    const invited = await first.inject({
      method: 'POST',
      url: '/api/invitations',
      headers: bearer(tenant.token),
      payload: { email: 'new.starter@restart.example', role: 'OFFICE' },
    });
    expect(invited.statusCode).toBe(201);
    const mail = (await first.inject({ url: '/api/mail', headers: bearer(tenant.token) })).json();
    expect(mail).toEqual({ configured: false, from: 'Fieldbook <no-reply@localhost>' });
    const [queued] = (await first.inject({ url: '/api/outbox', headers: bearer(tenant.token) })).json();
    expect(queued).toMatchObject({ kind: 'INVITATION', status: 'QUEUED', attempts: 0 });
    await first.close();
    apps = apps.filter((app) => app !== first);

    const second = await startApp(true);
    await until(() => smtp.received.find((m) => m.to === 'new.starter@restart.example'), 'the invitation');
    // A whole pass after the send found nothing due: nothing is left that could send it again.
    await second.mailWorker.idle();
    expect(smtp.received.filter((m) => m.to === 'new.starter@restart.example')).toHaveLength(1);
    const [sent] = (await second.inject({ url: '/api/outbox', headers: bearer(tenant.token) })).json();
    expect(sent).toMatchObject({ id: queued.id, status: 'SENT', attempts: 1 });
  });

  it('sends the identity outbox too (password reset links)', async () => {
    const { storeIdentityMessage } = await import('../../platform/mail/outbox.ts');
    await storeIdentityMessage(database.db, {
      kind: 'PASSWORD_RESET',
      to: 'forgetful@reset.example',
      subject: 'Choose a new Fieldbook password',
      text: 'http://localhost:3000/oidc/reset/x',
    });
    const mail = await until(
      () => smtp.received.find((m) => m.to === 'forgetful@reset.example'),
      'the reset email',
    );
    expect(mail.subject).toBe('Choose a new Fieldbook password');
    expect(mail.attachments).toEqual([]);
  });

  it('a message whose sender died mid-send is sent again when its lease ends, with the same Message-ID', async () => {
    const app = apps[apps.length - 1] as FastifyInstance;
    const tenant = await createTenantWithUser(asTestApp(app), 'Lease Landscaping');
    // As a crashed process leaves it: claimed (SENDING, one attempt), its lease not yet over, never marked sent.
    await database.db.execute(
      (await import('drizzle-orm')).sql`insert into outbox_messages
        (tenant_id, id, kind, recipient, subject, body, status, attempts, next_attempt)
        values (${tenant.tenant.tenantId}, gen_random_uuid(), 'INVITATION', 'crash@lease.example', 'After a crash',
          'Hello', 'SENDING', 1, now() + interval '300 milliseconds')`,
    );
    const mail = await until(() => smtp.received.find((m) => m.to === 'crash@lease.example'), 'the resend');
    expect(mail.subject).toBe('After a crash');
    await app.mailWorker.idle();
    expect(smtp.received.filter((m) => m.to === 'crash@lease.example')).toHaveLength(1);
    // Sent, so no lease can end and send it again; claimed once more than the crashed process did.
    const outbox = (await app.inject({ url: '/api/outbox', headers: bearer(tenant.token) })).json();
    expect(outbox).toEqual([
      expect.objectContaining({ to: 'crash@lease.example', status: 'SENT', attempts: 2 }),
    ]);
  });
});

describe('invitations withdrawn before they go', () => {
  it("a revoked invitation's waiting email is never sent; a resent one's earlier email neither", async () => {
    // Only the processes of this test use the database from here on: the first has no mail server.
    for (const app of apps) await app.close();
    apps = [];
    const first = await startApp(false);
    const tenant = await createTenantWithUser(asTestApp(first), 'Withdrawn Welding');
    const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
      first.inject({ method, url, headers: bearer(tenant.token), ...(payload ? { payload } : {}) });
    const revoked = (
      await call('POST', '/api/invitations', { email: 'gone@withdrawn.example', role: 'OFFICE' })
    ).json();
    const resent = (
      await call('POST', '/api/invitations', { email: 'again@withdrawn.example', role: 'OFFICE' })
    ).json();
    expect((await call('DELETE', `/api/invitations/${revoked.id}`)).statusCode).toBe(204);
    const renewed = await call('PUT', `/api/invitations/${resent.id}`, {
      role: 'OFFICE',
      resend: true,
      updated: resent.updated,
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const outbox = (await call('GET', '/api/outbox')).json() as {
      to: string;
      status: string;
      text: string;
    }[];
    expect(outbox.map(({ to, status }) => ({ to, status }))).toEqual([
      { to: 'again@withdrawn.example', status: 'QUEUED' },
      { to: 'again@withdrawn.example', status: 'WITHDRAWN' },
      { to: 'gone@withdrawn.example', status: 'WITHDRAWN' },
    ]);
    expect((await call('GET', '/api/outbox?q=status:WITHDRAWN')).json()).toHaveLength(2);
    await first.close();
    apps = apps.filter((app) => app !== first);

    const second = await startApp(true);
    await until(() => smtp.received.find((m) => m.to === 'again@withdrawn.example'), 'the resent invitation');
    await second.mailWorker.idle();
    expect(smtp.received.filter((m) => m.to === 'gone@withdrawn.example')).toEqual([]);
    const [delivered, ...more] = smtp.received.filter((m) => m.to === 'again@withdrawn.example');
    expect(more).toEqual([]);
    expect(delivered?.text.trim()).toBe(outbox[0]?.text.trim());
    const after = (await second.inject({ url: '/api/outbox', headers: bearer(tenant.token) })).json();
    expect(after.map((m: { status: string }) => m.status)).toEqual(['SENT', 'WITHDRAWN', 'WITHDRAWN']);
  });
});
