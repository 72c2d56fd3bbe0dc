import type { TaxRate } from '@fieldbook/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { inTenant } from '../../platform/db/tenant-scope.ts';
import { apiAs } from '../../test-support/api-client.ts';
import type { TenantWithUser } from '../../test-support/factories.ts';
import {
  keptLinesOf,
  type LineText,
  linesFromRows,
  migrationReading,
} from '../../test-support/kept-lines.ts';
import { createCustomers } from '../../test-support/record-factories.ts';
import type { TestApp } from '../../test-support/test-app.ts';
import { withTwoTenants } from '../../test-support/two-tenants.ts';
import { importInvoices } from './invoices.ts';

// An invoice keeps its lines as the API gives them (`invoices.line_items`, docs/server.md "Kept lines"): what an
// invoice reads must be what its rows in `invoice_lines` say, after a create, a save, an import, a change of a
// rate it used, and as migration 0022 wrote them.

let t: TestApp;
let a: TenantWithUser;
let customer: { id: string };
let gst: TaxRate;
let odd: TaxRate;

withTwoTenants((env) => {
  ({ t, a } = env);
});

beforeAll(async () => {
  const api = apiAs(t, a.token);
  const [made] = await createCustomers(t, a.tenant.tenantId, [{ name: "O'Brien & Sons Plumbing" }]);
  if (!made) throw new Error('No customer');
  customer = { id: made.id };
  gst = ((await api.get('/api/tax-rates')).json() as TaxRate[]).find(
    (rate) => rate.name === 'GST',
  ) as TaxRate;
  odd = (await api.post('/api/tax-rates', { name: 'Levy & "duty"', rate: '12.3450' })).json();
});

const invoice = (lineItems: unknown[]) => ({
  customer: { id: customer.id },
  date: '2026-11-23',
  due: '2026-12-07',
  lineItems,
});

/** Lines whose text PostgreSQL and the API write differently, with and without a rate. */
const tricky = () => [
  { code: 'LAB', description: "Labour – O'Brien", quantity: '2.50', price: '95', taxRate: { id: gst.id } },
  { description: 'Copper pipe\n15 mm', quantity: '0.125', price: '33.3333', taxRate: { id: odd.id } },
  { description: 'Call-out fee', amount: '88' },
  { description: 'Bulk', quantity: '150', price: '0.6666667', taxRate: { id: gst.id } },
];

describe('an invoice’s kept lines', () => {
  it('are its rows’ lines after a create, a save, an import and a change of a rate it used', async () => {
    const api = apiAs(t, a.token);
    const created = (await api.post('/api/sales/invoices', invoice(tricky()))).json();
    expect(
      created.lineItems.map((line: LineText) => [
        line.quantity,
        line.price,
        line.taxRate?.rate ?? null,
        line.amount,
      ]),
    ).toEqual([
      ['2.5', '95.00', '10', '237.50'],
      ['0.125', '33.3333', '12.345', '4.17'],
      [null, null, null, '88.00'],
      ['150', '0.6666667', '10', '100.00'],
    ]);
    const saved = await api.put(`/api/sales/invoices/${created.id}`, {
      ...invoice(tricky().slice(1).reverse()),
      id: created.id,
      updated: created.updated,
      status: created.status,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const emptied = (await api.post('/api/sales/invoices', invoice([]))).json();
    expect(emptied.lineItems).toEqual([]);
    await inTenant(t.database.db, a.tenant.tenantId, (tx) =>
      importInvoices(tx, a.tenant.tenantId, [
        {
          ...invoice(tricky()),
          reference: null,
          status: 'OPEN_SENT',
          amountsEnteredIncludeTax: false,
        } as never,
      ]),
    );
    // A rate renamed and changed later: the lines keep the rate as it was, in their rows and kept alike.
    await api.put(`/api/tax-rates/${odd.id}`, { id: odd.id, name: 'Levy', rate: '5' });

    const fromRows = await linesFromRows(t.database.db, a.tenant.tenantId, 'invoice');
    expect(fromRows.size).toBe(3);
    expect(await keptLinesOf(t.database.db, a.tenant.tenantId, 'invoice')).toEqual(fromRows);
    const read = (await api.get(`/api/sales/invoices/${created.id}`)).json();
    expect(read.lineItems).toEqual(fromRows.get(created.id));
    const copper = read.lineItems.find((line: LineText) => line.description.startsWith('Copper'));
    expect(copper.taxRate).toEqual({ id: odd.id, name: 'Levy & "duty"', rate: '12.345' });
  });

  it('are what migration 0022 writes from the rows', async () => {
    // The migration's reading of the rows (drizzle/0022_invoice_kept_lines.sql), over the records written above.
    const migrated = await migrationReading(t.database.db, '0022_invoice_kept_lines.sql');
    expect(migrated.size).toBeGreaterThan(1);
    const kept = await keptLinesOf(t.database.db, a.tenant.tenantId, 'invoice');
    for (const [id, items] of migrated) expect(items).toEqual(kept.get(id));
  });
});
