import {
  AGEING_BUCKET_NAMES,
  AGEING_BUCKETS,
  type AgedAmounts,
  type AgeingBucket,
  isPositive,
} from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../components/list/record-table';
import { displayMoney } from '../../lib/money-display';
import { paths } from '../../lib/paths';
import { invoicesBehindHref } from './invoices-behind';

/** A row of the report: a customer's amounts, or (no customer) the totals. */
export interface ReceivablesRow {
  customer: { id: string; name: string } | null;
  amounts: AgedAmounts;
}

/**
 * A figure of the report, a link to the invoices behind it. The report adds up only amounts due above nothing, so a
 * figure is either positive or nothing; nothing is plain text.
 */
function Figure({ row, asAt, bucket }: { row: ReceivablesRow; asAt: string; bucket?: AgeingBucket }) {
  const amount = bucket ? row.amounts[bucket] : row.amounts.total;
  const money = displayMoney(amount);
  if (!isPositive(amount)) return money;
  const whose = row.customer?.name ?? 'All customers';
  return (
    <Anchor
      component={Link}
      to={invoicesBehindHref({ asAt, customerId: row.customer?.id, bucket })}
      // Its place in words too, for a list of the page's links: "$220.00: O'Brien & Sons, 1–30 days".
      aria-label={`${money}: ${whose}, ${bucket ? AGEING_BUCKET_NAMES[bucket] : 'Total'}`}
      inherit
    >
      {money}
    </Anchor>
  );
}

/** The report's columns as at `asAt`: Customer, the ageing columns, Total; every figure a link to its invoices. */
export function receivablesColumns(asAt: string): Column<ReceivablesRow>[] {
  return [
    {
      header: 'Customer',
      names: true,
      cell: ({ customer }) =>
        customer ? (
          <Anchor component={Link} to={paths.customers.view.href(customer.id)} inherit>
            {customer.name}
          </Anchor>
        ) : (
          'Total'
        ),
    },
    ...AGEING_BUCKETS.map(
      (bucket): Column<ReceivablesRow> => ({
        header: AGEING_BUCKET_NAMES[bucket],
        cell: (row) => <Figure row={row} asAt={asAt} bucket={bucket} />,
        align: 'right',
      }),
    ),
    { header: 'Total', cell: (row) => <Figure row={row} asAt={asAt} />, align: 'right' },
  ];
}
