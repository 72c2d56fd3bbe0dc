import { execFileSync } from 'node:child_process';
import type { Invoice, Receivables, StatementEmail, TaxRate } from '@fieldbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser, newMember, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let b: TenantWithUser;
let owner: ApiClient;
let office: ApiClient;
let technician: ApiClient;
let gst: TaxRate;
let customerId: string;
let customerNumber: number;
const invoiceNumbers: Record<'overdue' | 'current' | 'paid' | 'draft', number> = {
  overdue: 0,
  current: 0,
  paid: 0,
  draft: 0,
};
const asAt = '2026-11-30';

withTwoTenants((env) => ({ t, b } = env));

/** A PDF's text as poppler's pdftotext reads it (`layout`: row by row across columns), white space collapsed. */
const pdfText = (response: LightMyRequestResponse, layout = false) =>
  execFileSync('pdftotext', [...(layout ? ['-layout'] : []), '-', '-'], { input: response.rawPayload })
    .toString()
    .replace(/\s+/g, ' ');

/** An invoice of $110.00 ($100 + GST) due on `due`, with `paid` paid. */
async function invoice(due: string, paid?: string, status = 'OPEN_SENT'): Promise<number> {
  const made = await owner.post('/api/sales/invoices', {
    customer: { id: customerId },
    status,
    date: '2026-09-01',
    due,
    lineItems: [{ description: 'Hot water service', quantity: '1', price: '100', taxRate: { id: gst.id } }],
  });
  expect(made.statusCode, made.body).toBe(201);
  const created = made.json() as Invoice;
  if (paid) {
    const payment = await owner.post(`/api/sales/invoices/${created.id}/payments`, {
      date: '2026-10-02',
      amount: paid,
      method: 'CASH',
    });
    expect(payment.statusCode, payment.body).toBe(201);
  }
  return created.number;
}

beforeAll(async () => {
  const made = await createTenantWithUser(t, 'Statement & Sons Plumbing');
  owner = apiAs(t, made.token);
  office = apiAs(t, (await newMember(t, made.tenant.tenantId, 'OFFICE')).token);
  technician = apiAs(t, (await newMember(t, made.tenant.tenantId, 'TECHNICIAN')).token);
  gst = ((await owner.get('/api/tax-rates')).json() as TaxRate[]).find(
    (rate) => rate.name === 'GST',
  ) as TaxRate;
  const customer = await owner.post('/api/customers', {
    name: "Marguerite O'Sullivan & Partners",
    billingAddress: '7 Kent Street\nMillers Point NSW 2000',
    billingEmail: 'accounts@osullivan.example',
  });
  expect(customer.statusCode, customer.body).toBe(201);
  ({ id: customerId, number: customerNumber } = customer.json());
  invoiceNumbers.overdue = await invoice('2026-10-20', '40.00');
  invoiceNumbers.current = await invoice('2026-12-10');
  invoiceNumbers.paid = await invoice('2026-10-01', '110.00');
  invoiceNumbers.draft = await invoice('2026-10-01', undefined, 'OPEN_DRAFT');
});

