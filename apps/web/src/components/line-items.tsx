import { Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { displayMoney } from '../lib/money-display';
import { type Column, RecordTable } from './list/record-table';
import { type DetailRow, RecordDetails } from './record-details';

/**
 * A record's line items and its Subtotal, Tax and Total, as the job, invoice and quote viewers show them; `balance`
 * rows follow the Total (an invoice's amount paid and amount due). A quote with options shows one of these per
 * option, under the option's name (`title`, which names the table too), and its common lines without totals.
 */
export function LineItems<Line>({
  lines,
  columns,
  totals,
  balance = [],
  title = 'Line items',
  mark,
}: {
  lines: readonly Line[];
  columns: Column<Line>[];
  /** None: the lines only (a quote's lines common to every option). */
  totals?: { subtotal: string; tax: string; total: string };
  balance?: readonly DetailRow[];
  title?: string;
  /** After the heading: the accepted option's badge. */
  mark?: ReactNode;
}) {
  return (
    <>
      <Title order={2} size="h3" mb="sm">
        {title}
        {mark && <> {mark}</>}
      </Title>
      <RecordTable
        label={title}
        columns={columns}
        rows={lines}
        rowKey={(line) => `${lines.indexOf(line)}`}
        emptyText="No line items."
      />
      {totals ? (
        <RecordDetails
          rows={[
            { label: 'Subtotal', value: displayMoney(totals.subtotal) },
            { label: 'Tax', value: displayMoney(totals.tax) },
            { label: 'Total', value: displayMoney(totals.total) },
            ...balance,
          ]}
        />
      ) : (
        // The space the totals' table would leave before the next section.
        <div style={{ marginBottom: 'var(--mantine-spacing-xl)' }} />
      )}
    </>
  );
}
