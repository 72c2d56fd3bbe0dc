import type { Job } from '@fieldbook/domain';
import { RecordDetails } from '../../components/record-details';
import { TextLink } from '../../components/text-link';
import { displayDateTime } from '../../lib/date-display';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { JobStatusLabel, RagDot } from './job-status';

interface JobDetailsProps {
  job: Job;
  /** The customer's name links to the customer, for a role that may open customers. */
  linkCustomer: boolean;
}

/** A job's fields as label / value rows: the viewer's, and the editor's for a Technician, who cannot change them. */
export function JobDetails({ job, linkCustomer }: JobDetailsProps) {
  const timeZone = useTimeZone();
  return (
    <RecordDetails
      rows={[
        { label: 'Number', value: job.number },
        { label: 'Reference', value: job.reference },
        {
          label: 'Customer',
          value: linkCustomer ? (
            <TextLink to={paths.customers.view.href(job.customer.id)}>{job.customer.name}</TextLink>
          ) : (
            job.customer.name
          ),
        },
        { label: 'Status', value: <JobStatusLabel status={job.status} rag={null} /> },
        { label: 'Flag', value: job.rag && <RagFlag rag={job.rag} /> },
        { label: 'Scheduled start', value: displayDateTime(job.scheduledStart, timeZone) },
        { label: 'Scheduled finish', value: displayDateTime(job.scheduledFinish, timeZone) },
        { label: 'Location', value: job.location?.name },
        { label: 'Priority', value: job.priority?.name },
        { label: 'Territory', value: job.territory?.name },
        { label: 'Due', value: displayDateTime(job.due, timeZone) },
        { label: 'Actual start', value: displayDateTime(job.actualStart, timeZone) },
        { label: 'Actual finish', value: displayDateTime(job.actualFinish, timeZone) },
        { label: 'Assignee', value: job.assigneeName, optional: true },
      ]}
    />
  );
}

/** The flag with its name beside it, in the job's details. */
function RagFlag({ rag }: { rag: NonNullable<Job['rag']> }) {
  return (
    <span className="job-status">
      <RagDot rag={rag} />
      <span aria-hidden="true">{rag.charAt(0) + rag.slice(1).toLowerCase()}</span>
    </span>
  );
}
