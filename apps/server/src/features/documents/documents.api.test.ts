import { execFileSync } from 'node:child_process';
import { formatsByZone, type Invoice, type JobNote, type Signature, type TaxRate } from '@fieldbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser, newMember, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

/** White space collapsed, as in `pdfText` (a time's "9:00 am" may hold a narrow space). */
const collapsed = (text: string) => text.replace(/\s+/g, ' ');

/** A PDF's text as poppler's pdftotext reads it, white space collapsed. */
const pdfText = (response: LightMyRequestResponse) =>
  collapsed(execFileSync('pdftotext', ['-', '-'], { input: response.rawPayload }).toString());

/** A PDF's text as `pdftotext -layout` lays it out: its lines, with the spaces that place each word kept. */
const layoutLines = (response: LightMyRequestResponse) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload }).toString().split('\n');

/** Where each word of a PDF's first page is, in points from its left edge, as `pdftotext -bbox` gives it. */
const wordBoxes = (response: LightMyRequestResponse) =>
  [
    ...execFileSync('pdftotext', ['-bbox', '-f', '1', '-l', '1', '-', '-'], { input: response.rawPayload })
      .toString()
      .matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g),
  ].map(([, xMin, xMax, word]) => ({ word, xMin: Number(xMin), xMax: Number(xMax) }));

/** The columns (points from the left: the page drawn at 72 dpi) of a PDF's first page that `inked` pixels touch. */
async function inkedColumns(response: LightMyRequestResponse, inked: (rgb: number[]) => boolean) {
  const png = execFileSync('pdftoppm', ['-r', '72', '-f', '1', '-l', '1', '-png', '-'], {
    input: response.rawPayload,
  });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const columns = new Set<number>();
  for (let at = 0; at < data.length; at += 3)
    if (inked([data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0])) columns.add((at / 3) % info.width);
  return { min: Math.min(...columns), max: Math.max(...columns) };
}

/** The images a PDF holds, as poppler's pdfimages lists them (their transparency masks not counted). */
const pdfImages = (response: LightMyRequestResponse) =>
  execFileSync('pdfimages', ['-list', '-'], { input: response.rawPayload })
    .toString()
    .split('\n')
    .slice(2)
    .map((row) => row.trim().split(/\s+/))
    .filter((columns) => columns[2] === 'image')
    .map((columns) => ({ width: Number(columns[3]), height: Number(columns[4]) }));

const DETAILS = {
  legalName: 'Harbour & Co Plumbing Pty Ltd',
  abn: '51824753556',
  address: '12 Wharf Street\nPyrmont NSW 2009',
  phone: '(02) 5550 1234',
  email: 'accounts@harbourco.example',
  paymentAccountName: 'Harbour & Co Plumbing',
  paymentBsb: '062000',
  paymentAccountNumber: '12345678',
};

/** A new organisation with its details filled in, registered for GST or not, and a customer. */
async function organisation(gstRegistered: boolean) {
  const owner = await createTenantWithUser(t, "Harbour & Co's Plumbing");
  const api = apiAs(t, owner.token);
  const details = (await api.get('/api/organisation')).json();
  const saved = await api.put('/api/organisation', { ...details, ...DETAILS, gstRegistered });
  expect(saved.statusCode, saved.body).toBe(200);
  const customer = await api.post('/api/customers', {
    name: "Marguerite O'Sullivan & Partners",
    billingAddress: '7 Kent Street\nMillers Point NSW 2000',
  });
  const rates = (await api.get('/api/tax-rates')).json() as TaxRate[];
  const gst = rates.find((rate) => rate.name === 'GST') as TaxRate;
  return { owner, api, customerId: customer.json().id as string, gst };
}

async function invoiceIn(
  { api, customerId, gst }: Awaited<ReturnType<typeof organisation>>,
  lines: { description: string; quantity: string; price: string }[],
  amountsEnteredIncludeTax = false,
  taxed = true,
) {
  const response = await api.post('/api/sales/invoices', {
    customer: { id: customerId },
    date: '2026-11-24',
    due: '2026-12-08',
    amountsEnteredIncludeTax,
    lineItems: lines.map((line) => ({ ...line, taxRate: taxed ? { id: gst.id } : null })),
  });
  expect(response.statusCode, response.body).toBe(201);
  const invoice = response.json() as Invoice;
  const pdf = await api.get(`/api/sales/invoices/${invoice.id}/pdf`);
  expect(pdf.statusCode, pdf.body).toBe(200);
  return { invoice, pdf, text: pdfText(pdf) };
}

