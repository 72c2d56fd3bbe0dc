import { calendarDateIn, INVOICE_STATUS_NAMES, type Invoice, isOverdue } from '@fieldbook/domain';
import { Badge } from '@mantine/core';
import { useTimeZone } from '../../lib/time-zone';

/**
 * An invoice's status as users read it ('Sent'), then 'Overdue' when its due date has passed with an amount still
 * due: a word on the badge, so it reads without its colour.
 */
export function InvoiceStatusLabel({ invoice }: { invoice: Pick<Invoice, 'status' | 'due' | 'amountDue'> }) {
  // Today in the organisation's time zone, whatever the device's.
  const overdue = isOverdue(invoice, calendarDateIn(useTimeZone()));
  return (
    <>
      {INVOICE_STATUS_NAMES[invoice.status]}
      {overdue && (
        <>
          {' '}
          <Badge color="red.9" size="sm" radius="sm" style={{ verticalAlign: 'middle' }}>
            Overdue
          </Badge>
        </>
      )}
    </>
  );
}
