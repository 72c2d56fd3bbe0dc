import { execFileSync } from 'node:child_process';
import type { TemplateSummary } from '@fieldbook/domain';
import { describe, expect, it } from 'vitest';
import { apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import { describeRecordEndpoints } from '../../test-support/record-contract.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

const INVOICE_BODY =
  '#let data = json(bytes(sys.inputs.data))\n= Invoice #data.invoice.number for #data.invoice.customer.name';

let sequence = 0;
describeRecordEndpoints(() => ({ t, a, b }), {
  path: '/api/templates',
  noun: 'template',
  valid: () => ({
    name: `Plain invoice ${++sequence}`,
    type: 'typst',
    document: 'invoice',
    body: INVOICE_BODY,
  }),
  change: {
    body: {
      name: ' Job card ',
      type: 'TYPST',
      document: 'job',
      body: '= Job #json(bytes(sys.inputs.data)).job.number',
    },
    expected: { name: 'Job card', type: 'typst', document: 'job', default: false },
  },
  invalid: {
    body: { name: ' ', type: '', document: 'receipt', body: '' },
    fields: ['name', 'type', 'document', 'body'],
  },
});

/** The text of a PDF as poppler's pdftotext reads it. */
const pdfText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: pdf }).toString().replace(/\s+/g, ' ');

