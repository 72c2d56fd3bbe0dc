import { type AgedAmounts, calendarDateIn, type Receivables } from '@fieldbook/domain';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import { customers } from '../customers/index.ts';
import { invoicePayments, invoices } from '../invoices/index.ts';
import { organisationDetails } from '../organisation/index.ts';

// Aged receivables (docs/invoices.md, "Receivables"): the amounts due on a day on invoices issued by then, by customer, in
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

/**
 * The invoices owed on `day` (of one customer when given), each with what was due on it then: what is due now
 * plus the payments dated after the day, which had not been received on it. A Sent invoice owing now is read from
 * `invoices_owing_idx`; one paid since (Sent or Paid, a payment dated after the day) from the payments' date index.
 * A Draft or a Cancelled invoice is not owed, nor one dated after the day. One CTE (`owing`) with the CTE it reads
 * (`later`): the statement names both.
 */
function owingOn(tx: Tx, tenantId: string, day: string, customerId?: string) {
  const later = tx.$with('later').as(
    tx
      .select({
        invoiceId: sql<string>`${invoicePayments.invoiceId}`.as('later_invoice_id'),
        amount: sql<string>`sum(${invoicePayments.amount})`.as('later_amount'),
      })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.tenantId, tenantId), sql`${invoicePayments.date} > ${day}::date`))
      .groupBy(invoicePayments.invoiceId),
  );
  const theirs = customerId ? eq(invoices.customerId, customerId) : undefined;
  const laterAmount = sql<string>`coalesce(${later.amount}, 0)`;
  const columns = (owed: SQL<string>) => ({
    id: sql<string>`${invoices.id}`.as('owing_id'),
    customerId: sql<string>`${invoices.customerId}`.as('owing_customer_id'),
    number: sql<number>`${invoices.number}`.as('owing_number'),
    date: sql<string>`${invoices.date}`.as('owing_date'),
    due: sql<string>`${invoices.due}`.as('owing_due'),
    total: sql<string>`${invoices.total}`.as('owing_total'),
    amountPaid: sql<string>`${invoices.amountPaid} - ${laterAmount}`.as('owing_paid'),
    owed: owed.as('owing_owed'),
  });
  const owingNow = tx
    .select(columns(sql<string>`${invoices.total} - ${invoices.amountPaid} + ${laterAmount}`))
    .from(invoices)
    .leftJoin(later, eq(later.invoiceId, invoices.id))
    .where(
      and(
        eq(invoices.tenantId, tenantId),
        eq(invoices.status, 'OPEN_SENT'),
        sql`${invoices.total} > ${invoices.amountPaid}`,
        sql`${invoices.date} <= ${day}::date`,
        theirs,
      ),
    );
  const paidSince = tx
    .select(columns(sql<string>`${later.amount}`))
    .from(later)
    .innerJoin(invoices, and(eq(invoices.tenantId, tenantId), eq(invoices.id, later.invoiceId)))
    .where(
      and(
        sql`${invoices.date} <= ${day}::date`,
        sql`(${invoices.status} = 'CLOSED_PAID' or (${invoices.status} = 'OPEN_SENT' and ${invoices.total} <= ${invoices.amountPaid}))`,
        theirs,
      ),
    );
  return { later, owing: tx.$with('owing').as(owingNow.unionAll(paidSince)) };
}

type Owing = ReturnType<typeof owingOn>['owing'];

/** How many days past its due date an owed invoice is on `day` (0 or less: not yet past due). */
const daysLate = (owing: Owing, day: string) => sql<number>`(${day}::date - ${owing.due})`;

/** The report's columns as sums over the invoices owed on `day`, aged as at it. */
function agedColumns(owing: Owing, day: string) {
  const late = daysLate(owing, day);
  const inColumn = (condition: ReturnType<typeof sql>) =>
    sql<string | null>`sum(${owing.owed}) filter (where ${condition})`;
  return {
    current: inColumn(sql`${late} <= 0`),
    days1To30: inColumn(sql`${late} between 1 and 30`),
    days31To60: inColumn(sql`${late} between 31 and 60`),
    days61To90: inColumn(sql`${late} between 61 and 90`),
    days90Plus: inColumn(sql`${late} > 90`),
    total: sql<string | null>`sum(${owing.owed})`,
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
 * What each customer owes as at `asAt` (default today in the organisation's zone): every invoice owed on the day
 * (`owingOn`: its total less the payments dated by then), in the column of how many days its due date is before
 * the day. Customers who owe most first (then by name), those of `page` (all without one); `customerCount` and the
 * grand total row are of every customer who owes, whatever the page. One statement.
 */
export async function readReceivables(
  tx: Tx,
  tenantId: string,
  { asAt, page }: { asAt?: string | undefined; page?: ReceivablesPage | undefined } = {},
): Promise<Receivables> {
  const day = asAt ?? (await todayOf(tx, tenantId));
  const { later, owing } = owingOn(tx, tenantId, day);
  const columns = agedColumns(owing, day);
  // Added up per customer from the invoices owed on the day. The subqueries' columns are named apart from any
  // table's, as a subquery's column is written unqualified.
  const owed = tx.$with('owed').as(
    tx
      .select({
        customerId: sql<string>`${owing.customerId}`.as('owed_customer_id'),
        current: columns.current.as('owed_current'),
        days1To30: columns.days1To30.as('owed_days1_to_30'),
        days31To60: columns.days31To60.as('owed_days31_to_60'),
        days61To90: columns.days61To90.as('owed_days61_to_90'),
        days90Plus: columns.days90Plus.as('owed_days90_plus'),
        total: columns.total.as('owed_total'),
        invoices: columns.invoices.as('owed_invoices'),
        overdueInvoices: columns.overdueInvoices.as('owed_overdue_invoices'),
      })
      .from(owing)
      .groupBy(owing.customerId),
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
    .with(later, owing, owed, totals, paged)
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
  const owingCustomers = rows.flatMap((row) =>
    row.customerId && row.name !== null
      ? [{ customer: { id: row.customerId, name: row.name }, ...agedOf(row.owing ?? {}) }]
      : [],
  );
  const [first] = rows;
  return {
    asAt: day,
    customers: owingCustomers,
    customerCount: first?.customerCount ?? 0,
    totals: agedOf(first?.totals ?? {}),
  };
}

/** An invoice a customer owed on a day, as a statement lists it: `amountPaid` what had been paid by then. */
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
  const { later, owing } = owingOn(tx, tenantId, day, customerId);
  const rows = await tx
    .with(later, owing)
    .select({
      id: owing.id,
      number: owing.number,
      date: owing.date,
      due: owing.due,
      total: owing.total,
      amountPaid: owing.amountPaid,
      amountDue: owing.owed,
      daysOverdue: daysLate(owing, day),
    })
    .from(owing)
    .orderBy(asc(owing.date), asc(owing.number));
  const [aged = {}] = await tx.with(later, owing).select(agedColumns(owing, day)).from(owing);
  return {
    asAt: day,
    invoices: rows.map((row) => ({ ...row, daysOverdue: Number(row.daysOverdue) })),
    aged: agedOf(aged),
  };
}
