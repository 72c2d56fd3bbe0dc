import { amountDue, type Invoice, type InvoiceStatus, invoiceTotals } from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { apiTime } from '../../platform/db/timestamps.ts';
import { visibleCustomers } from '../customers/index.ts';
import { jobs } from '../jobs/index.ts';
import { visibleInvoices as visible } from './invoice-tables.ts';

// How an invoice is read back: its row (with its kept lines, `invoices.line_items`), its customer's name and its
// job's number, in one statement.

/** The number of the job the invoice was made from (null for none). */
const jobNumberOf = sql<number | null>`(
  select ${jobs.number} from ${jobs} where ${jobs.tenantId} = ${visible.tenantId} and ${jobs.id} = ${visible.jobId})`;

/** Invoices with their customer's name and their lines, in one statement. */
export function selectInvoices(tx: Db) {
  return tx
    .select({
      id: visible.id,
      number: visible.number,
      reference: visible.reference,
      customerId: visible.customerId,
      customerName: visibleCustomers.name,
      jobId: visible.jobId,
      jobNumber: jobNumberOf,
      status: visible.status,
      date: visible.date,
      due: visible.due,
      amountsIncludeTax: visible.amountsIncludeTax,
      lineItems: visible.lineItems,
      amountPaid: visible.amountPaid,
      created: apiTime(visible.created),
      updated: apiTime(visible.updated),
    })
    .from(visible)
    .innerJoin(
      visibleCustomers,
      and(eq(visibleCustomers.tenantId, visible.tenantId), eq(visibleCustomers.id, visible.customerId)),
    );
}

export type InvoiceRow = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];

/** An invoice as the API returns it, its totals computed from its lines by the domain's one function. */
export function toInvoice(row: InvoiceRow): Invoice {
  const { lineItems } = row;
  const totals = invoiceTotals(
    lineItems.map((line) => ({ amount: line.amount, rate: line.taxRate?.rate ?? null })),
    row.amountsIncludeTax,
  );
  return {
    id: row.id,
    number: row.number,
    reference: row.reference,
    status: row.status as InvoiceStatus,
    customer: { id: row.customerId, name: row.customerName },
    job: row.jobId === null || row.jobNumber === null ? null : { id: row.jobId, number: row.jobNumber },
    date: row.date,
    due: row.due,
    lineItems,
    amountsEnteredIncludeTax: row.amountsIncludeTax,
    ...totals,
    amountPaid: row.amountPaid,
    amountDue: amountDue(totals.total, row.amountPaid),
    created: row.created,
    updated: row.updated,
  };
}
