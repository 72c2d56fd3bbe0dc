import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { type Organisation, organisationMessages } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { uuidv7 } from 'uuidv7';
import { describe, expect, it } from 'vitest';
import { apiAs, fieldsOf } from '../../test-support/api-client.ts';
import { createTenantWithUser, type TenantWithUser } from '../../test-support/factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { completeOrganisations } from './organisation.ts';
import { addBuiltInDefaults, builtInBody, refreshBuiltInTemplates } from './templates.ts';

let t: TestApp;
let a: TenantWithUser;
let b: TenantWithUser;

withTwoTenants((env) => {
  ({ t, a, b } = env);
});

const LOGO = readFileSync(new URL('../../seed/demo-logos/harbourside.png', import.meta.url));
const logoUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

/** A fresh organisation and its details as read, for a test that saves over them. */
async function freshDetails() {
  const fresh = await createTenantWithUser(t, "O'Connor & Daughters Plumbing");
  const api = apiAs(t, fresh.token);
  const read = await api.get('/api/organisation');
  expect(read.statusCode).toBe(200);
  return { api, details: read.json(), fresh };
}

const filled = {
  legalName: "O'Connor & Daughters Pty Ltd",
  abn: '51 824 753 556',
  gstRegistered: true,
  address: '12 Wharf Street\nPyrmont NSW 2009',
  phone: '(02) 5550 1234',
  email: 'accounts@oconnor.example',
  website: 'oconnor.example',
  paymentAccountName: "O'Connor & Daughters",
  paymentBsb: '062-000',
  paymentAccountNumber: '1234 5678',
  paymentText: 'PayID: accounts@oconnor.example',
  paymentTermsDays: 14,
};

