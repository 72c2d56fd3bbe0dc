import { AGEING_BUCKETS, type AgedAmounts, type Receivables, sumOfAmounts } from '@fieldbook/domain';
import { Anchor, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { TAP_TARGET } from '../../components/tap-targets';
import { countOf } from '../../lib/list-count';
import { displayMoney } from '../../lib/money-display';
import { paths, withQuery } from '../../lib/paths';
import { OverdueLoading } from './overdue-loading';

const PAST_DUE = AGEING_BUCKETS.filter((bucket) => bucket !== 'current');

/** What is past due: the past-due columns added up (the total less what is not yet due), to the cent. */
export const overdueAmount = (amounts: AgedAmounts): string =>
  sumOfAmounts(PAST_DUE.map((bucket) => amounts[bucket]));

/** 'Overdue: $1,234.50 across 3 invoices', a link to those invoices; or 'Nothing overdue'. */
export function OverdueFigure({ report }: { report: UseQueryResult<Receivables> }) {
  if (report.isPending) return <OverdueLoading />;
  if (report.isError) return <LoadErrorAlert error={report.error} onRetry={report.refetch} />;
  const { totals } = report.data;
  if (totals.overdueInvoices === 0) {
    return (
      <Text fw={600} mih={44} style={{ display: 'flex', alignItems: 'center' }}>
        Nothing overdue
      </Text>
    );
  }
  const invoices = countOf({ total: totals.overdueInvoices, atLeast: false }, ['invoice', 'invoices']);
  return (
    <Anchor
      component={Link}
      to={withQuery(paths.sales.invoicesSearch, { q: 'overdue:true' })}
      fw={600}
      size="lg"
      className={TAP_TARGET}
    >
      {`Overdue: ${displayMoney(overdueAmount(totals))} across ${invoices}`}
    </Anchor>
  );
}
