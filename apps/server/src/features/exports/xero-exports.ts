import {
  exportMessages,
  type InvoiceLine,
  type PaymentMethod,
  XERO_AMOUNTS_NAMES,
  XERO_EXPORT_HEADERS,
  XERO_FILE_LIMITS,
  type XeroAmounts,
  type XeroInvoicesQuery,
  type XeroPaymentsQuery,
  xeroInvoicesFileName,
  xeroPaymentsFileName,
} from '@fieldbook/domain';
import { and, asc, between, eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../platform/db/built-selects.ts';
import { oneOf } from '../../platform/db/columns.ts';
import type { Db } from '../../platform/db/database.ts';
import { fieldInvalid } from '../../platform/http/errors.ts';
import { readAsMember, type TenantCaller } from '../../platform/http/member-scope.ts';
import { customers } from '../customers/index.ts';
import { invoicePayments, invoices } from '../invoices/index.ts';
import { type XeroCustomer, xeroInvoicesCsv, xeroPaymentsCsv, xeroTaxesOtherwise } from './xero-csv.ts';

// The accounting export's reads (docs/exports.md): the organisation's issued invoices or its payments of a range of
// dates, read with the member's scope in one round trip (`readAsMember`: Owners only, by the `exports` area), and
// written as Xero's import files by `xero-csv.ts`.

/** A CSV file to send: its name, its text, and the headers that say what it holds (`XERO_EXPORT_HEADERS`). */
export interface CsvFile {
  name: string;
  text: string;
  headers: Record<string, string>;
}

/** What an invoice is once issued: sent to the customer, or paid. Drafts and cancelled invoices stay out. */
const ISSUED = ['OPEN_SENT', 'CLOSED_PAID'] as const;

/** The tenant's invoices issued and dated in the range (`tenantId`, `from`, `to`: placeholders). */
const issuedInRange = () =>
  and(
    eq(invoices.tenantId, sql.placeholder('tenantId')),
    between(invoices.date, sql.placeholder('from'), sql.placeholder('to')),
    sql`${invoices.status} in ${oneOf(ISSUED)}`,
  );

interface IssuedRow {
  inclusiveCount: number;
  exclusiveCount: number;
  number: number | null;
  reference: string | null;
  date: string | null;
  due: string | null;
  amountsIncludeTax: boolean | null;
  lineItems: InvoiceLine[] | null;
  customerName: string | null;
  customerEmail: string | null;
  customerAddress: string | null;
}

/**
 * The range's issued invoices of one kind of prices (`inclusive`, or null for the kind most have), with their
 * customer's name, billing email and address, by date and number: one statement, so its rows and its counts are of
 * one snapshot. Every row also carries how many issued invoices of each kind the range holds; with none of the kind,
 * one row of the counts alone (its invoice's columns null). At most one invoice more than Xero takes from a file.
 */
const issuedInvoices = builtOnce<IssuedRow>((db) => {
  const counts = db.$with('counts').as(
    db
      .select({
        inclusive: sql<number>`count(*) filter (where ${invoices.amountsIncludeTax})`
          .mapWith(Number)
          .as('inclusive'),
        exclusive: sql<number>`count(*) filter (where not ${invoices.amountsIncludeTax})`
          .mapWith(Number)
          .as('exclusive'),
      })
      .from(invoices)
      .where(issuedInRange()),
  );
  return db
    .with(counts)
    .select({
      inclusiveCount: counts.inclusive,
      exclusiveCount: counts.exclusive,
      number: invoices.number,
      reference: invoices.reference,
      date: invoices.date,
      due: invoices.due,
      amountsIncludeTax: invoices.amountsIncludeTax,
      lineItems: invoices.lineItems,
      customerName: customers.name,
      customerEmail: customers.billingEmail,
      customerAddress: customers.billingAddress,
    })
    .from(counts)
    .leftJoin(
      invoices,
      and(
        issuedInRange(),
        eq(
          invoices.amountsIncludeTax,
          // The kind asked for, or the kind most have (a tie: exclusive, the usual).
          sql`coalesce(${sql.placeholder('inclusive')}::boolean, ${counts.inclusive} > ${counts.exclusive})`,
        ),
      ),
    )
    .leftJoin(
      customers,
      and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId)),
    )
    .orderBy(asc(invoices.date), asc(invoices.number))
    .limit(XERO_FILE_LIMITS.invoices + 1);
}, 'xero_issued_invoices');

interface PaymentRow {
  date: string;
  amount: string;
  method: PaymentMethod;
  reference: string | null;
  invoiceNumber: number;
  customerName: string;
}

/** The tenant's payments dated in the range, with their invoice's number and customer, by date: one statement. */
const paymentsIn = builtOnce<PaymentRow>(
  (db) =>
    db
      .select({
        date: invoicePayments.date,
        amount: invoicePayments.amount,
        method: sql<PaymentMethod>`${invoicePayments.method}`,
        reference: invoicePayments.reference,
        invoiceNumber: invoices.number,
        customerName: customers.name,
      })
      .from(invoicePayments)
      .innerJoin(
        invoices,
        and(eq(invoices.tenantId, invoicePayments.tenantId), eq(invoices.id, invoicePayments.invoiceId)),
      )
      .innerJoin(
        customers,
        and(eq(customers.tenantId, invoices.tenantId), eq(customers.id, invoices.customerId)),
      )
      .where(
        and(
          eq(invoicePayments.tenantId, sql.placeholder('tenantId')),
          between(invoicePayments.date, sql.placeholder('from'), sql.placeholder('to')),
        ),
      )
      .orderBy(
        asc(invoicePayments.date),
        asc(invoices.number),
        asc(invoicePayments.created),
        asc(invoicePayments.id),
      )
      .limit(XERO_FILE_LIMITS.payments + 1),
  'xero_payments',
);

