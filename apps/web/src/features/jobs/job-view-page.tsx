import { type Job, type Line, statusButtons } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { type Crumb, PageBreadcrumbs } from '../../components/breadcrumbs';
import { LineItems } from '../../components/line-items';
import type { Column } from '../../components/list/record-table';
import { PageHeading } from '../../components/page-heading';
import { QueryBoundary } from '../../components/query-boundary';
import { deleteAction, editAction, type RecordAction } from '../../components/record-actions';
import { RecordViewer } from '../../components/record-viewer';
import { displayMoney, displayPrice } from '../../lib/money-display';
import { paths, withQuery } from '../../lib/paths';
import { roleMay } from '../../lib/role-access';
import { KEPT_MESSAGE, useFieldAction, useJobActions, withKeptStatus } from '../offline';
import { useRole } from '../team';
import { useDeleteJob } from './api/delete-job';
import { jobQueryOptions } from './api/get-job';
import { useJobPdf } from './api/get-job-pdf';
import { useChangeJobStatus } from './api/update-job';
import { JobAttachments } from './job-attachments';
import { JobDetails } from './job-details';
import { JobNotes } from './job-notes';
import { JobSignOff } from './job-sign-off';
import { KeptActions } from './kept-actions';
import { VisitStep } from './visit-step';

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

const lineColumns: Column<Line>[] = [
  { header: 'Description', cell: (line) => line.description },
  { header: 'Quantity', cell: (line) => displayQuantity(line.quantity), align: 'right' },
  { header: 'Price', cell: (line) => (line.price === null ? '' : displayPrice(line.price)), align: 'right' },
  { header: 'Amount', cell: (line) => displayMoney(line.amount), align: 'right' },
];

function JobViewer({ job: read }: { job: Job }) {
  const kept = useJobActions(read.id);
  const job = withKeptStatus(read, kept);
  const navigate = useNavigate();
  const deletion = useDeleteJob(job.id);
  const statusChange = useChangeJobStatus(job.id);
  const field = useFieldAction(job);
  const pdf = useJobPdf(job);
  const role = useRole();
  const title = `Job ${job.number}`;
  const statusActions: RecordAction[] = statusButtons(job.status).map((button) => ({
    label: button.label,
    busy: statusChange.isPending && statusChange.variables === button.status,
    disabled: statusChange.isPending,
    // Cancelled closes the job for good (no move leaves it): asked first.
    ...(button.status === 'CLOSED_CANCELLED' && {
      color: 'red',
      confirm: {
        question: `Mark job ${job.number} Cancelled?`,
        detail: 'A cancelled job is closed: it cannot be scheduled, started or reopened afterwards.',
        confirmLabel: 'Mark Cancelled',
      },
    }),
    onClick: ({ notify }) =>
      void field({ type: 'status', from: job.status, to: button.status }, () =>
        statusChange.mutateAsync(button.status),
      ).then(
        (sent) => notify(`Job ${job.number} ${sent === 'kept' ? KEPT_MESSAGE : `saved: ${button.label}.`}`),
        // The viewer shows the failure.
        () => undefined,
      ),
  }));
  // A Technician changes their jobs' status and lines only: no invoices, no deleting. On their visit, the next step
  // is one large button (Start, Finish) and the other status changes wait in the menu.
  const technician = role === 'TECHNICIAN';
  const menu: RecordAction[] = technician ? [...statusActions] : [];
  if (roleMay(role, 'invoices')) {
    menu.push({ label: 'Copy to invoice', to: withQuery(paths.sales.newInvoice, { fromJob: job.id }) });
  }
  if (roleMay(role, 'manageJobs')) {
    menu.push(
      deleteAction({
        question: `Delete job ${job.number}?`,
        label: 'Delete job',
        deletion,
        onDeleted: () => void navigate(paths.jobs.search),
      }),
    );
  }
  return (
    <RecordViewer
      title={job.reference ? `${title}: ${job.reference}` : title}
      breadcrumbs={jobCrumbs(title)}
      buttons={[
        editAction(paths.jobs.edit.href(job.id)),
        ...(technician ? [] : statusActions),
        { label: 'PDF', busy: pdf.isPending, onClick: () => pdf.mutate('PDF') },
      ]}
      menu={menu}
      actionError={pdf.error ?? statusChange.error ?? deletion.error}
    >
      <KeptActions actions={kept} />
      {technician && <VisitStep job={job} statusChange={statusChange} />}
      <JobDetails job={job} linkCustomer={roleMay(role, 'customers')} />
      <LineItems lines={job.items} columns={lineColumns} totals={job} />
      <JobSignOff jobId={job.id} />
      <JobAttachments job={job} />
      <JobNotes job={job} />
    </RecordViewer>
  );
}
