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
export async function todayOf(tx: Tx, tenantId: string): Promise<string> {
  const [row] = await tx
    .select({ timeZone: organisationDetails.timeZone })
    .from(organisationDetails)
    .where(eq(organisationDetails.tenantId, tenantId));
  if (!row) throw notFound('organisation');
  return calendarDateIn(row.timeZone);
}

const zero = '0.00';

/** What is still due on an invoice: its total less its payments as they are now. */
const dueOf = sql<string>`(${invoices.total} - ${invoices.amountPaid})`;
/** How many days past its due date an invoice is on `day` (0 or less: not yet past due). */
const daysLate = (day: string) => sql<number>`(${day}::date - ${invoices.due})`;

/** The Sent invoices of the organisation with an amount due (those `invoices_owing_idx` holds). */
const owingOf = (tenantId: string) =>
  and(
    eq(invoices.tenantId, tenantId),
    eq(invoices.status, 'OPEN_SENT'),
    sql`${invoices.total} > ${invoices.amountPaid}`,
  );

/** The report's columns as sums over owing invoices, aged as at `day`. */
function agedColumns(day: string) {
  const late = daysLate(day);
  const inColumn = (condition: ReturnType<typeof sql>) =>
    sql<string | null>`sum(${dueOf}) filter (where ${condition})`;
  return {
    current: inColumn(sql`${late} <= 0`),
    days1To30: inColumn(sql`${late} between 1 and 30`),
    days31To60: inColumn(sql`${late} between 31 and 60`),
    days61To90: inColumn(sql`${late} between 61 and 90`),
    days90Plus: inColumn(sql`${late} > 90`),
    total: sql<string | null>`sum(${dueOf})`,
    invoices: sql<number>`count(*)::int`,
    overdueInvoices: sql<number>`(count(*) filter (where ${late} > 0))::int`,
  };
}

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
  const columns = agedColumns(day);
  // Added up from the owing invoices' index alone (`invoices_owing_idx`), then each customer named by its key.
  const owed = tx
    .select({
      customerId: sql<string>`${invoices.customerId}`.as('customer_id'),
      current: columns.current.as('current'),
      days1To30: columns.days1To30.as('days1To30'),
      days31To60: columns.days31To60.as('days31To60'),
      days61To90: columns.days61To90.as('days61To90'),
      days90Plus: columns.days90Plus.as('days90Plus'),
      total: columns.total.as('total'),
      invoices: columns.invoices.as('invoices'),
      overdueInvoices: columns.overdueInvoices.as('overdueInvoices'),
    })
    .from(invoices)
    .where(owingOf(tenantId))
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

/** An invoice a customer still owes on, as a statement lists it. */
export interface OwingInvoice {
  id: string;
  number: number;
  date: string;
  due: string;
  total: string;
  amountPaid: string;
  amountDue: string;
  /** Days past its due date as at the statement's date; 0 or less when not yet past due. */
  daysOverdue: number;
}

/** One customer's line of the report, with the invoices behind it: what a statement shows. */
export interface CustomerOwing {
  asAt: string;
  invoices: OwingInvoice[];
  aged: AgedAmounts;
}

/**
 * What one customer owes as at `asAt` (default today in the organisation's zone), exactly as `readReceivables`
 * adds it up for them (the same columns over the same invoices), with those invoices oldest first.
 */
export async function readCustomerOwing(
  tx: Tx,
  tenantId: string,
  customerId: string,
  asAt?: string,
): Promise<CustomerOwing> {
  const day = asAt ?? (await todayOf(tx, tenantId));
  const theirs = and(owingOf(tenantId), eq(invoices.customerId, customerId));
  const rows = await tx
    .select({
      id: invoices.id,
      number: invoices.number,
      date: invoices.date,
      due: invoices.due,
      total: invoices.total,
      amountPaid: invoices.amountPaid,
      amountDue: dueOf,
      daysOverdue: daysLate(day),
    })
    .from(invoices)
    .where(theirs)
    .orderBy(asc(invoices.date), asc(invoices.number));
  const [aged = {}] = await tx.select(agedColumns(day)).from(invoices).where(theirs);
  return {
    asAt: day,
    invoices: rows.map((row) => ({ ...row, daysOverdue: Number(row.daysOverdue) })),
    aged: agedOf(aged),
  };
}