/** Today in Sydney (a new organisation's zone), as documents show dates: "29 Nov 2026". */
const showToday = () =>
  new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Australia/Sydney',
  })
    .format(new Date())
    .replace('Sept', 'Sep');

/** Every money figure the API gave for the invoice, as the PDF must show it. */
const figuresOf = (invoice: Invoice) => [
  ...invoice.lineItems.map((line) => line.amount),
  invoice.subtotal,
  invoice.tax,
  invoice.total,
];
const dollars = (amount: string) =>
  `$${Number(amount).toLocaleString('en-AU', { minimumFractionDigits: 2 })}`;

const LINES = [
  { description: 'Call-out fee & diagnosis', quantity: '1', price: '95' },
  { description: 'Replace mixer tap (kitchen)', quantity: '1.5', price: '123.45' },
];

/** Sends the invoice and records $100 paid by bank transfer on 26 Nov 2026; the invoice's URL. */
async function sentAndPaid100(
  { api }: Awaited<ReturnType<typeof organisation>>,
  invoice: Invoice,
  reference: string | null,
) {
  const url = `/api/sales/invoices/${invoice.id}`;
  expect((await api.put(url, { ...invoice, status: 'OPEN_SENT' })).statusCode).toBe(200);
  const paid = await api.post(`${url}/payments`, {
    date: '2026-11-26',
    amount: '100',
    method: 'BANK_TRANSFER',
    reference,
  });
  expect(paid.statusCode, paid.body).toBe(201);
  return url;
}

