import { type Job, type JobLine, statusButtons } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { LineItems } from '../../components/line-items';
import type { Column } from '../../components/list/record-table';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction, type RecordAction } from '../../components/record-actions';
import { RecordDetails } from '../../components/record-details';
import { RecordViewer } from '../../components/record-viewer';
import { displayDateTime } from '../../lib/date-display';
import { displayMoney } from '../../lib/money-display';
import { paths, withQuery } from '../../lib/paths';
import { useDeleteJob } from './api/delete-job';
import { jobQueryOptions } from './api/get-job';
import { useJobPdf } from './api/get-job-pdf';
import { useChangeJobStatus } from './api/update-job';
import { JobStatusLabel, RagDot } from './job-status';

/** Home › Jobs › the job. */
const jobCrumbs = (title: string): Crumb[] => [
  { label: 'Home', to: paths.home },
  { label: 'Jobs', to: paths.jobs.search },
  { label: title },
];

/** jobs/{id}: the job, its line items and totals, its status buttons. The route's loader fetches it afresh. */
export function JobViewPage() {
  const { id = '' } = useParams();
  const loading = (
    <>
      <PageBreadcrumbs crumbs={jobCrumbs('Job')} />
      <PageHeading>Job</PageHeading>
    </>
  );
  return (
    <QueryBoundary query={useQuery(jobQueryOptions(id))} header={loading}>
      {(job) => <JobViewer job={job} />}
    </QueryBoundary>
  );
}

/** A quantity with 0 to 4 decimals, as it was entered ("2", "1.5", "0.3333"). */
const displayQuantity = (quantity: string | null) => (quantity === null ? '' : quantity);

const lineColumns: Column<JobLine>[] = [
  { header: 'Description', cell: (line) => line.description },
  { header: 'Quantity', cell: (line) => displayQuantity(line.quantity), align: 'right' },
  { header: 'Price', cell: (line) => (line.price === null ? '' : displayMoney(line.price)), align: 'right' },
  { header: 'Amount', cell: (line) => displayMoney(line.amount), align: 'right' },
];

function JobViewer({ job }: { job: Job }) {
  const navigate = useNavigate();
  const deletion = useDeleteJob(job.id);
  const statusChange = useChangeJobStatus(job.id);
  const pdf = useJobPdf(job);
  const title = `Job ${job.number}`;
  const statusActions: RecordAction[] = statusButtons(job.status).map((button) => ({
    label: button.label,
    busy: statusChange.isPending && statusChange.variables === button.status,
    disabled: statusChange.isPending,
    onClick: ({ notify }) =>
      statusChange.mutate(button.status, {
        onSuccess: (saved) => notify(`Job ${saved.number} saved: ${button.label}.`),
      }),
  }));
  return (
    <RecordViewer
      title={job.reference ? `${title}: ${job.reference}` : title}
      breadcrumbs={jobCrumbs(title)}
      buttons={[
        editAction(paths.jobs.edit.href(job.id)),
        ...statusActions,
        { label: 'PDF', busy: pdf.isPending, onClick: () => pdf.mutate('PDF') },
      ]}
      menu={[
        { label: 'Copy to invoice', to: withQuery(paths.sales.newInvoice, { fromJob: job.id }) },
        deleteAction({
          question: `Delete job ${job.number}?`,
          label: 'Delete job',
          deletion,
          onDeleted: () => void navigate(paths.jobs.search),
        }),
      ]}
      actionError={pdf.error ?? statusChange.error ?? deletion.error}
    >
      <RecordDetails
        rows={[
          { label: 'Number', value: job.number },
          { label: 'Reference', value: job.reference },
          {
            label: 'Customer',
            value: (
              <Anchor component={Link} to={paths.customers.view.href(job.customer.id)}>
                {job.customer.name}
              </Anchor>
            ),
          },
          { label: 'Status', value: <JobStatusLabel status={job.status} rag={null} /> },
          { label: 'Flag', value: job.rag && <RagFlag rag={job.rag} /> },
          { label: 'Scheduled start', value: displayDateTime(job.scheduledStart) },
          { label: 'Scheduled finish', value: displayDateTime(job.scheduledFinish) },
          { label: 'Location', value: job.location?.name },
          { label: 'Priority', value: job.priority?.name },
          { label: 'Territory', value: job.territory?.name },
          { label: 'Due', value: displayDateTime(job.due) },
          { label: 'Actual start', value: displayDateTime(job.actualStart) },
          { label: 'Actual finish', value: displayDateTime(job.actualFinish) },
          { label: 'Assignee', value: job.assigneeName, optional: true },
        ]}
      />
      <LineItems lines={job.items} columns={lineColumns} totals={job} />
    </RecordViewer>
  );
}

/** The flag with its name beside it, in the viewer's details. */
function RagFlag({ rag }: { rag: NonNullable<Job['rag']> }) {
  return (
    <span className="job-status">
      <RagDot rag={rag} />
      <span aria-hidden="true">{rag.charAt(0) + rag.slice(1).toLowerCase()}</span>
    </span>
  );
}
