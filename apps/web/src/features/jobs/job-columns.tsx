import type { Job } from '@fieldbook/domain';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { DateTimeText } from '../../components/date-time-text';
import type { Column } from '../../components/list/record-table';
import { paths } from '../../lib/paths';
import { JobStatusLabel } from './job-status';

/** The columns of the jobs list (spec section 2), also the customer viewer's Jobs table. */
export const jobColumns: Column<Job>[] = [
  {
    header: 'Job',
    names: true,
    cell: (job) => (
      <Anchor component={Link} to={paths.jobs.view.href(job.id)}>
        {job.number}
      </Anchor>
    ),
  },
  { header: 'Reference', cell: (job) => job.reference },
  { header: 'Status', cell: (job) => <JobStatusLabel status={job.status} rag={job.rag} /> },
  { header: 'Priority', cell: (job) => job.priority?.name },
  { header: 'Customer', cell: (job) => job.customer.name },
  { header: 'Location', cell: (job) => job.location?.name },
  { header: 'Due', cell: (job) => <DateTimeText value={job.due} /> },
];
