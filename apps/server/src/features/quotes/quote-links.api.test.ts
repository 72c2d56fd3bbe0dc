import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  type OutboxMessage,
  type PublicQuote,
  type Quote,
  type QuoteEmail,
  quoteAnswerMessages,
  type TaxRate,
} from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { bearer, newMember, type TenantWithUser } from '../../test-support/factories.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// A quote emailed with its link, and the public page where the customer answers it (docs/quotes.md).

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;
let api: ApiClient;
let customer: { id: string };
let gst: TaxRate;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

/** Each test calls from an address of its own, so the per-address limit counts only its own requests. */
const anAddress = () => `203.0.113.${randomBytes(1)[0]}`;
let address = anAddress();

/** The public page's API, as a browser with no sign-in calls it. */
const open = (method: 'GET' | 'POST', path: string, payload?: unknown, from = address) =>
  t.app.inject({
    method,
    url: `/api/public/quotes/${path}`,
    remoteAddress: from,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/** A PDF's text as `pdftotext -layout` reads it, white space collapsed. */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');

const today = () => new Date().toISOString().slice(0, 10);
const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  api = apiAs(t, a.token);
  const [made] = await createCustomers(t, a.tenant.tenantId, [
    { name: "O'Brien & Sons Plumbing", billingEmail: 'accounts@obrien.example' },
  ]);
  if (!made) throw new Error('No customer');
  customer = { id: made.id };
  gst = ((await api.get('/api/tax-rates')).json() as TaxRate[]).find(
    (rate) => rate.name === 'GST',
  ) as TaxRate;
  const details = (await api.get('/api/organisation')).json();
  const saved = await api.put('/api/organisation', { ...details, email: 'office@harbourside.example' });
  expect(saved.statusCode, saved.body).toBe(200);
});

