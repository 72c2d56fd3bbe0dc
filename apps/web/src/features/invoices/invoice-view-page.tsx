import { calendarDateIn, type Invoice, type InvoiceEmailKind, isOverdue } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { LineItems } from '../../components/line-items';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction, type RecordAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { displayDate } from '../../lib/date-display';
import { displayMoney } from '../../lib/money-display';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { useDeleteInvoice } from './api/delete-invoice';
import { invoiceQueryOptions } from './api/get-invoice';
import { useInvoicePdf } from './api/get-invoice-pdf';
import { EmailInvoiceDialog } from './email-invoice-dialog';
import { invoiceLineColumns } from './invoice-columns';
import { InvoiceEmails } from './invoice-emails';
import { InvoicePayments } from './invoice-payments';
import { InvoiceStatusLabel } from './invoice-status';

/** Home › Sales › Invoices › the invoice. */
const invoiceCrumbs = (title: string): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Sales', to: paths.sales.root },
  { label: 'Invoices', to: paths.sales.invoicesSearch },
  { label: title },
];

/**
 * sales/invoices/{id}: the invoice, its lines with their tax rates, its totals and what is paid and due, its
 * payments and its emails. The loader fetches them afresh.
 */
export function InvoiceViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={invoiceCrumbs('Invoice')} />
      <PageHeading>Invoice</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(invoiceQueryOptions(id))} header={loading}>
      {(invoice) => <InvoiceViewer invoice={invoice} />}
    </QueryBoundary>
  );
}

function InvoiceViewer({ invoice }: { invoice: Invoice }) {
  const navigate = useNavigate();
  const deletion = useDeleteInvoice(invoice.id);
  const pdf = useInvoicePdf(invoice);
  // Which email the dialog is open for, if any.
  const [emailing, setEmailing] = useState<InvoiceEmailKind | null>(null);
  // A reminder is for an overdue invoice only: past its due date today, in the organisation's zone.
  const overdue = isOverdue(invoice, calendarDateIn(useTimeZone()));
  const title = `Invoice ${invoice.number}`;
  const download: RecordAction = {
    label: 'PDF',
    busy: pdf.isPending,
    onClick: () => pdf.mutate('PDF'),
  };
  return (
    <RecordViewer
      title={invoice.reference ? `${title}: ${invoice.reference}` : title}
      breadcrumbs={invoiceCrumbs(title)}
      buttons={[
        editAction(paths.sales.editInvoice.href(invoice.id)),
        download,
        { label: 'Email', onClick: () => setEmailing('INVOICE') },
        ...(overdue ? [{ label: 'Send reminder', onClick: () => setEmailing('REMINDER') }] : []),
      ]}
      menu={[
        // Only a draft goes; any other invoice stays, with the server's message (an issued tax invoice is kept).
        deleteAction({
          question: `Delete invoice ${invoice.number}?`,
          label: 'Delete invoice',
          deletion,
          onDeleted: () => void navigate(paths.sales.invoicesSearch),
        }),
      ]}
      actionError={pdf.error ?? deletion.error}
    >
      <RecordDetails
        rows={[
          { label: 'Number', value: invoice.number },
          { label: 'Reference', value: invoice.reference },
          {
            label: 'Customer',
            value: (
              <Anchor component={Link} to={paths.customers.view.href(invoice.customer.id)}>
                {invoice.customer.name}
              </Anchor>
            ),
          },
          {
            label: 'Job',
            optional: true,
            value: invoice.job && (
              <Anchor component={Link} to={paths.jobs.view.href(invoice.job.id)}>
                Job {invoice.job.number}
              </Anchor>
            ),
          },
          { label: 'Status', value: <InvoiceStatusLabel invoice={invoice} /> },
          { label: 'Date', value: displayDate(invoice.date) },
          { label: 'Due date', value: displayDate(invoice.due) },
          {
            label: 'Amounts',
            value: invoice.amountsEnteredIncludeTax ? 'Amounts include tax' : 'Amounts exclude tax',
          },
        ]}
      />
      <LineItems
        lines={invoice.lineItems}
        columns={invoiceLineColumns}
        totals={invoice}
        balance={[
          { label: 'Amount paid', value: displayMoney(invoice.amountPaid) },
          { label: 'Amount due', value: displayMoney(invoice.amountDue) },
        ]}
      />
      <InvoicePayments invoice={invoice} />
      <InvoiceEmails invoiceId={invoice.id} />
      <EmailInvoiceDialog
        invoice={invoice}
        kind={emailing ?? 'INVOICE'}
        opened={emailing !== null}
        onClose={() => setEmailing(null)}
      />
    </RecordViewer>
  );
}