describe('GET /customers/{id}/statement', () => {
  it('lists the open invoices with what is due, and the aged totals the receivables report gives', async () => {
    const pdf = await office.get(`/api/customers/${customerId}/statement?asAt=${asAt}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="statement-${customerNumber}-${asAt}.pdf"`,
    );
    const header = pdfText(pdf);
    expect(header).toContain('Statement Statement & Sons Plumbing As at 30 Nov 2026');
    expect(header).toContain("STATEMENT FOR Statement & Sons Plumbing Marguerite O'Sullivan & Partners");
    expect(header).toContain('7 Kent Street Millers Point NSW 2000');
    const text = pdfText(pdf, true);
    // The part-paid overdue one and the current one, in date order; the paid one and the draft are not there.
    expect(text).toContain(
      ` ${invoiceNumbers.overdue} 1 Sept 2026 20 Oct 2026 $110.00 $40.00 $70.00 41 days overdue ` +
        `${invoiceNumbers.current} 1 Sept 2026 10 Dec 2026 $110.00 $0.00 $110.00 `,
    );
    expect(text.match(/overdue/g)).toHaveLength(1);
    expect(text).not.toContain(` ${invoiceNumbers.paid} 1 Sept`);
    expect(text).not.toContain(` ${invoiceNumbers.draft} 1 Sept`);

    const report = (await office.get(`/api/reports/receivables?asAt=${asAt}`)).json() as Receivables;
    const row = report.customers.find((owing) => owing.customer.id === customerId);
    expect(row).toMatchObject({ current: '110.00', days31To60: '70.00', total: '180.00', invoices: 2 });
    const dollars = (amount: string) => `$${Number(amount).toFixed(2)}`;
    expect(text).toContain(
      `Current ${dollars(row?.current ?? '')} 1–30 days ${dollars(row?.days1To30 ?? '')} ` +
        `31–60 days ${dollars(row?.days31To60 ?? '')} 61–90 days ${dollars(row?.days61To90 ?? '')} ` +
        `90+ days ${dollars(row?.days90Plus ?? '')} Total due As at 30 Nov 2026 ${dollars(row?.total ?? '')}`,
    );
  });

  it('as at a past date, lists what was owed then: payments dated after it not yet received', async () => {
    const pdf = await office.get(`/api/customers/${customerId}/statement?asAt=2026-10-01`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf, true);
    // All three Sent invoices were owed in full on 1 October: their payments are dated 2 October.
    expect(text).toContain(` ${invoiceNumbers.overdue} 1 Sept 2026 20 Oct 2026 $110.00 $0.00 $110.00 `);
    expect(text).toContain(` ${invoiceNumbers.current} 1 Sept 2026 10 Dec 2026 $110.00 $0.00 $110.00 `);
    expect(text).toContain(` ${invoiceNumbers.paid} 1 Sept 2026 1 Oct 2026 $110.00 $0.00 $110.00 `);
    expect(text).not.toContain(` ${invoiceNumbers.draft} 1 Sept`);
    expect(text).toContain('Total due As at 1 Oct 2026 $330.00');
  });

  it("is as at today in the organisation's zone by default", async () => {
    const pdf = await owner.get(`/api/customers/${customerId}/statement`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(
      new RegExp(`filename="statement-${customerNumber}-\\d{4}-\\d{2}-\\d{2}\\.pdf"`),
    );
  });

  it('is 404 for another organisation’s customer, 400 for a wrong date, 403 for a Technician, 401 anonymous', async () => {
    const theirs = await apiAs(t, b.token).post('/api/customers', { name: 'Not yours' });
    expect((await owner.get(`/api/customers/${theirs.json().id}/statement`)).statusCode).toBe(404);
    expect((await owner.get('/api/customers/not-an-id/statement')).statusCode).toBe(404);
    const wrong = await owner.get(`/api/customers/${customerId}/statement?asAt=30/11/2026`);
    expect(wrong.statusCode).toBe(400);
    expect((await technician.get(`/api/customers/${customerId}/statement`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: `/api/customers/${customerId}/statement` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('emailing the statement', () => {
  it('starts from the billing email and the default text with the total owing', async () => {
    const draft = await office.get(`/api/customers/${customerId}/statement/email-draft?asAt=${asAt}`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toEqual({
      to: 'accounts@osullivan.example',
      subject: 'Statement from Statement & Sons Plumbing as at 30 Nov 2026',
      message: expect.stringContaining(
        "Hello Marguerite O'Sullivan & Partners,\n\nPlease find attached your statement as at 30 Nov 2026. The total owing is $180.00.",
      ),
    });
  });

  it('puts the email into the outbox with the statement’s PDF attached', async () => {
    const fields = { to: 'ap@osullivan.example', subject: 'Your statement', message: 'Attached.', asAt };
    const sent = await office.post(`/api/customers/${customerId}/statement/emails`, fields);
    expect(sent.statusCode, sent.body).toBe(201);
    const email = sent.json() as StatementEmail;
    const filename = `statement-${customerNumber}-${asAt}.pdf`;
    expect(email).toEqual({
      messageId: expect.any(String),
      to: fields.to,
      subject: fields.subject,
      asAt,
      filename,
    });
    const message = (await owner.get(`/api/outbox/${email.messageId}`)).json();
    expect(message).toMatchObject({
      kind: 'STATEMENT',
      to: fields.to,
      subject: fields.subject,
      text: 'Attached.',
    });
    expect(message.attachments).toEqual([
      { index: 0, filename, contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    const attached = await owner.get(`/api/outbox/${email.messageId}/attachments/0`);
    expect(pdfText(attached, true)).toContain(
      `${invoiceNumbers.overdue} 1 Sept 2026 20 Oct 2026 $110.00 $40.00 $70.00`,
    );
  });

  it('refuses a message with no address, another organisation’s customer and a Technician', async () => {
    const fields = { to: '', subject: 'Statement', message: 'Attached.' };
    expect((await owner.post(`/api/customers/${customerId}/statement/emails`, fields)).statusCode).toBe(400);
    const theirs = await apiAs(t, b.token).post('/api/customers', { name: 'Not yours either' });
    const other = { ...fields, to: 'x@example.test' };
    expect((await owner.post(`/api/customers/${theirs.json().id}/statement/emails`, other)).statusCode).toBe(
      404,
    );
    expect((await technician.post(`/api/customers/${customerId}/statement/emails`, other)).statusCode).toBe(
      403,
    );
    expect((await technician.get(`/api/customers/${customerId}/statement/email-draft`)).statusCode).toBe(403);
  });
});