/** Adds a photo of one colour, `x.jpg`, to the job. */
async function addPhoto(
  api: ApiClient,
  jobId: string,
  create: { width: number; height: number; background: string },
) {
  const photo = await sharp({ create: { ...create, channels: 3 } })
    .jpeg()
    .toBuffer();
  const uploaded = await api.post(`/api/jobs/${jobId}/attachments?filename=x.jpg`, photo, {
    'content-type': 'image/jpeg',
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
}

/** The PDF of a new invoice of `LINES`, due 8 Dec 2026, once it has `status`. */
async function pdfWithStatus(status: Invoice['status']) {
  const org = await organisation(true);
  const { invoice } = await invoiceIn(org, LINES);
  const url = `/api/sales/invoices/${invoice.id}`;
  expect((await org.api.put(url, { ...invoice, status })).statusCode).toBe(200);
  return org.api.get(`${url}/pdf`);
}

describe('the invoice PDF', () => {
  it('is a tax invoice with the ATO items and exactly the figures the API returns, amounts exclusive of GST', async () => {
    const { invoice, pdf, text } = await invoiceIn(await organisation(true), LINES);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${invoice.number}.pdf"`);
    expect(text).toContain('Tax invoice');
    expect(text).toContain("Harbour & Co's Plumbing");
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain(String(invoice.number));
    expect(text).toContain('24 Nov 2026');
    expect(text).toContain('8 Dec 2026');
    expect(text).toContain("Marguerite O'Sullivan & Partners");
    expect(text).toContain('7 Kent Street');
    for (const line of LINES) expect(text).toContain(line.description);
    expect(text).toContain('GST');
    expect(invoice.total).toBe('308.20');
    for (const figure of figuresOf(invoice)) expect(text).toContain(dollars(figure));
    expect(text).toContain('062-000');
    expect(text).toContain('12345678');
  });

  it('prints emoji and a unit price with its own decimals, so quantity × price reads as the amount', async () => {
    const lines = [
      { description: 'Call-out 🚐 & diagnosis 🛠️', quantity: '1.333', price: '19.995' },
      { description: 'Garden tidy 🌿', quantity: '3', price: '0.005' },
    ];
    const { invoice, pdf, text } = await invoiceIn(await organisation(true), lines);
    expect(text).toContain('Call-out 🚐 & diagnosis 🛠');
    expect(text).toContain('Garden tidy 🌿');
    expect(text).toContain('$19.995');
    expect(text).toContain('$0.005');
    expect(invoice.lineItems.map((line) => line.amount)).toEqual(['26.65', '0.02']);
    // The emoji are drawn from the bundled emoji font, not left as empty boxes.
    const fonts = execFileSync('pdffonts', ['-'], { input: pdf.rawPayload }).toString();
    expect(fonts).toMatch(/NotoEmoji-Regular/);
  });

  it('lists the payments and asks for the amount due as the API gives it; a paid invoice for $0.00', async () => {
    const org = await organisation(true);
    const { invoice } = await invoiceIn(org, LINES);
    const url = await sentAndPaid100(org, invoice, "O'Sullivan EFT");
    const partPaid = (await org.api.get(url)).json() as Invoice;
    expect(partPaid).toMatchObject({ amountPaid: '100.00', amountDue: '208.20' });
    const text = pdfText(await org.api.get(`${url}/pdf`));
    expect(text).toContain("Paid 26 Nov 2026 (Bank transfer, O'Sullivan EFT) −$100.00");
    expect(text).toMatch(/Amount due Due 8 Dec 2026 \$208\.20/);

    expect((await org.api.put(url, { ...partPaid, status: 'CLOSED_PAID' })).statusCode).toBe(200);
    const paidText = pdfText(await org.api.get(`${url}/pdf`));
    expect(paidText).toContain('PAID');
    // pdftotext reads the figures of the totals' right column after their labels.
    expect(paidText).toContain('Paid 29 Nov 2026 (Other)'.replace('29 Nov 2026', showToday()));
    expect(paidText).toMatch(/Total paid \$308\.20 Amount due Paid in full −\$208\.20 \$0\.00 ?$/);
  });

  it('keeps a reference whole on one line in the details column: beside its label when it fits, else under it', async () => {
    const org = await organisation(true);
    const { invoice } = await invoiceIn(org, LINES);
    const url = `/api/sales/invoices/${invoice.id}`;
    for (const reference of ['PO-12345/A & B', 'PO 7781', 'WO-2026/11/0042 Site B']) {
      expect(
        (await org.api.put(url, { ...((await org.api.get(url)).json() as Invoice), reference })).statusCode,
      ).toBe(200);
      const lines = layoutLines(await org.api.get(`${url}/pdf`));
      const whole = lines.findIndex((line) => line.trimEnd().endsWith(reference));
      expect(whole, lines.join('\n')).toBeGreaterThan(0);
      // Beside "Reference" on its line, or alone on the line under it.
      const beside = new RegExp(`Reference\\s+${reference.replace(/[/]/g, '\\/')}$`).test(lines[whole] ?? '');
      expect(beside || /Reference$/.test(lines[whole - 1]?.trimEnd() ?? ''), lines.join('\n')).toBe(true);
      if (reference === 'PO 7781') expect(beside).toBe(true);
    }
  });

  it('says a paid invoice is paid in full under its amount due of $0.00, not when it was due', async () => {
    const lines = layoutLines(await pdfWithStatus('CLOSED_PAID'));
    // The amount, centred beside the two lines of its label, is on the second.
    const due = lines.findIndex((line) => line.trim() === 'Amount due');
    expect(due, lines.join('\n')).toBeGreaterThan(0);
    expect(lines[due + 1]).toMatch(/^\s*Paid in full\s+\$0\.00$/);
    expect(lines.join('\n')).not.toMatch(/Due 8 Dec 2026/);
    // Its due date stays among its details, as the record of when it was due.
    expect(lines.some((line) => /Due date\s+8 Dec 2026/.test(line))).toBe(true);
  });

  it('says a cancelled invoice asks for nothing: no amount due and no payment details', async () => {
    const text = pdfText(await pdfWithStatus('CLOSED_CANCELLED'));
    expect(text).toContain('CANCELLED');
    // Its figures are still there, as the record of what was cancelled.
    expect(text).toContain('Total $308.20');
    expect(text).toContain('Nothing is due: this invoice is cancelled.');
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('HOW TO PAY');
    expect(text).not.toContain('062-000');
  });

  it('says the total includes GST and gives the GST amount when amounts include tax', async () => {
    const { invoice, text } = await invoiceIn(await organisation(true), LINES, true);
    expect(text).toContain('Total price includes GST');
    expect(invoice.tax).toBe('25.47');
    for (const figure of figuresOf(invoice)) expect(text).toContain(dollars(figure));
  });

  it('names the buyer and their address on an invoice of $1,000 or more', async () => {
    const { invoice, text } = await invoiceIn(await organisation(true), [
      { description: 'Hot water system, 250 L, installed', quantity: '1', price: '2450' },
    ]);
    expect(invoice.total).toBe('2695.00');
    expect(text).toContain('$2,695.00');
    expect(text).toContain("Marguerite O'Sullivan & Partners");
    expect(text).toContain('Millers Point NSW 2000');
  });

  it('is an Invoice with no GST lines for an organisation not registered for GST', async () => {
    const { invoice, text } = await invoiceIn(await organisation(false), LINES, false, false);
    expect(text).not.toContain('Tax invoice');
    expect(text).toContain('Invoice');
    expect(text).not.toMatch(/GST/);
    expect(invoice.tax).toBe('0.00');
    expect(text).toContain(dollars(invoice.total));
  });

  it('still shows the GST an invoice charged once the organisation is no longer registered, so it adds up', async () => {
    const registered = await organisation(true);
    const { invoice } = await invoiceIn(registered, LINES);
    const details = (await registered.api.get('/api/organisation')).json();
    const off = await registered.api.put('/api/organisation', { ...details, gstRegistered: false });
    expect(off.statusCode, off.body).toBe(200);
    const text = pdfText(await registered.api.get(`/api/sales/invoices/${invoice.id}/pdf`));
    // No longer a tax invoice: the organisation is not registered now.
    expect(text).not.toContain('Tax invoice');
    // Its lines, its GST and its total, which adds up.
    expect(text).toContain('GST 10%');
    expect(text).toContain(dollars(invoice.tax));
    for (const figure of figuresOf(invoice)) expect(text).toContain(dollars(figure));
  });

  it("is 404 for another organisation's invoice", async () => {
    const { invoice } = await invoiceIn(await organisation(true), LINES);
    const response = await apiAs(t, b.token).get(`/api/sales/invoices/${invoice.id}/pdf`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Invoice not found.');
  });

  it('says plainly which template failed on which record, with its line, when a saved template breaks on one', async () => {
    const org = await organisation(true);
    const { invoice } = await invoiceIn(org, LINES);
    // The latest invoice has a payment: a template that reads the first payment saves (it is checked against it)…
    const { invoice: latest } = await invoiceIn(org, LINES);
    const latestUrl = await sentAndPaid100(org, latest, null);
    const { invoiceTemplate } = (await org.api.get('/api/organisation')).json();
    const template = (await org.api.get(`/api/templates/${invoiceTemplate.id}`)).json();
    const body = `${template.body.trimEnd()}\n#inv.payments.at(0).amount\n`;
    const saved = await org.api.put(`/api/templates/${template.id}`, { ...template, body });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await org.api.get(`${latestUrl}/pdf`)).statusCode).toBe(200);

    // …and fails on an invoice with none: it compiles, so it is said to have failed on this invoice.
    const broken = await org.api.get(`/api/sales/invoices/${invoice.id}/pdf`);
    expect(broken.statusCode).toBe(422);
    const line = body.trimEnd().split('\n').length;
    expect(broken.json()).toEqual({
      error: 'DOCUMENT_FAILED',
      message: expect.stringMatching(
        new RegExp(
          `^The invoice template "Tax invoice" failed on this invoice \\(Line ${line}: array index out of bounds.*\\)\\. ` +
            'Fix it, or choose another default template, in Settings > Templates\\.$',
        ),
      ),
      fieldErrors: [],
    });
  });
});

describe('the job PDF', () => {
  it('is a job sheet named job-{number}.pdf with the job, its customer, site and lines', async () => {
    const org = await organisation(true);
    const location = await org.api.post('/api/locations', {
      customer: { id: org.customerId },
      name: 'Kent Street terrace',
      street1: '7 Kent Street',
      suburb: 'Millers Point',
      state: 'NSW',
      postcode: '2000',
      country: 'Australia',
    });
    expect(location.statusCode, location.body).toBe(201);
    const job = await org.api.post('/api/jobs', {
      customer: { id: org.customerId },
      location: { id: location.json().id },
      reference: 'PO-88 & co',
      items: [{ description: 'Clear blocked drain', quantity: '2', price: '110' }],
    });
    expect(job.statusCode, job.body).toBe(201);
    const pdf = await org.api.get(`/api/jobs/${job.json().id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="job-${job.json().number}.pdf"`);
    const text = pdfText(pdf);
    expect(text).toMatch(/job sheet/i);
    expect(text).not.toMatch(/work notes|photos|sign-off|customer not present/i);
    for (const expected of [
      String(job.json().number),
      'PO-88 & co',
      'New',
      "Marguerite O'Sullivan & Partners",
      'Kent Street terrace',
      'Millers Point NSW 2000',
      'Clear blocked drain',
      '$220.00',
      'Signature',
    ])
      expect(text).toContain(expected);
  });

  it("centres each photo's caption under its photo", async () => {
    const org = await organisation(true);
    const job = (await org.api.post('/api/jobs', { customer: { id: org.customerId } })).json();
    // A wide red photo: its thumbnail spans its grid cell, and the short caption is centred under it.
    await addPhoto(org.api, job.id, { width: 400, height: 100, background: '#ff0000' });
    const pdf = await org.api.get(`/api/jobs/${job.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const caption = wordBoxes(pdf).find((box) => box.word === 'x.jpg');
    if (!caption) throw new Error('No caption on the first page');
    const image = await inkedColumns(pdf, ([r = 0, g = 0, b = 0]) => r > 200 && g < 80 && b < 80);
    expect(image.max - image.min).toBeGreaterThan(60);
    expect(Math.abs((caption.xMin + caption.xMax) / 2 - (image.min + image.max) / 2)).toBeLessThan(2);
  });

  it("shows the work notes, the photos and the sign-off with times in the organisation's zone, as proof of work", async () => {
    const org = await organisation(true);
    const logo = await sharp({ create: { width: 120, height: 40, channels: 3, background: '#1f5f8b' } })
      .png()
      .toBuffer();
    const details = (await org.api.get('/api/organisation')).json();
    const withLogo = await org.api.put('/api/organisation', {
      ...details,
      logo: `data:image/png;base64,${logo.toString('base64')}`,
    });
    expect(withLogo.statusCode, withLogo.body).toBe(200);
    const timeZone = withLogo.json().timeZone as string;
    const job = (await org.api.post('/api/jobs', { customer: { id: org.customerId } })).json();
    const office = apiAs(t, (await newMember(t, org.owner.tenant.tenantId, 'OFFICE')).token);
    const note = async (as: ApiClient, text: string) => {
      const added = await as.post(`/api/jobs/${job.id}/notes`, { text });
      expect(added.statusCode, added.body).toBe(201);
      return added.json() as JobNote;
    };
    const first = await note(org.api, 'Isolated the water & drained the tank.');
    const second = await note(office, 'Customer asked for a quote to replace the relief valve.');
    await addPhoto(org.api, job.id, { width: 80, height: 60, background: '#c04020' });
    const drawn = await sharp(
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C60 0 120 100 290 20" ' +
          'stroke="#000" stroke-width="4" fill="none"/></svg>',
      ),
    )
      .png()
      .toBuffer();
    const signed = await org.api.put(`/api/jobs/${job.id}/signature`, {
      signerName: 'Kylie Brennan',
      image: `data:image/png;base64,${drawn.toString('base64')}`,
    });
    expect(signed.statusCode, signed.body).toBe(200);

    const pdf = await org.api.get(`/api/jobs/${job.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf);
    const at = (time: string) =>
      collapsed(
        formatsByZone('en-AU', { dateStyle: 'medium', timeStyle: 'short' })(timeZone).format(
          Date.parse(time),
        ),
      );
    expect(text).toMatch(/work notes.*photos.*sign-off/i);
    for (const { text: written, author, created } of [second, first]) {
      expect(text).toContain(written);
      expect(text).toContain(`${author.name} · ${at(created)}`);
    }
    expect(text.indexOf(second.text)).toBeLessThan(text.indexOf(first.text));
    expect(text).toContain('x.jpg');
    expect(text).toContain(`Signed by Kylie Brennan, ${at((signed.json() as Signature).signedAt)}`);
    expect(text).not.toMatch(/customer acceptance/i);
    // The logo, the photo's thumbnail (made a JPEG: Typst reads no WebP) and the signature.
    expect(pdfImages(pdf)).toEqual(
      expect.arrayContaining([
        { width: 120, height: 40 },
        { width: 80, height: 60 },
        { width: 300, height: 100 },
      ]),
    );
    expect(pdfImages(pdf)).toHaveLength(3);

    const other = await apiAs(t, b.token).get(`/api/jobs/${job.id}/pdf`);
    expect(other.statusCode).toBe(404);
  });

  it('says the customer was not present, and names a PDF on the job by its filename', async () => {
    const org = await organisation(false);
    const job = (await org.api.post('/api/jobs', { customer: { id: org.customerId } })).json();
    const pdfFile = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const uploaded = await org.api.post(`/api/jobs/${job.id}/attachments?filename=Warranty.pdf`, pdfFile, {
      'content-type': 'application/pdf',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const signed = await org.api.put(`/api/jobs/${job.id}/signature`, { customerNotPresent: true });
    expect(signed.statusCode, signed.body).toBe(200);
    const pdf = await org.api.get(`/api/jobs/${job.id}/pdf`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf);
    expect(text).toMatch(/sign-off/i);
    expect(text).toContain('Customer not present');
    expect(text).toContain('Warranty.pdf');
    expect(text).not.toMatch(/work notes|photos|signed by/i);
    expect(pdfImages(pdf)).toEqual([]);
  });

  it("is 404 for another organisation's job, and for no job", async () => {
    const other = await apiAs(t, b.token).get('/api/jobs/01900000-0000-7000-8000-000000000000/pdf');
    expect(other.statusCode).toBe(404);
    expect((await apiAs(t, a.token).get('/api/jobs/not-an-id/pdf')).statusCode).toBe(404);
  });
});