/**
 * The range's issued invoices (Sent and Paid, by their date) as Xero's sales invoice import: those of one kind of
 * prices, as Xero reads a whole file one way. `amounts` chooses the kind; by default the kind most of them have, and
 * `Xero-Other-Count` says how many of the other kind are left for the other file, `Xero-Other-Rate-Count` how many of
 * the file's Xero will tax at 10 % where Fieldbook charged another rate. A file of more invoices than Xero imports is
 * refused (400 on `to`).
 */
export async function readXeroInvoices(
  db: Db,
  caller: TenantCaller,
  query: XeroInvoicesQuery,
): Promise<CsvFile> {
  const { from, to, amounts } = query;
  const inclusive = amounts === undefined ? null : amounts === 'inclusive';
  const { results } = await readAsMember(db, caller, [
    issuedInvoices.with({ tenantId: caller.tenantId, from, to, inclusive }),
  ]);
  const rows = (results[0] ?? []) as IssuedRow[];
  const [first] = rows;
  const counts = { inclusive: first?.inclusiveCount ?? 0, exclusive: first?.exclusiveCount ?? 0 };
  const kind: XeroAmounts = amounts ?? (counts.inclusive > counts.exclusive ? 'inclusive' : 'exclusive');
  const count = counts[kind];
  if (count > XERO_FILE_LIMITS.invoices) throw fieldInvalid('to', exportMessages.tooManyInvoices(count));
  const issued = rows.flatMap((row) =>
    row.number === null ? [] : [toXeroInvoice(row as IssuedRow & { number: number })],
  );
  return {
    name: xeroInvoicesFileName(from, to, amounts),
    text: xeroInvoicesCsv(issued),
    headers: {
      [XERO_EXPORT_HEADERS.amountsAre]: XERO_AMOUNTS_NAMES[kind],
      [XERO_EXPORT_HEADERS.count]: String(issued.length),
      [XERO_EXPORT_HEADERS.otherCount]: String(counts[kind === 'inclusive' ? 'exclusive' : 'inclusive']),
      [XERO_EXPORT_HEADERS.otherRateCount]: String(issued.filter(xeroTaxesOtherwise).length),
    },
  };
}

/**
 * The range's payments (by their date) as Xero's bank statement import, a line of money in for each, to match to
 * its invoice. More lines than Xero imports from one statement is refused (400 on `to`).
 */
export async function readXeroPayments(
  db: Db,
  caller: TenantCaller,
  query: XeroPaymentsQuery,
): Promise<CsvFile> {
  const { from, to } = query;
  const { results } = await readAsMember(db, caller, [
    paymentsIn.with({ tenantId: caller.tenantId, from, to }),
  ]);
  const rows = (results[0] ?? []) as PaymentRow[];
  if (rows.length > XERO_FILE_LIMITS.payments) throw fieldInvalid('to', exportMessages.tooManyPayments);
  return {
    name: xeroPaymentsFileName(from, to),
    text: xeroPaymentsCsv(rows),
    headers: { [XERO_EXPORT_HEADERS.count]: String(rows.length) },
  };
}

function toXeroInvoice(row: IssuedRow & { number: number }) {
  return {
    number: row.number,
    reference: row.reference,
    date: row.date as string,
    due: row.due as string,
    customer: {
      name: row.customerName ?? '',
      email: row.customerEmail,
      address: billingAddressOf(row.customerAddress),
    },
    amountsIncludeTax: row.amountsIncludeTax === true,
    lines: row.lineItems ?? [],
  };
}

/** "Parramatta NSW 2150": the suburb or town, the state and the postcode of an Australian address's last line. */
const LOCALITY = /^(.+?)[\s,]+(NSW|VIC|QLD|SA|WA|TAS|NT|ACT)[\s,]+(\d{4})$/i;

/** A country alone on the address's last line ("Australia", "New Zealand"). */
const COUNTRY = /^[\p{L} .'-]+$/u;

/**
 * A customer's billing address (free text, a line each part or one line with commas) as Xero's postal address: the
 * street lines, and the suburb, state and postcode apart when the last line reads "Suburb STATE 2000" (with a
 * country after it, if any). Anything else goes as lines, as typed.
 */
export function billingAddressOf(text: string | null): XeroCustomer['address'] {
  const typed = (text ?? '').split(/\r?\n/).map((line) => line.trim());
  const lines = (typed.filter(Boolean).length === 1 ? typed.join('').split(',') : typed)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  const last = lines.length - 1;
  const country =
    last > 0 && !LOCALITY.test(lines[last] ?? '') && COUNTRY.test(lines[last] ?? '') ? lines[last] : null;
  const localityAt = country === null ? last : last - 1;
  const locality = LOCALITY.exec(lines[localityAt] ?? '');
  // "12 Smith St Parramatta NSW 2150" on one line: no telling the street from the suburb.
  if (!locality || /\d/.test(locality[1] ?? '')) return { lines };
  return {
    lines: lines.slice(0, localityAt),
    city: locality[1]?.trim() ?? null,
    region: locality[2]?.toUpperCase() ?? null,
    postcode: locality[3] ?? null,
    country,
  };
}
