import { type Job, type Line, statusButtons } from '@fieldbook/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LineItems } from '../../components/line-items';
import type { Column } from '../../components/list/record-table';
import { deleteAction, editAction, type RecordAction } from '../../components/record-actions';
import { RecordViewer } from '../../components/record-viewer';
import { displayMoney, displayPrice } from '../../lib/money-display';
import { paths, withQuery } from '../../lib/paths';
import { roleMay } from '../../lib/role-access';
import { FRESH, startQuery } from '../../lib/route-loaders';
import { KEPT_MESSAGE, useFieldAction, useJobActions, withKeptStatus } from '../offline';
import { useRole } from '../team';
import { useDeleteJob } from './api/delete-job';
import { useJobPdf } from './api/get-job-pdf';
import { jobNotesQueryOptions } from './api/job-notes';
import { jobSignatureQueryOptions } from './api/job-signature';
import { useChangeJobStatus } from './api/update-job';
import { JobAttachments } from './job-attachments';
import { JobDetails } from './job-details';
import { JobNotes } from './job-notes';
import { JobSignOff } from './job-sign-off';
import { jobCrumbs } from './job-view-page';
import { KeptActions } from './kept-actions';
import { VisitStep } from './visit-step';
import type { VisitStepName } from './visit-step-buttons';

/** A quantity with 0 to 4 decimals, as it was entered ("2", "1.5", "0.3333"). */
const displayQuantity = (quantity: string | null) => (quantity === null ? '' : quantity);

const lineColumns: Column<Line>[] = [
  { header: 'Description', cell: (line) => line.description },
  { header: 'Quantity', cell: (line) => displayQuantity(line.quantity), align: 'right' },
  { header: 'Price', cell: (line) => (line.price === null ? '' : displayPrice(line.price)), align: 'right' },
  { header: 'Amount', cell: (line) => displayMoney(line.amount), align: 'right' },
];

/**
 * jobs/{id} once the rest of it has loaded (`job-view-page.tsx` draws its first view): the job, its line items and
 * totals, its status buttons and actions, and a Technician's next step with its dialogs, notes, photos and sign-off.
 * `pressed`: a step pressed on the first view, taken at once.
 */
export function JobViewer({ job: read, pressed }: { job: Job; pressed: VisitStepName | null }) {
  const kept = useJobActions(read.id);
  const job = withKeptStatus(read, kept);
  // Its notes and sign-off, read afresh on every visit (the route's loader reads the job).
  const queryClient = useQueryClient();
  useEffect(() => {
    startQuery(queryClient, jobNotesQueryOptions(read.id), FRESH);
    startQuery(queryClient, jobSignatureQueryOptions(read.id), FRESH);
  }, [queryClient, read.id]);
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
      {technician && <VisitStep job={job} statusChange={statusChange} pressed={pressed} />}
      <JobDetails job={job} linkCustomer={roleMay(role, 'customers')} />
      <LineItems lines={job.items} columns={lineColumns} totals={job} />
      <JobSignOff jobId={job.id} />
      <JobAttachments job={job} />
      <JobNotes job={job} />
    </RecordViewer>
  );
}
