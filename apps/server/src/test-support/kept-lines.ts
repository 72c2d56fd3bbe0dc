import { priceText, quantityText } from '@fieldbook/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { inTenant } from '../db/tenant-scope.ts';

// What a job's kept lines (`jobs.items`) are checked against: its rows in `job_lines`, as the API writes lines.

/** The rows of `execute`'s answer (node-postgres and PGlite both give `rows`). */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface LineText {
  code: string | null;
  description: string;
  quantity: string | null;
  price: string | null;
  amount: string;
}

/** Every job's lines read from their rows (PostgreSQL's text), written as the API writes them, by job id. */
export async function linesFromRows(db: Db, tenantId: string): Promise<Map<string, LineText[]>> {
  const rows = await inTenant(db, tenantId, (tx) =>
    tx.execute(sql`
      select j.id as job_id, coalesce(json_agg(json_build_object('code', l.code, 'description', l.description,
          'quantity', l.quantity::text, 'price', l.price::text, 'amount', l.amount::text) order by l.position)
        filter (where l.job_id is not null), '[]') as lines
      from jobs j left join job_lines l on l.tenant_id = j.tenant_id and l.job_id = j.id
      where j.tenant_id = ${tenantId} group by j.id`),
  );
  return new Map(
    rowsOf<{ job_id: string; lines: LineText[] }>(rows).map((row) => [
      row.job_id,
      row.lines.map((line) => ({
        ...line,
        quantity: line.quantity === null ? null : quantityText(line.quantity),
        price: line.price === null ? null : priceText(line.price),
      })),
    ]),
  );
}

/** Every job's kept lines, by job id. */
export async function keptLinesOf(db: Db, tenantId: string): Promise<Map<string, unknown>> {
  const rows = await inTenant(db, tenantId, (tx) =>
    tx.execute(sql`select id, items from jobs where tenant_id = ${tenantId}`),
  );
  return new Map(rowsOf<{ id: string; items: unknown }>(rows).map((row) => [row.id, row.items]));
}