async function aQuote(more: Record<string, unknown> = {}): Promise<Quote> {
  const response = await api.post('/api/sales/quotes', {
    customer,
    date: today(),
    title: 'Replace the hot water system',
    terms: 'A 30% deposit secures the booking.',
    lineItems: [
      { description: 'Call-out fee', amount: '120', taxRate: { id: gst.id } },
      { description: 'Repair the valve', amount: '200', taxRate: { id: gst.id }, option: 'Option A: repair' },
      {
        description: 'Heat pump, installed',
        amount: '2500',
        taxRate: { id: gst.id },
        option: 'Option B: replace',
      },
    ],
    ...more,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Emails the quote; the send, and the token of the link its message gave. */
async function emailed(quote: Quote, client = api): Promise<{ send: QuoteEmail; token: string }> {
  const draft = await client.get(`/api/sales/quotes/${quote.id}/email-draft`);
  expect(draft.statusCode, draft.body).toBe(200);
  const sent = await client.post(`/api/sales/quotes/${quote.id}/emails`, draft.json());
  expect(sent.statusCode, sent.body).toBe(201);
  const send = sent.json() as QuoteEmail;
  const message = (await client.get(`/api/outbox/${send.messageId}`)).json() as OutboxMessage;
  const token = /\/q\/([A-Za-z0-9_-]+)/.exec(message.text)?.[1] ?? '';
  return { send, token };
}

const read = async (quote: Quote): Promise<Quote> => (await api.get(`/api/sales/quotes/${quote.id}`)).json();

describe('emailing a quote', () => {
  it("starts from the customer's billing email and the quote's figures, and sends the PDF and a link", async () => {
    address = anAddress();
    const quote = await aQuote();
    const draft = (await api.get(`/api/sales/quotes/${quote.id}/email-draft`)).json();
    expect(draft.to).toBe('accounts@obrien.example');
    expect(draft.subject).toBe(
      `Quote ${quote.number} from ${a.tenant.tenantName}: Replace the hot water system`,
    );
    expect(draft.message).toContain("Hello O'Brien & Sons Plumbing");
    expect(draft.message).toContain('$352.00 or $2,882.00');

    const { send, token } = await emailed(quote);
    expect(send).toMatchObject({ to: 'accounts@obrien.example', status: 'QUEUED' });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const message = (await api.get(`/api/outbox/${send.messageId}`)).json() as OutboxMessage;
    expect(message).toMatchObject({ kind: 'QUOTE', to: 'accounts@obrien.example' });
    expect(message.text).toContain('Accept or decline this quote online');
    expect(message.attachments).toEqual([
      expect.objectContaining({ filename: `quote-${quote.number}.pdf`, contentType: 'application/pdf' }),
    ]);
    expect((await read(quote)).status).toBe('OPEN_SENT');
    const sends = (await api.get(`/api/sales/quotes/${quote.id}/emails`)).json() as QuoteEmail[];
    expect(sends.map((each) => each.id)).toEqual([send.id]);
  });

  it('refuses an answered or expired quote, and a Technician; another organisation finds nothing', async () => {
    address = anAddress();
    const accepted = await aQuote({ status: 'OPEN_SENT' });
    const saved = await api.put(`/api/sales/quotes/${accepted.id}`, {
      ...accepted,
      status: 'CLOSED_ACCEPTED',
      acceptedOption: 'Option A: repair',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await api.post(`/api/sales/quotes/${accepted.id}/emails`, {
      to: 'a@example.test',
      subject: 'Quote',
      message: 'Attached.',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('has been answered');

    const old = await aQuote({ date: daysFromToday(-40), expiry: daysFromToday(-2), status: 'OPEN_SENT' });
    const expired = await api.get(`/api/sales/quotes/${old.id}/email-draft`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toContain('has expired');

    const open = await aQuote();
    const technician = (await newMember(t, a.tenant.tenantId, 'TECHNICIAN')).token;
    expect((await apiAs(t, technician).get(`/api/sales/quotes/${open.id}/email-draft`)).statusCode).toBe(403);
    const other = apiAs(t, b.token);
    expect((await other.get(`/api/sales/quotes/${open.id}/email-draft`)).statusCode).toBe(404);
    expect((await other.get(`/api/sales/quotes/${open.id}/emails`)).statusCode).toBe(404);
  });
});

describe("a quote's public page", () => {
  it('shows the quote to whoever holds the link, without signing in, and nothing else of the organisation', async () => {
    address = anAddress();
    const quote = await aQuote({ reference: 'PO 7781' });
    const { token } = await emailed(quote);
    const page = await open('GET', token);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    const shown = page.json() as PublicQuote;
    expect(shown).toMatchObject({
      organisation: { name: a.tenant.tenantName, hasLogo: false },
      state: 'OPEN',
      customer: "O'Brien & Sons Plumbing",
      number: quote.number,
      reference: 'PO 7781',
      title: 'Replace the hot water system',
      terms: 'A 30% deposit secures the booking.',
      options: [
        { name: 'Option A: repair', total: '352.00' },
        { name: 'Option B: replace', total: '2882.00' },
      ],
    });
    expect(shown.lineItems[0]).toEqual({
      description: 'Call-out fee',
      quantity: null,
      price: null,
      amount: '120.00',
      tax: 'GST',
      option: null,
    });
    // No ids: not the quote's, the customer's nor the organisation's.
    for (const id of [quote.id, quote.customer.id, a.tenant.tenantId]) expect(page.body).not.toContain(id);
    expect((await open('GET', `${token}/logo`)).statusCode).toBe(404);
  });

  it('answers a wrong, malformed or replaced link with the same 404', async () => {
    address = anAddress();
    const quote = await aQuote();
    const first = await emailed(quote);
    const second = await emailed(quote);
    expect(second.token).not.toBe(first.token);
    const answers = await Promise.all(
      [first.token, 'A'.repeat(32), 'not-a-token', `${second.token}x`].map((token) => open('GET', token)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([404, 404, 404, 404]);
    expect(new Set(answers.map((answer) => answer.json().message)).size).toBe(1);
    expect((await open('GET', second.token)).statusCode).toBe(200);
    // Another organisation's quote opens only by its own link, and shows only its own organisation.
    const theirs = apiAs(t, b.token);
    const [their] = await createCustomers(t, b.tenant.tenantId, [
      { name: 'Chen & Co', billingEmail: 'c@example.test' },
    ]);
    const rates = (await theirs.get('/api/tax-rates')).json() as TaxRate[];
    const made = await theirs.post('/api/sales/quotes', {
      customer: { id: their?.id },
      date: today(),
      title: 'Gutters',
      lineItems: [{ description: 'Clean', amount: '90', taxRate: { id: rates[0]?.id } }],
    });
    const { token } = await emailed(made.json(), theirs);
    const shown = (await open('GET', token)).json() as PublicQuote;
    expect(shown.organisation.name).toBe(b.tenant.tenantName);
    expect(shown.customer).toBe('Chen & Co');
  });

  it('accepts one option by name once: the office sees it, and hears of it by email', async () => {
    address = anAddress();
    const quote = await aQuote();
    const { token } = await emailed(quote);
    const missing = await open('POST', `${token}/accept`, { name: ' ', acceptTerms: false });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing)).toEqual(['name', 'acceptTerms']);
    const noOption = await open('POST', `${token}/accept`, { name: "Siobhan O'Reilly", acceptTerms: true });
    expect(noOption.statusCode).toBe(400);
    expect(fieldsOf(noOption)).toEqual(['option']);

    const accepted = await open('POST', `${token}/accept`, {
      name: "Siobhan O'Reilly",
      acceptTerms: true,
      option: 'Option B: replace',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      state: 'ACCEPTED',
      acceptedName: "Siobhan O'Reilly",
      acceptedOption: 'Option B: replace',
      total: '2882.00',
    });
    const inOffice = await read(quote);
    expect(inOffice).toMatchObject({
      status: 'CLOSED_ACCEPTED',
      acceptedName: "Siobhan O'Reilly",
      acceptedOption: 'Option B: replace',
    });
    expect(inOffice.acceptedAt).not.toBeNull();
    const outbox = (await api.get('/api/outbox?q=kind:QUOTE_ANSWER')).json() as OutboxMessage[];
    expect(outbox[0]).toMatchObject({
      to: 'office@harbourside.example',
      subject: `Quote ${quote.number} accepted by Siobhan O'Reilly`,
    });
    expect(outbox[0]?.text).toContain('Option B: replace, $2,882.00');

    const again = await open('POST', `${token}/accept`, {
      name: 'Someone',
      acceptTerms: true,
      option: 'Option A: repair',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This quote was already accepted, so it cannot be answered again.');
    expect((await open('POST', `${token}/decline`, {})).statusCode).toBe(409);
    expect((await read(quote)).acceptedOption).toBe('Option B: replace');
  });

  it('five answers at once take one', async () => {
    address = anAddress();
    const quote = await aQuote({
      lineItems: [{ description: 'Service', amount: '220', taxRate: { id: gst.id } }],
    });
    const { token } = await emailed(quote);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        open('POST', `${token}/accept`, { name: `Caller ${index}`, acceptTerms: true }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const outbox = (await api.get(`/api/outbox?q=kind:QUOTE_ANSWER "Quote ${quote.number} accepted"`)).json();
    expect(outbox).toHaveLength(1);
  });

  it('declines with a reason, which the office sees', async () => {
    address = anAddress();
    const quote = await aQuote();
    const { token } = await emailed(quote);
    const declined = await open('POST', `${token}/decline`, {
      reason: 'We went with a cheaper quote & a later date.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ state: 'DECLINED' });
    expect(await read(quote)).toMatchObject({
      status: 'CLOSED_DECLINED',
      declinedReason: 'We went with a cheaper quote & a later date.',
    });
    const again = await open('POST', `${token}/accept`, {
      name: 'X',
      acceptTerms: true,
      option: 'Option A: repair',
    });
    expect(again.json().message).toBe('This quote was already declined, so it cannot be answered again.');
  });

  it('says plainly when the quote has expired or was withdrawn, and takes no answer', async () => {
    address = anAddress();
    const quote = await aQuote();
    const { token } = await emailed(quote);
    const sent = await read(quote);
    const past = await api.put(`/api/sales/quotes/${quote.id}`, {
      ...sent,
      date: daysFromToday(-40),
      expiry: daysFromToday(-1),
    });
    expect(past.statusCode, past.body).toBe(200);
    expect((await open('GET', token)).json().state).toBe('EXPIRED');
    const late = await open('POST', `${token}/accept`, {
      name: 'X',
      acceptTerms: true,
      option: 'Option A: repair',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toContain('has expired');

    const draft = await api.put(`/api/sales/quotes/${quote.id}`, {
      ...(past.json() as Quote),
      status: 'OPEN_DRAFT',
      expiry: daysFromToday(30),
      date: today(),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect((await open('GET', token)).json().state).toBe('WITHDRAWN');
    const withdrawn = await open('POST', `${token}/decline`, {});
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json().message).toContain('withdrawn');
  });

  it("gives the quote's PDF to whoever holds the link, as the office's, while it is open, expired or answered", async () => {
    address = anAddress();
    const quote = await aQuote({ reference: 'PO 7781 & co' });
    const { token } = await emailed(quote);
    const pdf = await open('GET', `${token}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="quote-${quote.number}.pdf"`);
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');
    expect(pdf.headers['x-robots-tag']).toBe('noindex, nofollow');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      `Quote number ${quote.number}`,
      'Replace the hot water system',
      "O'Brien & Sons Plumbing",
      'PO 7781 & co',
      'Option A: repair $352.00',
      'Option B: replace $2,882.00',
      'A 30% deposit secures the booking.',
    ])
      expect(text).toContain(expected);
    // The office's PDF of the same quote says the same.
    expect(pdfText((await api.get(`/api/sales/quotes/${quote.id}/pdf`)).rawPayload)).toBe(text);

    // Answered, then expired: still the record of what was offered.
    const accepted = await open('POST', `${token}/accept`, {
      name: "Siobhan O'Reilly",
      acceptTerms: true,
      option: 'Option B: replace',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(pdfText((await open('GET', `${token}/pdf`)).rawPayload)).toContain('Option B: replace ACCEPTED');
    const old = await aQuote();
    const link = await emailed(old);
    const past = await api.put(`/api/sales/quotes/${old.id}`, {
      ...(await read(old)),
      date: daysFromToday(-40),
      expiry: daysFromToday(-1),
    });
    expect(past.statusCode, past.body).toBe(200);
    const expired = await open('GET', `${link.token}/pdf`);
    expect(expired.statusCode, expired.body).toBe(200);
    expect(pdfText(expired.rawPayload)).toContain(`Quote number ${old.number}`);
  });

  it("refuses a withdrawn quote's PDF, and answers a wrong, replaced or another organisation's link as the page does", async () => {
    address = anAddress();
    const quote = await aQuote();
    const first = await emailed(quote);
    const second = await emailed(quote);
    const wrong = await Promise.all(
      [first.token, 'A'.repeat(32), 'not-a-token'].map((token) => open('GET', `${token}/pdf`)),
    );
    expect(wrong.map((answer) => answer.statusCode)).toEqual([404, 404, 404]);
    for (const answer of wrong) expect(answer.json().message).toBe(quoteAnswerMessages.notFound);

    // Signed in or not, as any role of either organisation: the link alone decides (a token sent is ignored).
    const office = (await newMember(t, a.tenant.tenantId, 'OFFICE')).token;
    const technician = (await newMember(t, a.tenant.tenantId, 'TECHNICIAN')).token;
    for (const token of [a.token, office, technician, b.token]) {
      const answer = await t.app.inject({
        url: `/api/public/quotes/${second.token}/pdf`,
        headers: bearer(token),
        remoteAddress: address,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(pdfText(answer.rawPayload)).toContain(`Quote number ${quote.number}`);
      const theirs = await t.app.inject({
        url: `/api/public/quotes/${first.token}/pdf`,
        headers: bearer(token),
        remoteAddress: address,
      });
      expect(theirs.statusCode).toBe(404);
    }

    const withdrawn = await api.put(`/api/sales/quotes/${quote.id}`, {
      ...(await read(quote)),
      status: 'OPEN_DRAFT',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const refused = await open('GET', `${second.token}/pdf`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This quote was withdrawn by the business, so its PDF is no longer available. Ask them for the latest one.',
    );
  });

  it("says a PDF its organisation's template cannot make could not be made, and that the quote is still there", async () => {
    address = anAddress();
    const quote = await aQuote();
    const { token } = await emailed(quote);
    // A template saved compiles against the latest record; data it did not expect can still break it later.
    const tenant = a.tenant.tenantId;
    const where = sql`tenant_id = ${tenant} and name = 'Quote'`;
    const { rows } = (await t.database.db.execute(sql`select body from templates where ${where}`)) as {
      rows: { body: string }[];
    };
    const saved = rows[0];
    await t.database.db.execute(
      sql`update templates set body = ${'#let data = json(bytes(sys.inputs.data))\n\n#data.quote.job.number'}
          where ${where}`,
    );
    try {
      const failed = await open('GET', `${token}/pdf`);
      expect(failed.statusCode).toBe(422);
      expect(failed.json().message).toBe(quoteAnswerMessages.pdfFailed);
      expect(failed.json().message).toBe(
        'The PDF of this quote could not be made just now. The quote is still here to read and answer: please try again later.',
      );
      // The office is told which template failed and where; the customer, not.
      const office = await api.get(`/api/sales/quotes/${quote.id}/pdf`);
      expect(office.json().message).toContain('template "Quote"');
    } finally {
      await t.database.db.execute(sql`update templates set body = ${saved?.body} where ${where}`);
    }
  });

  it('limits answers per link and requests per address, with Retry-After', async () => {
    address = anAddress();
    const quote = await aQuote();
    const { token } = await emailed(quote);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      // From a new address each time: only the link's count grows.
      const response = await open('POST', `${token}/decline`, {}, anAddress());
      statuses.push(response.statusCode);
    }
    expect(statuses[0]).toBe(200);
    expect(statuses.slice(1, 10)).toEqual(Array(9).fill(409));
    expect(statuses[10]).toBe(429);

    const busy = `198.51.100.${randomBytes(1)[0]}`;
    const pages: number[] = [];
    for (let request = 0; request < 100; request++)
      pages.push((await open('GET', 'A'.repeat(32), undefined, busy)).statusCode);
    expect(pages.every((status) => status === 404)).toBe(true);
    const refused = await open('GET', token, undefined, busy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