describe('templates', () => {
  it('start as the built-in Tax invoice, Job sheet, Quote and Statement, each the default for its document', async () => {
    const fresh = await createTenantWithUser(t);
    const api = apiAs(t, fresh.token);
    const response = await api.get('/api/templates');
    expect(response.statusCode).toBe(200);
    expect(response.headers['total-count']).toBe('4');
    const list = response.json() as TemplateSummary[];
    expect(list.map(({ id: _id, ...rest }) => rest)).toEqual([
      { name: 'Job sheet', document: 'job', type: 'typst', default: true },
      { name: 'Quote', document: 'quote', type: 'typst', default: true },
      { name: 'Statement', document: 'statement', type: 'typst', default: true },
      { name: 'Tax invoice', document: 'invoice', type: 'typst', default: true },
    ]);
    const quote = list.find((template) => template.document === 'quote');
    expect((await api.get('/api/organisation')).json().quoteTemplate).toEqual({
      id: quote?.id,
      name: 'Quote',
    });
  });

  it('refuse an unknown type or document with a clear field error', async () => {
    const response = await apiAs(t, a.token).post('/api/templates', {
      name: 'Receipt',
      type: 'latex',
      document: 'receipt',
      body: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([
      { field: 'type', message: 'The only template type is typst.' },
      { field: 'document', message: 'The document is invoice, job, quote or statement.' },
    ]);
  });

  it('refuse a body that does not compile, with the compiler message and line, and save nothing', async () => {
    const api = apiAs(t, a.token);
    const before = (await api.get('/api/templates')).headers['total-count'];
    const response = await api.post('/api/templates', {
      name: 'Broken',
      type: 'typst',
      document: 'invoice',
      body: '= Invoice\n\nDear customer,\n#let total = \n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'VALIDATION_FAILED',
      message: 'The template does not compile.',
      fieldErrors: [{ field: 'body', message: 'Line 4: expected expression' }],
    });
    expect((await api.get('/api/templates')).headers['total-count']).toBe(before);
  });

  it('keep a default template: it cannot be deleted, unmade or moved to another document', async () => {
    const fresh = await createTenantWithUser(t);
    const api = apiAs(t, fresh.token);
    const list = (await api.get('/api/templates')).json() as TemplateSummary[];
    const invoice = list.find((template) => template.document === 'invoice') as TemplateSummary;
    const removal = await api.delete(`/api/templates/${invoice.id}`);
    expect(removal.statusCode).toBe(409);
    expect(removal.json().message).toBe(
      'This template is a default template, so it cannot be deleted. Make another template the default first.',
    );
    const read = (await api.get(`/api/templates/${invoice.id}`)).json();
    const moved = await api.put(`/api/templates/${invoice.id}`, { ...read, document: 'job' });
    expect(moved.statusCode).toBe(400);
    expect(fieldsOf(moved)).toEqual(['document']);
    const unmade = await api.put(`/api/templates/${invoice.id}`, { ...read, default: false });
    expect(fieldsOf(unmade)).toEqual(['default']);

    const replacement = await api.post('/api/templates', {
      name: 'Plain invoice',
      type: 'typst',
      document: 'invoice',
      body: INVOICE_BODY,
      default: true,
    });
    expect(replacement.json().default).toBe(true);
    expect((await api.get(`/api/templates/${invoice.id}`)).json().default).toBe(false);
    expect((await api.get('/api/organisation')).json().invoiceTemplate).toEqual({
      id: replacement.json().id,
      name: 'Plain invoice',
    });
    expect((await api.delete(`/api/templates/${invoice.id}`)).statusCode).toBe(204);
  });

  it('preview a form as a PDF named invoice-preview.pdf, against a realistic sample when there is no invoice', async () => {
    const fresh = await createTenantWithUser(t);
    const response = await apiAs(t, fresh.token).post('/api/templates/preview', {
      name: 'Plain',
      type: 'typst',
      document: 'invoice',
      body: INVOICE_BODY,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoice-preview.pdf"');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(response.rawPayload)).toContain(
      "Invoice 1001 for O'Brien & Sons Heating, Cooling & Refrigeration Pty Ltd",
    );
  });

  it("preview the built-in Job sheet against a sample job's notes, photos and sign-off when there is no job", async () => {
    const api = apiAs(t, (await createTenantWithUser(t)).token);
    const list = (await api.get('/api/templates')).json() as TemplateSummary[];
    const jobSheet = list.find((template) => template.document === 'job') as TemplateSummary;
    const { id: _id, updated: _updated, ...fields } = (await api.get(`/api/templates/${jobSheet.id}`)).json();
    const response = await api.post('/api/templates/preview', fields);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/work notes.*relief valve drips.*photos.*IMG_0412\.JPG.*sign-off/i);
    expect(text).toContain("Signed by Marguerite O'Sullivan, 25 Nov 2026, 11:30 am");
  });

  it('preview the built-in Statement against a sample when no customer owes anything, and save a copy', async () => {
    const api = apiAs(t, (await createTenantWithUser(t)).token);
    const list = (await api.get('/api/templates?q=document:statement')).json() as TemplateSummary[];
    const { id: _id, updated: _updated, ...fields } = (await api.get(`/api/templates/${list[0]?.id}`)).json();
    const response = await api.post('/api/templates/preview', fields);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Statement');
    expect(text).toContain('65 days overdue');
    expect(text).toContain('$1,535.20');
    const copy = await api.post('/api/templates', { ...fields, name: 'Our statement', default: true });
    expect(copy.statusCode, copy.body).toBe(201);
    expect((await api.get('/api/organisation')).json().statementTemplate).toEqual({
      id: copy.json().id,
      name: 'Our statement',
    });
  });

  it('preview the built-in Quote against a sample with two options, then against the latest quote', async () => {
    const api = apiAs(t, (await createTenantWithUser(t)).token);
    const list = (await api.get('/api/templates?q=document:quote')).json() as TemplateSummary[];
    const { id: _id, updated: _updated, ...fields } = (await api.get(`/api/templates/${list[0]?.id}`)).json();
    const sample = await api.post('/api/templates/preview', fields);
    expect(sample.statusCode, sample.body).toBe(200);
    const text = pdfText(sample.rawPayload);
    for (const expected of [
      "O'Brien & Sons Heating, Cooling & Refrigeration Pty Ltd",
      'Included in every option',
      'Call-out fee & safety check',
      'Option A: repair',
      '$506.00',
      'Option B: replace',
      '$5,648.50',
      'Prices hold for 30 days.',
    ])
      expect(text).toContain(expected);

    const customer = await api.post('/api/customers', { name: "Nguyen & O'Hara Dental" });
    const quote = await api.post('/api/sales/quotes', {
      customer: { id: customer.json().id },
      date: '2026-11-23',
      title: 'Replace the surgery taps',
      lineItems: [{ description: 'Mixer taps, fitted', quantity: '3', price: '412.50' }],
    });
    expect(quote.statusCode, quote.body).toBe(201);
    const latest = pdfText((await api.post('/api/templates/preview', fields)).rawPayload);
    expect(latest).toContain("Nguyen & O'Hara Dental");
    expect(latest).toContain('$1,237.50');
    expect(latest).not.toContain('Option A: repair');
  });

  it('preview as SVG for the editor when asked for image/svg+xml', async () => {
    const response = await apiAs(t, a.token).post(
      '/api/templates/preview',
      { name: 'Plain', type: 'typst', document: 'job', body: '= Job sheet' },
      { accept: 'image/svg+xml' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/<svg/);
  });

  it('answer a preview that does not compile as the error shape, for the editor to read', async () => {
    const response = await apiAs(t, a.token).post('/api/templates/preview', {
      name: 'Plain',
      type: 'typst',
      document: 'job',
      body: '#let x = (1, 2\n',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'body', message: 'Line 1: unclosed delimiter' }]);
  });
});
