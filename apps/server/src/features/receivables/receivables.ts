import { type AgedAmounts, calendarDateIn, type Receivables, sumOfAmounts } from '@fieldbook/domain';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import { customers } from '../customers/index.ts';
import { invoices } from '../invoices/index.ts';
import { organisationDetails } from '../organisation/index.ts';

// Aged receivables (docs/invoices.md, "Receivables"): the amounts still due on Sent invoices, by customer, in
// columns by how many days past their due date they are as at a date, added up in SQL in one statement.

/** The organisation's today, in its time zone: the report's default date. */
async function todayOf(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ timeZone: organisationDetails.timeZone })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  if (!row) throw notFound('organisation');
  return calendarDateIn(row.timeZone);
}

const zero = '0.00';

/** Money and counts as the driver gives them, as the API gives them. */
const agedOf = (row: Record<string, unknown>): AgedAmounts => ({
  current: (row.current as string | null) ?? zero,
  days1To30: (row.days1To30 as string | null) ?? zero,
  days31To60: (row.days31To60 as string | null) ?? zero,
  days61To90: (row.days61To90 as string | null) ?? zero,
  days90Plus: (row.days90Plus as string | null) ?? zero,
  total: (row.total as string | null) ?? zero,
  invoices: Number(row.invoices ?? 0),
  overdueInvoices: Number(row.overdueInvoices ?? 0),
});

/**
 * What each customer owes as at `asAt` (default today in the organisation's zone): every Sent invoice with an amount
 * due (its total less its payments as they are now), in the column of how many days its due date is before the
 * day; a grand total row. Customers who owe most first.
 */
export async function readReceivables(tx: Tx, tenantId: string, asAt?: string): Promise<Receivables> {
  const day = asAt ?? (await todayOf(tx, tenantId));
  const due = sql`(${invoices.total} - ${invoices.amountPaid})`;
  const late = sql`(${day}::date - ${invoices.due})`;
  const inColumn = (condition: ReturnType<typeof sql>) =>
    sql<string | null>`sum(${due}) filter (where ${condition})`;
  // Added up from the owing invoices' index alone (`invoices_owing_idx`), then each customer named by its key.
  const owed = tx
    .select({
      customerId: sql<string>`${invoices.customerId}`.as('customer_id'),
      current: inColumn(sql`${late} <= 0`).as('current'),
      days1To30: inColumn(sql`${late} between 1 and 30`).as('days1To30'),
      days31To60: inColumn(sql`${late} between 31 and 60`).as('days31To60'),
      days61To90: inColumn(sql`${late} between 61 and 90`).as('days61To90'),
      days90Plus: inColumn(sql`${late} > 90`).as('days90Plus'),
      total: sql<string>`sum(${due})`.as('total'),
      invoices: sql<number>`count(*)::int`.as('invoices'),
      overdueInvoices: sql<number>`(count(*) filter (where ${late} > 0))::int`.as('overdueInvoices'),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.status, 'OPEN_SENT'),
        sql`${invoices.total} > ${invoices.amountPaid}`,
      ),
    )
    .groupBy(invoices.customerId)
    .as('owed');
  const rows = await tx
    .select({
      customerId: owed.customerId,
      name: customers.name,
      current: owed.current,
      days1To30: owed.days1To30,
      days31To60: owed.days31To60,
      days61To90: owed.days61To90,
      days90Plus: owed.days90Plus,
      total: owed.total,
      invoices: owed.invoices,
      overdueInvoices: owed.overdueInvoices,
    })
    .from(owed)
    .innerJoin(customers, and(eq(customers.tenantId, tenantId), eq(customers.id, owed.customerId)))
    .orderBy(desc(owed.total), asc(customers.name));
  const owing = rows.map((row) => ({ customer: { id: row.customerId, name: row.name }, ...agedOf(row) }));
  return { asAt: day, customers: owing, totals: totalsOf(owing) };
}

/** The grand total row: each column added up exactly (`sumOfAmounts`). */
function totalsOf(rows: readonly AgedAmounts[]): AgedAmounts {
  const money = (key: Exclude<keyof AgedAmounts, 'invoices' | 'overdueInvoices'>) =>
    sumOfAmounts(rows.map((row) => row[key]));
  return {
    current: money('current'),
    days1To30: money('days1To30'),
    days31To60: money('days31To60'),
    days61To90: money('days61To90'),
    days90Plus: money('days90Plus'),
    total: money('total'),
    invoices: rows.reduce((count, row) => count + row.invoices, 0),
    overdueInvoices: rows.reduce((count, row) => count + row.overdueInvoices, 0),
  };
}
