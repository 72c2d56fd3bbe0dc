import { type AgedAmounts, calendarDateIn, type Receivables } from '@fieldbook/domain';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
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

/**
 * The Sent invoices of the organisation with an amount due (those `invoices_owing_idx` holds), issued by `day`: an
 * invoice dated later was not owed on that day.
 */
const owingOf = (tenantId: string, day: string) =>
  and(
    eq(invoices.tenantId, tenantId),
    eq(invoices.status, 'OPEN_SENT'),
    sql`${invoices.total} > ${invoices.amountPaid}`,
    sql`${invoices.date} <= ${day}::date`,
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

/** Which customers of the report to read, in its order: `offset` and `limit` as a page's; all when absent. */
export interface ReceivablesPage {
  offset: number;
  limit: number;
}

/** A subquery's columns of the report's amounts, by their names in `AgedAmounts`. */
type AgedFields = {
  [K in keyof AgedAmounts]: SQL.Aliased<K extends 'invoices' | 'overdueInvoices' ? number : string | null>;
};

/** The amounts' columns of a subquery, to select. */
const agedFieldsOf = (from: AgedFields): AgedFields => ({
  current: from.current,
  days1To30: from.days1To30,
  days31To60: from.days31To60,
  days61To90: from.days61To90,
  days90Plus: from.days90Plus,
  total: from.total,
  invoices: from.invoices,
  overdueInvoices: from.overdueInvoices,
});

/**
 * What each customer owes as at `asAt` (default today in the organisation's zone): every Sent invoice dated by then
 * with an amount due (its total less its payments as they are now), in the column of how many days its due date is
 * before the day. Customers who owe most first (then by name), those of `page` (all without one); `customerCount` and the
 * grand total row are of every customer who owes, whatever the page. One statement.
 */
export async function readReceivables(
  tx: Tx,
  tenantId: string,
  { asAt, page }: { asAt?: string | undefined; page?: ReceivablesPage | undefined } = {},
): Promise<Receivables> {
  const day = asAt ?? (await todayOf(tx, tenantId));
  const columns = agedColumns(day);
  // Added up per customer from the owing invoices' index alone (`invoices_owing_idx`). The subqueries' columns are
  // named apart from any table's, as a subquery's column is written unqualified.
  const owed = tx.$with('owed').as(
    tx
      .select({
        customerId: sql<string>`${invoices.customerId}`.as('owed_customer_id'),
        current: columns.current.as('owed_current'),
        days1To30: columns.days1To30.as('owed_days1_to_30'),
        days31To60: columns.days31To60.as('owed_days31_to_60'),
        days61To90: columns.days61To90.as('owed_days61_to_90'),
        days90Plus: columns.days90Plus.as('owed_days90_plus'),
        total: columns.total.as('owed_total'),
        invoices: columns.invoices.as('owed_invoices'),
        overdueInvoices: columns.overdueInvoices.as('owed_overdue_invoices'),
      })
      .from(invoices)
      .where(owingOf(tenantId, day))
      .groupBy(invoices.customerId),
  );
  // Every owing customer's amounts added up, exactly (numeric): one row.
  const money = (column: SQL.Aliased<string | null>, name: string) =>
    sql<string | null>`sum(${column})`.as(name);
  const count = (column: SQL.Aliased<number>, name: string) =>
    sql<number>`coalesce(sum(${column}), 0)::int`.as(name);
  const totals = tx.$with('totals').as(
    tx
      .select({
        customerCount: sql<number>`count(*)::int`.as('all_customers'),
        current: money(owed.current, 'all_current'),
        days1To30: money(owed.days1To30, 'all_days1_to_30'),
        days31To60: money(owed.days31To60, 'all_days31_to_60'),
        days61To90: money(owed.days61To90, 'all_days61_to_90'),
        days90Plus: money(owed.days90Plus, 'all_days90_plus'),
        total: money(owed.total, 'all_total'),
        invoices: count(owed.invoices, 'all_invoices'),
        overdueInvoices: count(owed.overdueInvoices, 'all_overdue_invoices'),
      })
      .from(owed),
  );
  // Each customer named by its key. Its id last: customers of one total and name keep their order from page to page.
  const ordered = tx
    .select({ customerId: owed.customerId, name: customers.name, ...agedFieldsOf(owed) })
    .from(owed)
    .innerJoin(customers, and(eq(customers.tenantId, tenantId), eq(customers.id, owed.customerId)))
    .orderBy(desc(owed.total), asc(customers.name), asc(owed.customerId))
    .$dynamic();
  const paged = tx.$with('paged').as(page ? ordered.limit(page.limit).offset(page.offset) : ordered);
  // The totals' one row beside each customer of the page; alone, the page's columns null, when the page is empty.
  const rows = await tx
    .with(owed, totals, paged)
    .select({
      customerCount: totals.customerCount,
      totals: agedFieldsOf(totals),
      customerId: paged.customerId,
      name: paged.name,
      owing: agedFieldsOf(paged),
    })
    .from(totals)
    .leftJoin(paged, sql`true`)
    .orderBy(desc(paged.total), asc(paged.name), asc(paged.customerId));
  const owing = rows.flatMap((row) =>
    row.customerId && row.name !== null
      ? [{ customer: { id: row.customerId, name: row.name }, ...agedOf(row.owing ?? {}) }]
      : [],
  );
  const [first] = rows;
  return {
    asAt: day,
    customers: owing,
    customerCount: first?.customerCount ?? 0,
    totals: agedOf(first?.totals ?? {}),
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
  const theirs = and(owingOf(tenantId, day), eq(invoices.customerId, customerId));
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
