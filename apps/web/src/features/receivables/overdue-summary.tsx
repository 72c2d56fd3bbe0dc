import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { RelatedRecords } from '../../components/related-records';
import { paths } from '../../lib/paths';
import { receivablesQueryOptions } from './api/get-receivables';
import { OverdueLoading } from './overdue-loading';

// Money's arithmetic and display bring decimal.js and zod, which Home otherwise does without: the figure loads
// beside the report, not in Home's download.
const OverdueFigure = lazy(async () => ({ default: (await import('./overdue-figure')).OverdueFigure }));

/** Home's word on money owed (Owners and Office): what is overdue today, and the way to the aged receivables. */
export function OverdueSummary() {
  const report = useQuery(receivablesQueryOptions());
  return (
    <RelatedRecords title="Receivables" action={{ label: 'Aged receivables', to: paths.reports.receivables }}>
      <Suspense fallback={<OverdueLoading />}>
        <OverdueFigure report={report} />
      </Suspense>
    </RelatedRecords>
  );
}
