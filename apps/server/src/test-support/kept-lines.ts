import { readFileSync } from 'node:fs';
import { priceText, quantityText, rateText } from '@fieldbook/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { inTenant } from '../platform/db/tenant-scope.ts';

// What a record's kept lines (`jobs.items`, `invoices.line_items`) are checked against: its rows in `job_lines` or
// `invoice_lines`, read as PostgreSQL writes them and then written as the API writes lines.

/** The rows of `execute`'s answer (node-postgres and PGlite both give `rows`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface LineText {
  code: string | null;
  description: string;
  quantity: string | null;
  price: string | null;
  amount: string;
  taxRate?: { id: string; name: string; rate: string } | null;
}

interface RowText extends LineText {
  taxRateId?: string | null;
  taxName?: string | null;
  rateText?: string | null;
}

/** The records with lines: their table, their lines' table and its key to the record, and the kept column. */
const RECORDS = {
  job: { table: sql`jobs`, lines: sql`job_lines`, key: sql`job_id`, kept: sql`items`, tax: sql`` },
  invoice: {
    table: sql`invoices`,
    lines: sql`invoice_lines`,
    key: sql`invoice_id`,
    kept: sql`line_items`,
    tax: sql`, 'taxRateId', l.tax_rate_id, 'taxName', l.tax_name, 'rateText', l.tax_rate::text`,
  },
} satisfies Record<string, Record<string, SQL>>;

type Kind = keyof typeof RECORDS;

/** Every record's lines read from their rows (PostgreSQL's text), written as the API writes them, by id. */
export async function linesFromRows(
  db: Db,
  tenantId: string,
  kind: Kind = 'job',
): Promise<Map<string, LineText[]>> {
  const { table, lines, key, tax } = RECORDS[kind];
  const rows = await inTenant(db, tenantId, (tx) =>
    tx.execute(sql`
      select r.id, coalesce(json_agg(json_build_object('code', l.code, 'description', l.description,
          'quantity', l.quantity::text, 'price', l.price::text, 'amount', l.amount::text ${tax}) order by l.position)
        filter (where l.${key} is not null), '[]') as lines
      from ${table} r left join ${lines} l on l.tenant_id = r.tenant_id and l.${key} = r.id
      where r.tenant_id = ${tenantId} group by r.id`),
  );
  return new Map(
    rowsOf<{ id: string; lines: RowText[] }>(rows).map((row) => [
      row.id,
      row.lines.map(({ taxRateId, taxName, rateText: rate, ...line }) => ({
        ...line,
        quantity: line.quantity === null ? null : quantityText(line.quantity),
        price: line.price === null ? null : priceText(line.price),
        ...(kind === 'invoice'
          ? {
              taxRate:
                taxRateId && taxName && rate ? { id: taxRateId, name: taxName, rate: rateText(rate) } : null,
            }
          : {}),
      })),
    ]),
  );
}

/** Every record's kept lines, by id. */
export async function keptLinesOf(
  db: Db,
  tenantId: string,
  kind: Kind = 'job',
): Promise<Map<string, unknown>> {
  const { table, kept } = RECORDS[kind];
  const rows = await inTenant(db, tenantId, (tx) =>
    tx.execute(sql`select id, ${kept} as kept from ${table} where tenant_id = ${tenantId}`),
  );
  return new Map(rowsOf<{ id: string; kept: unknown }>(rows).map((row) => [row.id, row.kept]));
}

/**
 * Each record's kept lines as a migration reads them from the rows (the `FROM (…) AS kept` of its UPDATE, run as
 * it is in the file), by id: what it wrote for the records that were there before it.
 */
export async function migrationReading(db: Db, migration: string): Promise<Map<string, unknown>> {
  const text = readFileSync(new URL(`../../drizzle/${migration}`, import.meta.url), 'utf8');
  const reading = /FROM \(\n([\s\S]*?)\n {2}\) AS kept/.exec(text)?.[1];
  if (!reading) throw new Error(`No reading of the rows in ${migration}`);
  const rows = rowsOf<{ job_id?: string; invoice_id?: string; items: unknown }>(
    await db.execute(sql.raw(reading)),
  );
  return new Map(rows.map((row) => [row.job_id ?? row.invoice_id ?? '', row.items]));
}
