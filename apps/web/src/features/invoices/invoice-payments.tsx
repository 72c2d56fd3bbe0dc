import { type Invoice, PAYMENT_METHOD_NAMES, type Payment } from '@fieldbook/domain';
import { Box, Button, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { type Column, RecordTable } from '../../components/list/record-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useNotify } from '../../components/notices';
import { SectionLoader } from '../../components/section-loader';
import { displayDate } from '../../lib/date-display';
import { displayMoney } from '../../lib/money-display';
import { useDeletePayment } from './api/delete-payment';
import { invoicePaymentsQueryOptions } from './api/get-invoice-payments';
import { DeletePaymentDialog, paymentName } from './delete-payment-dialog';
import { PaymentDialog } from './payment-dialog';

type PaidInvoice = Pick<Invoice, 'id' | 'number' | 'status' | 'amountDue'>;

/** Why an invoice that is not Sent takes no new payment. */
const noPaymentBecause: Partial<Record<Invoice['status'], string>> = {
  OPEN_DRAFT: 'This invoice is a draft: send it before recording a payment.',
  CLOSED_PAID: 'This invoice is paid.',
  CLOSED_CANCELLED: 'This invoice is cancelled, so it takes no payments.',
};

/**
 * The invoice viewer's 'Payments': Record payment while the invoice is Sent (why not, otherwise), then each payment
 * by date with Edit and Delete (after a question naming it). Each save says so; a failure says the payment is as
 * it was.
 */
export function InvoicePayments({ invoice }: { invoice: PaidInvoice }) {
  const headingId = useId();
  // The viewer's route loader starts this query with the invoice's.
  const payments = useQuery(invoicePaymentsQueryOptions(invoice.id));
  const [editing, setEditing] = useState<Payment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Payment | null>(null);
  const deletion = useDeletePayment(invoice.id);
  const notify = useNotify();
  const remove = (payment: Payment) => {
    setDeleting(null);
    deletion.mutate(payment.id, {
      onSuccess: () => notify(`P${paymentName(payment).slice(1)} deleted.`),
    });
  };
  const columns: Column<Payment>[] = [
    { header: 'Date', cell: (payment) => displayDate(payment.date) },
    { header: 'Method', cell: (payment) => PAYMENT_METHOD_NAMES[payment.method] },
    { header: 'Reference', cell: (payment) => payment.reference },
    { header: 'Amount', cell: (payment) => displayMoney(payment.amount), align: 'right' },
    { header: 'Note', cell: (payment) => <Text style={{ whiteSpace: 'pre-wrap' }}>{payment.note}</Text> },
    { header: 'Recorded by', cell: (payment) => payment.recordedBy.name },
    {
      header: 'Actions',
      cell: (payment) => (
        <Group gap="xs" wrap="nowrap">
          <Button variant="subtle" size="compact-sm" onClick={() => setEditing(payment)}>
            Edit <VisuallyHidden>{paymentName(payment)}</VisuallyHidden>
          </Button>
          <Button
            variant="subtle"
            // Not `color` alone: red 6 on white is under 4.5:1.
            color="red"
            c="red.9"
            size="compact-sm"
            loading={deletion.isPending && deletion.variables === payment.id}
            onClick={() => setDeleting(payment)}
          >
            Delete <VisuallyHidden>{paymentName(payment)}</VisuallyHidden>
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Box component="section" aria-labelledby={headingId} mb="xl">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id={headingId}>
          Payments
        </Title>
        {invoice.status === 'OPEN_SENT' && <Button onClick={() => setEditing('new')}>Record payment</Button>}
      </Group>
      {noPaymentBecause[invoice.status] && <Text mb="sm">{noPaymentBecause[invoice.status]}</Text>}
      {deletion.isError && (
        <ApiErrorAlert
          title="Payment not deleted"
          error={deletion.error}
          items={['The payment is as it was.']}
        />
      )}
      {payments.isPending ? (
        <SectionLoader />
      ) : payments.isError ? (
        <LoadErrorAlert error={payments.error} onRetry={payments.refetch} />
      ) : (
        <RecordTable
          label="Payments"
          columns={columns}
          rows={payments.data}
          rowKey={(payment) => payment.id}
          emptyText="No payments yet."
        />
      )}
      <PaymentDialog invoice={invoice} editing={editing} onClose={() => setEditing(null)} />
      <DeletePaymentDialog payment={deleting} onCancel={() => setDeleting(null)} onDelete={remove} />
    </Box>
  );
}
