import { calendarDateIn, type Receivables } from '@fieldbook/domain';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageBreadcrumbs, pageCrumbs } from '../../components/breadcrumbs';
import { RecordTable } from '../../components/list/record-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageHeading } from '../../components/page-heading';
import { SectionLoader } from '../../components/section-loader';
import { displayDate } from '../../lib/date-display';
import { saveFile } from '../../lib/download-file';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { receivablesQueryOptions } from './api/get-receivables';
import { type ReceivablesRow, receivablesColumns } from './receivables-columns';
import { receivablesCsv, receivablesCsvName } from './receivables-csv';

const TITLE = 'Aged receivables';

/** The CSV as a file; a byte order mark first, so Excel reads it as UTF-8 (the columns' dashes, accented names). */
function downloadCsv(report: Receivables): void {
  saveFile(
    new Blob(['\uFEFF', receivablesCsv(report)], { type: 'text/csv;charset=utf-8' }),
    receivablesCsvName(report),
  );
}

/**
 * reports/receivables: what each customer owes on Sent invoices, in columns by how long past due as at a date (the
 * address's `asAt`, else the organisation's today), with the totals; every figure opens the invoices behind it.
 */
export function ReceivablesPage() {
  const today = calendarDateIn(useTimeZone());
  const [search, setSearch] = useSearchParams();
  const asAt = search.get('asAt') || undefined;
  // The report shown stays, dimmed, while another date's loads.
  const report = useQuery({ ...receivablesQueryOptions(asAt), placeholderData: keepPreviousData });
  const owed = report.data && report.data.customers.length > 0 ? report.data : undefined;
  return (
    <>
      <PageBreadcrumbs crumbs={pageCrumbs({ label: 'Invoices', to: paths.sales.invoicesSearch }, TITLE)} />
      <PageHeading>{TITLE}</PageHeading>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="As at"
          value={asAt ?? today}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(picked)) setSearch(picked === today ? {} : { asAt: picked });
          }}
          w={170}
        />
        {owed && (
          <Button variant="default" onClick={() => downloadCsv(owed)}>
            Download CSV
          </Button>
        )}
      </Group>
      <Report report={report} />
    </>
  );
}

function Report({ report }: { report: UseQueryResult<Receivables> }) {
  if (report.isPending) return <SectionLoader />;
  if (report.isError) return <LoadErrorAlert error={report.error} onRetry={report.refetch} />;
  const { asAt, customers, totals } = report.data;
  const loading = report.isPlaceholderData;
  return (
    <div aria-busy={loading} style={loading ? { opacity: 0.6 } : undefined}>
      {customers.length === 0 ? (
        <Text>{`No one owes you anything as at ${displayDate(asAt)}.`}</Text>
      ) : (
        <RecordTable
          label={TITLE}
          columns={receivablesColumns(asAt)}
          rows={customers.map((owed): ReceivablesRow => ({ customer: owed.customer, amounts: owed }))}
          rowKey={(row) => row.customer?.id ?? 'total'}
          footer={{ customer: null, amounts: totals }}
          emptyText=""
        />
      )}
    </div>
  );
}
