import { searchWords } from '@fieldbook/domain';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiClient, apiAs } from '../../test-support/api-client.ts';
import { createTenantWithUser } from '../../test-support/factories.ts';
import { createCustomers, createItems } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';

// Bare words match the words of a record that start with them (docs/api.md, "How text is split into words"): the
// records' words are kept by PostgreSQL (`search_words`, migration 0028), the query's made by the domain's
// `searchWords`; the two agree.

let t: TestApp;
let api: ApiClient;
let tenantId: string;

withTwoTenants((env) => {
  t = env.t;
});

const rowsOf = async (query: SQL) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

beforeAll(async () => {
  const tenant = await createTenantWithUser(t);
  tenantId = tenant.tenant.tenantId;
  api = apiAs(t, tenant.token);
  await createCustomers(t, tenantId, [
    { name: 'Wilson Electrical' },
    { name: 'Wilkinson & Daughters' },
    { name: 'Twill Textiles' },
    { name: "O'Brien & Sons Plumbing" },
    { name: "D'Souza Supplies" },
    { name: 'Café Bondi' },
    { name: 'Nguyễn Thị Minh Khai' },
    { name: 'Ærø Marine', billingEmail: 'accounts@aero-marine.example.com' },
  ]);
  await createItems(t, tenantId, [
    { code: 'PL-CU-15', description: 'Copper elbow', price: '4.00' },
    { code: 'CU-PIPE', description: 'Copper pipe 15 mm', price: '48.00' },
    { code: 'CU-PIPE-150', description: 'Copper pipe 150 mm', price: '90.00' },
  ]);
});

const found = async (list: 'customers' | 'items', q: string) => {
  const response = await api.get(`/api/${list}?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, `${q} → ${response.body}`).toBe(200);
  return (response.json() as { name?: string; code?: string }[]).map((row) => row.name ?? row.code);
};

describe('a bare word', () => {
  it('matches the words that start with it, not the middle of one', async () => {
    expect(await found('customers', 'wil')).toEqual(['Wilson Electrical', 'Wilkinson & Daughters']);
    expect(await found('customers', 'WILSON')).toEqual(['Wilson Electrical']);
    expect(await found('customers', 'ill')).toEqual([]);
  });

  it('ignores case and accents, and reads an apostrophe between letters both ways', async () => {
    expect(await found('customers', 'cafe')).toEqual(['Café Bondi']);
    expect(await found('customers', 'nguyen thi')).toEqual(['Nguyễn Thị Minh Khai']);
    expect(await found('customers', 'aero')).toEqual(['Ærø Marine']);
    for (const q of ['obrien', "o'brien", 'O’Brien', 'brien']) {
      expect(await found('customers', q), q).toEqual(["O'Brien & Sons Plumbing"]);
    }
    for (const q of ['souza', "d'souza", 'dsouza']) {
      expect(await found('customers', q), q).toEqual(["D'Souza Supplies"]);
    }
  });

  it('finds codes and numbers with their units as words', async () => {
    expect(await found('items', 'cu-15')).toEqual(['PL-CU-15']);
    expect(await found('items', 'plcu')).toEqual([]);
    expect(await found('items', '15mm')).toEqual(['CU-PIPE']);
    // Two words, each from its start: 15 finds 150 too.
    expect(await found('items', '15 mm')).toEqual(['CU-PIPE', 'CU-PIPE-150']);
    expect(await found('items', '"cu 15"')).toEqual(['PL-CU-15']);
  });

  it('in quotes is a phrase: its words whole and in order', async () => {
    expect(await found('customers', '"cafe bondi"')).toEqual(['Café Bondi']);
    expect(await found('customers', '"bondi cafe"')).toEqual([]);
    expect(await found('customers', '"cafe bon"')).toEqual([]);
    expect(await found('items', '"copper pipe 15 mm"')).toEqual(['CU-PIPE']);
  });

  it('keeps * as a wildcard inside or after a word', async () => {
    expect(await found('customers', 'w*son')).toEqual(['Wilson Electrical', 'Wilkinson & Daughters']);
    expect(await found('customers', 't*ll')).toEqual(['Twill Textiles']);
    expect(await found('customers', 'wilk*')).toEqual(['Wilkinson & Daughters']);
    expect(await found('customers', 'name:w*n')).toEqual(['Wilson Electrical', 'Wilkinson & Daughters']);
  });

  it('searches a field by its words too', async () => {
    expect(await found('customers', 'email:aero')).toEqual(['Ærø Marine']);
    expect(await found('customers', 'name:"sons plumbing"')).toEqual(["O'Brien & Sons Plumbing"]);
    expect(await found('customers', 'name:=cafe bondi')).toEqual([]);
    expect(await found('customers', 'name:="Café Bondi"')).toEqual(['Café Bondi']);
  });
});

describe('everyday text in q', () => {
  it.each([
    "O'Brien",
    'James & Olivia',
    '+61',
    'grace!',
    '100%',
    '1/2"',
    'Smith, John',
    '(02) 9000 1234',
    'thank you 🙂',
    '12:30 a.m.',
    '&',
  ])('%j is searched, never a 400', async (q) => {
    for (const list of ['customers', 'items', 'jobs', 'sales/invoices', 'locations', 'technicians']) {
      const response = await api.get(`/api/${list}?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, `${list} ${q} → ${response.body}`).toBe(200);
    }
  });

  it.each([
    ['"hot water', 'unclosed quote'],
    ['(smith', 'unclosed parenthesis'],
    ['smith)', '")" without "("'],
    ['smith AND', 'AND needs a term after it'],
    ['OR smith', 'OR needs a term before it'],
    ['NOT', 'NOT needs a term after it'],
    ['name:', 'name: needs a value'],
    ['colour:red', 'unknown field "colour"'],
  ])('%j is a syntax error: 400 on q', async (q, reason) => {
    const response = await api.get(`/api/customers?q=${encodeURIComponent(q)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([{ field: 'q', message: expect.stringContaining(reason) }]);
  });
});

/** The words PostgreSQL keeps for a text: the domain's, and an apostrophe's word apart as well. */
const keptWords = (text: string) => {
  const joined = ` ${searchWords(text).join(' ')} `;
  const apart = text.replace(/(?<=\p{L}\p{M}*)['’‘‛ʼʻʹ`´′＇՚׳]+(?=\p{L})/gu, ' ');
  return apart === text ? joined : ` ${searchWords(apart).join(' ')} ${joined}`;
};
const blank = (words: string) => (words.trim() === '' ? ' ' : words);

