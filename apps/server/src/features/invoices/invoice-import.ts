import type { InvoiceFields } from '@fieldbook/domain';
import { eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { allocateNumber } from '../../platform/records/tenant-counters.ts';
import { taxRates } from '../tax-rates/index.ts';
import { invoiceLines, invoices } from './invoice-tables.ts';
import { invoiceValues, keptInvoiceLines, lineRows, type RateSnapshot } from './invoices.ts';

const CHUNK = 1000;

/**
 * Inserts many invoices of the tenant at once, numbered in the order given (give them by date), in statements of
 * a thousand rows; each line's amount is `lineAmount`'s and its rate is kept as it is now, as `invoiceCreate`
 * does. For trusted input only (the demo seed, a benchmark): the customer, job and rates are held to the tenant by
 * the foreign keys, but not checked first. Gives the new invoices' ids, in the order given.
 */
export async function importInvoices(
  tx: Tx,
  tenantId: string,
  imports: readonly InvoiceFields[],
): Promise<string[]> {
  if (imports.length === 0) return [];
  const rates: RateSnapshot = new Map(
    (
      await tx
        .select({ id: taxRates.id, name: taxRates.name, rate: taxRates.rate })
        .from(taxRates)
        .where(eq(taxRates.tenantId, tenantId))
    ).map(({ id, ...rate }) => [id, rate]),
  );
  const first = await allocateNumber(tx, tenantId, 'invoice', imports.length);
  const rows = imports.map((fields, index) => {
    const id = uuidv7();
    const lines = lineRows(tenantId, id, fields.lineItems, rates);
    const row = {
      tenantId,
      id,
      number: first + index,
      ...invoiceValues(fields),
      lineItems: keptInvoiceLines(lines),
    };
    return { row, lines };
  });
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await tx.insert(invoices).values(chunk.map(({ row }) => row));
    const lines = chunk.flatMap(({ lines }) => lines);
    if (lines.length > 0) await tx.insert(invoiceLines).values(lines);
  }
  return rows.map(({ row }) => row.id);
}
