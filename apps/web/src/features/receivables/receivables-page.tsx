import { calendarDateIn, RECEIVABLES_PAGE_SIZE, type Receivables } from '@fieldbook/domain';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { PageBreadcrumbs, pageCrumbs } from '../../components/breadcrumbs';
import { ListPagination } from '../../components/list/list-pagination';
import { RecordTable } from '../../components/list/record-table';
import { useListParams } from '../../components/list/use-list-params';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { PageHeading } from '../../components/page-heading';
import { SectionLoader } from '../../components/section-loader';
import { displayDate } from '../../lib/date-display';
import { countOf } from '../../lib/list-count';
import { paths, withQuery } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { receivablesQueryOptions } from './api/get-receivables';
import { useReceivablesCsv } from './api/get-receivables-csv';
import { type ReceivablesRow, receivablesColumns } from './receivables-columns';
import '../../components/list/list-screen.css';

const TITLE = 'Aged receivables';

/** The page of the report the address names: its date (none: today), page and page size. */
interface Shown {
  asAt: string | undefined;
  p: number;
  s: number;
}

/** A page of the report as the address and the API name it: `asAt`, `p` and `s`, each left out when the default. */
const askedOf = ({ asAt, p, s }: Shown) => ({
  asAt,
  p: p === 1 ? undefined : p,
  s: s === RECEIVABLES_PAGE_SIZE ? undefined : s,
});

/** The address of a page of the report. */
const hrefOf = (shown: Shown) => withQuery(paths.reports.receivables, askedOf(shown));

/**
 * reports/receivables: what each customer owes on Sent invoices, in columns by how long past due as at a date (the
 * address's `asAt`, else the organisation's today), a page of customers at a time (`p`, `s`), with the totals of
 * every customer; every figure opens the invoices behind it. The CSV of the whole report comes from the server.
 */
export function ReceivablesPage() {
  const today = calendarDateIn(useTimeZone());
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { p, s } = useListParams(RECEIVABLES_PAGE_SIZE);
  const shown: Shown = { asAt: search.get('asAt') || undefined, p, s };
  // The first page is asked as Home asks it (no `p` or `s`), and the two share it.
  const report = useQuery({
    ...receivablesQueryOptions(askedOf(shown)),
    // The report shown stays, dimmed, while another date's or page's loads.
    placeholderData: keepPreviousData,
  });
  const owed = report.data && report.data.totals.invoices > 0 ? report.data : undefined;
  // Every customer who owes as at the report's date, and the totals, as the server writes the file.
  const csv = useReceivablesCsv(report.data?.asAt ?? shown.asAt ?? today);
  return (
    <>
      <PageBreadcrumbs crumbs={pageCrumbs({ label: 'Invoices', to: paths.sales.invoicesSearch }, TITLE)} />
      <PageHeading>{TITLE}</PageHeading>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          type="date"
          label="As at"
          value={shown.asAt ?? today}
          onChange={(event) => {
            const picked = event.currentTarget.value;
            // Another date starts again from its first page.
            if (/^\d{4}-\d{2}-\d{2}$/.test(picked))
              navigate(hrefOf({ asAt: picked === today ? undefined : picked, p: 1, s }));
          }}
          w={170}
        />
        {owed && (
          <Button variant="default" loading={csv.isPending} onClick={() => csv.mutate('Download CSV')}>
            Download CSV
          </Button>
        )}
      </Group>
      {csv.error && <ApiErrorAlert title="Not downloaded" error={csv.error} />}
      <Report report={report} shown={shown} />
    </>
  );
}

function Report({ report, shown }: { report: UseQueryResult<Receivables>; shown: Shown }) {
  if (report.isPending) return <SectionLoader />;
  if (report.isError) return <LoadErrorAlert error={report.error} onRetry={report.refetch} />;
  const { asAt, customers, customerCount, totals } = report.data;
  const loading = report.isPlaceholderData;
  if (totals.invoices === 0) return <Text>{`No one owes you anything as at ${displayDate(asAt)}.`}</Text>;
  return (
    <>
      <div aria-busy={loading} style={loading ? { opacity: 0.6 } : undefined}>
        <p className="list-count" role="status">
          {countOf({ total: customerCount, atLeast: false }, ['customer owing', 'customers owing'])}
        </p>
        <RecordTable
          label={TITLE}
          columns={receivablesColumns(asAt)}
          rows={customers.map((owed): ReceivablesRow => ({ customer: owed.customer, amounts: owed }))}
          rowKey={(row) => row.customer?.id ?? 'total'}
          footer={{ customer: null, amounts: totals }}
          emptyText="No customers on this page."
        />
      </div>
      <ListPagination
        page={shown.p}
        size={shown.s}
        total={customerCount}
        hrefFor={(page) => hrefOf({ ...shown, p: page })}
      />
    </>
  );
}