describe('the words PostgreSQL keeps', () => {
  it('are the domain’s words of the text', async () => {
    const texts = [
      "O'Brien & Sons Plumbing",
      'D’Angelo',
      'Café Ærø Straße Œuvre Ødegaard Łódź Þór',
      'PL-CU-15 15mm 2x4 R32',
      'Wil\u00ADson Smith\u200B',
      'ΟΔΟΣ Йосиф Ёлкин',
      'مُحَمَّد שָׁלוֹם ٠٤٩١',
      'Nguyễn Thị Minh Khai',
      '東京都渋谷区 ジョン・スミス 김민수',
      'Acme™ ﬁsh ① ½',
      '(02) 5550 0101 +61 412 345 678',
      'john.smith@example.com 1/2" BSP 100% guaranteed!',
      'İstanbul ıstakoz Ŧest ħotel',
      'emoji 🚿 pipe 👍🏽 — tabs\tand\nlines',
      "Jones' hardware 'til 5'6",
      '',
    ];
    for (const text of texts) {
      const [row] = await rowsOf(sql`select search_words(${text}) as words`);
      expect(blank(String(row?.words)), text).toBe(blank(keptWords(text)));
    }
  });

  it('stay exact under creates, saves and deletes sent at once', async () => {
    const tenant = await createTenantWithUser(t);
    const client = apiAs(t, tenant.token);
    const names = Array.from({ length: 24 }, (_, i) => `Kāinga ${i} O'Hara & Co-op ${i % 5}mm`);
    const made = await Promise.all(
      names.map(async (name) => {
        const response = await client.post('/api/customers', { name });
        expect(response.statusCode).toBe(201);
        return response.json() as { id: string; updated: string; name: string };
      }),
    );
    await Promise.all([
      ...made.slice(0, 12).map(async (customer, i) => {
        const response = await client.put(`/api/customers/${customer.id}`, {
          id: customer.id,
          updated: customer.updated,
          name: `Renamed Ōtautahi ${i}`,
          billingEmail: `office.${i}@kainga-co.example`,
        });
        expect(response.statusCode, response.body).toBe(200);
      }),
      ...made.slice(18).map(async (customer) => {
        expect((await client.delete(`/api/customers/${customer.id}`)).statusCode).toBe(204);
      }),
    ]);
    const rows = await rowsOf(sql`select name, name_words, billing_email, billing_email_words from customers
      where tenant_id = ${tenant.tenant.tenantId}`);
    expect(rows).toHaveLength(18);
    for (const row of rows) {
      expect(row.name_words, String(row.name)).toBe(keptWords(String(row.name)));
      if (row.billing_email !== null)
        expect(row.billing_email_words).toBe(keptWords(String(row.billing_email)));
    }
    expect(await found('customers', 'otautahi')).toEqual([]);
    const renamed = await client.get('/api/customers?q=otautahi&s=50');
    expect(renamed.json()).toHaveLength(12);
    expect(renamed.headers['total-count']).toBe('12');
  });
});
