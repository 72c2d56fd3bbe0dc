import { Title } from '@mantine/core';
import { displayMoney } from '../lib/money-display';
import { type Column, RecordTable } from './list/record-table';
import { type DetailRow, RecordDetails } from './record-details';

/**
 * A record's line items and its Subtotal, Tax and Total, as the job and invoice viewers show them; `balance` rows
 * follow the Total (an invoice's amount paid and amount due).
 */
export function LineItems<Line>({
  lines,
  columns,
  totals,
  balance = [],
}: {
  lines: readonly Line[];
  columns: Column<Line>[];
  totals: { subtotal: string; tax: string; total: string };
  balance?: readonly DetailRow[];
}) {
  return (
    <>
      <Title order={2} size="h3" mb="sm">
        Line items
      </Title>
      <RecordTable
        label="Line items"
        columns={columns}
        rows={lines}
        rowKey={(line) => `${lines.indexOf(line)}`}
        emptyText="No line items."
      />
      <RecordDetails
        rows={[
          { label: 'Subtotal', value: displayMoney(totals.subtotal) },
          { label: 'Tax', value: displayMoney(totals.tax) },
          { label: 'Total', value: displayMoney(totals.total) },
          ...balance,
        ]}
      />
    </>
  );
}
