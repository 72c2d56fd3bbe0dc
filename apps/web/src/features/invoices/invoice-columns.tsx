import type { Invoice, InvoiceLine } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../components/list/record-table';
import { displayDate } from '../../lib/date-display';
import { displayMoney, displayPrice } from '../../lib/money-display';
import { paths } from '../../lib/paths';
import { InvoiceStatusLabel } from './invoice-status';

const numberColumn: Column<Invoice> = {
  header: 'Invoice',
  names: true,
  cell: (invoice) => (
    <Anchor component={Link} to={paths.sales.invoice.href(invoice.id)}>
      {invoice.number}
    </Anchor>
  ),
};
const referenceColumn: Column<Invoice> = { header: 'Reference', cell: (invoice) => invoice.reference };
const statusColumn: Column<Invoice> = {
  header: 'Status',
  cell: (invoice) => <InvoiceStatusLabel invoice={invoice} />,
};
const dateColumn: Column<Invoice> = { header: 'Date', cell: (invoice) => displayDate(invoice.date) };
const amountColumn: Column<Invoice> = {
  header: 'Amount',
  cell: (invoice) => displayMoney(invoice.total),
  align: 'right',
};
/** What is still owed: the total less the payments, as the server reckons it. */
const amountDueColumn: Column<Invoice> = {
  header: 'Amount due',
  cell: (invoice) => displayMoney(invoice.amountDue),
  align: 'right',
};

/** The columns of the invoices list (spec section 2). */
export const invoiceColumns: Column<Invoice>[] = [
  numberColumn,
  referenceColumn,
  { header: 'Customer', cell: (invoice) => invoice.customer.name },
  statusColumn,
  dateColumn,
  { header: 'Due', cell: (invoice) => displayDate(invoice.due) },
  amountColumn,
  amountDueColumn,
];

/** The customer viewer's Invoices table: the customer is the page's. */
export const customerInvoiceColumns: Column<Invoice>[] = [
  numberColumn,
  referenceColumn,
  statusColumn,
  dateColumn,
  amountColumn,
  amountDueColumn,
];

/** An invoice's lines in its viewer (a quote's too: its lines are invoice lines). */
export const invoiceLineColumns: Column<InvoiceLine>[] = [
  { header: 'Description', cell: (line) => line.description },
  // A quantity with 0 to 4 decimals, as it was entered ("2", "1.5", "0.3333").
  { header: 'Quantity', cell: (line) => line.quantity ?? '', align: 'right' },
  { header: 'Price', cell: (line) => (line.price === null ? '' : displayPrice(line.price)), align: 'right' },
  { header: 'Tax rate', cell: (line) => line.taxRate?.name },
  { header: 'Amount', cell: (line) => displayMoney(line.amount), align: 'right' },
];
