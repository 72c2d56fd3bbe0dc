import { AGEING_BUCKET_NAMES, AGEING_BUCKETS, type Customer, formatDollars } from '@fieldbook/domain';
import type { Tx } from '../../platform/db/database.ts';
import { type CustomerOwing, readCustomerOwing } from '../receivables/index.ts';
import type { PartyData, StatementData } from './document-data.ts';
import { showDate } from './document-formats.ts';

const overdueText = (days: number) => (days <= 0 ? null : `${days} ${days === 1 ? 'day' : 'days'} overdue`);

/** The statement's figures exactly as the receivables report gives them for the customer, formatted as shown. */
export function statementData(customer: Customer, { asAt, invoices, aged }: CustomerOwing): StatementData {
  const party: PartyData = {
    name: customer.name,
    address: customer.billingAddress,
    phone: customer.billingPhone,
    email: customer.billingEmail,
  };
  return {
    title: 'Statement',
    asAt: showDate(asAt),
    customer: { ...party, number: String(customer.number) },
    invoices: invoices.map((invoice) => ({
      number: String(invoice.number),
      date: showDate(invoice.date),
      due: showDate(invoice.due),
      total: formatDollars(invoice.total),
      paid: formatDollars(invoice.amountPaid),
      amountDue: formatDollars(invoice.amountDue),
      overdue: invoice.daysOverdue > 0,
      overdueText: overdueText(invoice.daysOverdue),
    })),
    aged: AGEING_BUCKETS.map((bucket) => ({
      label: AGEING_BUCKET_NAMES[bucket],
      amount: formatDollars(aged[bucket]),
    })),
    totalDue: formatDollars(aged.total),
    overdueInvoices: aged.overdueInvoices,
  };
}

/** What the customer owes as at `asAt` (default the organisation's today), and the statement's data of it. */
export async function statementOf(
  tx: Tx,
  tenantId: string,
  customer: Customer,
  asAt?: string,
): Promise<{ owing: CustomerOwing; statement: StatementData }> {
  const owing = await readCustomerOwing(tx, tenantId, customer.id, asAt);
  return { owing, statement: statementData(customer, owing) };
}