describe('organisation details', () => {
  it("start empty but for the organisation's name, no payment terms and the built-in templates", async () => {
    const { details, fresh } = await freshDetails();
    expect(details).toMatchObject({
      id: fresh.tenant.tenantId,
      name: "O'Connor & Daughters Plumbing",
      legalName: null,
      abn: null,
      gstRegistered: true,
      paymentTermsDays: 0,
      quoteValidityDays: 30,
      quoteTerms: null,
      logo: null,
      invoiceTemplate: { name: 'Tax invoice' },
      jobTemplate: { name: 'Job sheet' },
    });
  });

  it('save every field, the ABN and bank numbers stored as digits, and rename the organisation', async () => {
    const { api, details } = await freshDetails();
    const response = await api.put('/api/organisation', {
      ...details,
      ...filled,
      name: "O'Connor & Daughters Plumbing and Gas",
      logo: logoUrl(LOGO),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ...filled,
      name: "O'Connor & Daughters Plumbing and Gas",
      abn: '51824753556',
      paymentBsb: '062000',
      paymentAccountNumber: '12345678',
      website: 'https://oconnor.example',
      logo: logoUrl(LOGO),
    });
    expect(response.json().updated).not.toBe(details.updated);
    expect((await api.get('/api/organisation')).json()).toEqual(response.json());
    expect((await api.get('/api/tenant')).json().tenantName).toBe("O'Connor & Daughters Plumbing and Gas");
  });

  it.each([
    ['51 824 753 557', 'This is not a valid ABN: check the digits against the ABN Lookup.'],
    ['5182475355', 'Enter the 11-digit ABN, such as 51 824 753 556.'],
    ['51-824-753-55a', 'Enter the 11-digit ABN, such as 51 824 753 556.'],
  ])('refuse the ABN %j with a clear message', async (abn, message) => {
    const { api, details } = await freshDetails();
    const response = await api.put('/api/organisation', { ...details, abn });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'abn', message }]);
  });

  it('refuse bad bank details, payment terms and a blank name, each with its field', async () => {
    const { api, details } = await freshDetails();
    const response = await api.put('/api/organisation', {
      ...details,
      name: ' ',
      paymentBsb: '12345',
      paymentAccountNumber: '12',
      paymentTermsDays: 400,
    });
    expect(response.statusCode).toBe(400);
    expect(fieldsOf(response)).toEqual(['name', 'paymentBsb', 'paymentAccountNumber', 'paymentTermsDays']);
  });

  it("save the quotes' validity days and terms, refuse days out of 1 to 365, and keep both when left out", async () => {
    const { api, details } = await freshDetails();
    const terms = 'Valid for the days shown.\nA 30% deposit secures the booking.';
    const saved = await api.put('/api/organisation', {
      ...details,
      quoteValidityDays: 45,
      quoteTerms: terms,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read: Organisation = saved.json();
    expect(read).toMatchObject({ quoteValidityDays: 45, quoteTerms: terms });
    for (const days of [0, 366, 1.5]) {
      const refused = await api.put('/api/organisation', { ...read, quoteValidityDays: days });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual([
        {
          field: 'quoteValidityDays',
          message: 'Enter how long a quote is valid as a whole number of days, from 1 to 365.',
        },
      ]);
    }
    const { quoteValidityDays: _days, quoteTerms: _terms, ...without } = read;
    const kept = await api.put('/api/organisation', { ...without, legalName: 'Kept Pty Ltd' });
    expect(kept.json()).toMatchObject({
      legalName: 'Kept Pty Ltd',
      quoteValidityDays: 45,
      quoteTerms: terms,
    });
    const cleared = await api.put('/api/organisation', {
      ...(kept.json() as Organisation),
      quoteTerms: null,
    });
    expect(cleared.json().quoteTerms).toBeNull();
  });

  it('refuse a logo that is not a PNG or JPEG, one over 1 MB, and one that cannot be read', async () => {
    const { api, details } = await freshDetails();
    const gif = await api.put('/api/organisation', {
      ...details,
      logo: logoUrl(Buffer.from('GIF89a....'), 'image/gif'),
    });
    expect(gif.json().fieldErrors).toEqual([
      { field: 'logo', message: 'Use a PNG or JPEG image for the logo.' },
    ]);
    const huge = Buffer.concat([LOGO, Buffer.alloc(1024 * 1024)]);
    const large = await api.put('/api/organisation', { ...details, logo: logoUrl(huge) });
    expect(large.json().fieldErrors).toEqual([{ field: 'logo', message: 'Use a logo of at most 1 MB.' }]);
    const broken = Buffer.concat([LOGO.subarray(0, 8), Buffer.from('not really a PNG after all')]);
    const unreadable = await api.put('/api/organisation', { ...details, logo: logoUrl(broken) });
    expect(unreadable.statusCode).toBe(400);
    expect(fieldsOf(unreadable)).toEqual(['logo']);
    expect((await api.get('/api/organisation')).json().updated).toBe(details.updated);
  });

  it('save a logo larger than 2,000 pixels a side smaller, and refuse one of over 50 million pixels', async () => {
    const { api, details } = await freshDetails();
    const wide = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#1864ab' } })
      .png()
      .toBuffer();
    const saved = await api.put('/api/organisation', { ...details, logo: logoUrl(wide) });
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = (saved.json() as Organisation).logo ?? '';
    expect(kept).toMatch(/^data:image\/png;base64,/);
    const size = await sharp(Buffer.from(kept.split(',')[1] ?? '', 'base64')).metadata();
    expect([size.width, size.height, size.format]).toEqual([2000, 1000, 'png']);
    const after = saved.json() as Organisation;

    // 8,000 × 8,000 of one colour: a small file, but 64 million pixels to print.
    const vast = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(vast.length).toBeLessThan(1024 * 1024);
    const refused = await api.put('/api/organisation', { ...after, logo: logoUrl(vast) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual([
      { field: 'logo', message: organisationMessages.logoTooLarge },
    ]);
    expect((await api.get('/api/organisation')).json().logo).toBe(kept);
  });

  it('refuse a stale save with 409 and keep what was saved', async () => {
    const { api, details } = await freshDetails();
    expect((await api.put('/api/organisation', { ...details, legalName: 'First Pty Ltd' })).statusCode).toBe(
      200,
    );
    const stale = await api.put('/api/organisation', { ...details, legalName: 'Second Pty Ltd' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else changed this organisation. Reload it to see their changes, then save again.',
    );
    expect((await api.get('/api/organisation')).json().legalName).toBe('First Pty Ltd');
  });

  it("refuse another organisation's template, or one of the wrong document, as a default", async () => {
    const { api, details } = await freshDetails();
    const theirs = (await apiAs(t, b.token).get('/api/templates?q=document:invoice')).json()[0];
    const foreign = await api.put('/api/organisation', { ...details, invoiceTemplate: { id: theirs.id } });
    expect(foreign.json().fieldErrors).toEqual([
      { field: 'invoiceTemplate.id', message: 'Choose an invoice template of this organisation.' },
    ]);
    const wrong = await api.put('/api/organisation', { ...details, jobTemplate: details.invoiceTemplate });
    expect(fieldsOf(wrong)).toEqual(['jobTemplate.id']);
  });

  it('show each organisation only its own details', async () => {
    const mine = (await apiAs(t, a.token).get('/api/organisation')).json();
    const theirs = (await apiAs(t, b.token).get('/api/organisation')).json();
    expect(mine.id).toBe(a.tenant.tenantId);
    expect(theirs.id).toBe(b.tenant.tenantId);
  });

  it('are completed at start-up for an organisation made before documents existed', async () => {
    const id = uuidv7();
    await t.database.db.execute(sql`insert into tenants (id, name) values (${id}, 'Older Pty Ltd')`);
    expect(await completeOrganisations(t.database.db)).toBe(1);
    expect(await completeOrganisations(t.database.db)).toBe(0);
    const rows = (await t.database.db.execute(
      sql`select name, document from templates where tenant_id = ${id} order by name`,
    )) as { rows: { name: string; document: string }[] };
    expect(rows.rows).toEqual([
      { name: 'Job sheet', document: 'job' },
      { name: 'Quote', document: 'quote' },
      { name: 'Statement', document: 'statement' },
      { name: 'Tax invoice', document: 'invoice' },
    ]);
  });

  it('give an organisation made before statements and quotes their templates at start-up, exactly once', async () => {
    const { api, fresh } = await freshDetails();
    const tenantId = fresh.tenant.tenantId;
    // As it was before statements and quotes: no such templates, and no default for them.
    await t.database.db.execute(
      sql`update organisation_details set statement_template_id = null, quote_template_id = null
          where tenant_id = ${tenantId}`,
    );
    await t.database.db.execute(
      sql`delete from templates where tenant_id = ${tenantId} and document in ('statement', 'quote')`,
    );
    const before = (await api.get('/api/organisation')).json();
    expect([before.statementTemplate, before.quoteTemplate]).toEqual([null, null]);
    // Two processes starting at once, then a third later: one copy of each.
    await Promise.all([completeOrganisations(t.database.db), completeOrganisations(t.database.db)]);
    expect(await addBuiltInDefaults(t.database.db)).toBe(0);
    const organisation = (await api.get('/api/organisation')).json();
    for (const [document, name, file] of [
      ['statement', 'Statement', 'statement.typ'],
      ['quote', 'Quote', 'quote.typ'],
    ] as const) {
      const list = (await api.get(`/api/templates?q=document:${document}`)).json();
      expect(list).toEqual([expect.objectContaining({ name, default: true })]);
      expect((await api.get(`/api/templates/${list[0].id}`)).json().body).toBe(builtInBody(file));
      expect(organisation[`${document}Template`]).toEqual({ id: list[0].id, name });
    }
  });

  it("have an unedited built-in template's copy brought up to date at start-up, and an edited one left alone", async () => {
    const earlier = '// An earlier job sheet\n';
    const sha256 = createHash('sha256').update(earlier).digest('hex');
    const jobSheetOf = async (tenantId: string) =>
      (
        (await t.database.db.execute(
          sql`select body from templates where tenant_id = ${tenantId} and name = 'Job sheet'`,
        )) as { rows: { body: string }[] }
      ).rows[0]?.body;
    const [unedited, edited] = [
      (await createTenantWithUser(t)).tenant.tenantId,
      (await createTenantWithUser(t)).tenant.tenantId,
    ];
    await t.database.db.execute(
      sql`update templates set body = ${earlier} where tenant_id = ${unedited} and name = 'Job sheet'`,
    );
    await t.database.db.execute(
      sql`update templates set body = ${`${earlier}// Ours\n`} where tenant_id = ${edited} and name = 'Job sheet'`,
    );
    expect(await refreshBuiltInTemplates(t.database.db, { 'job-sheet.typ': [sha256] })).toBe(1);
    expect(await jobSheetOf(unedited)).toBe(builtInBody('job-sheet.typ'));
    expect(await jobSheetOf(edited)).toBe(`${earlier}// Ours\n`);
    expect(await refreshBuiltInTemplates(t.database.db, { 'job-sheet.typ': [sha256] })).toBe(0);
  });
});
