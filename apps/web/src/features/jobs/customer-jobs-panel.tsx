import { useQuery } from '@tanstack/react-query';
import { RecordTable } from '../../components/list/record-table';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { RelatedRecords } from '../../components/related-records';
import { SectionLoader } from '../../components/section-loader';
import { paths, withQuery } from '../../lib/paths';
import { customerJobsQueryOptions } from './api/get-jobs';
import { jobColumns } from './job-columns';

/** A customer's jobs (up to 100), for the customer viewer, with 'New job' for that customer. */
export function CustomerJobsPanel({ customerId }: { customerId: string }) {
  // The viewer's route loader starts this query with the customer's (customerJobsQueryOptions).
  const jobs = useQuery(customerJobsQueryOptions(customerId));
  return (
    <RelatedRecords title="Jobs" action={{ label: 'New job', to: withQuery(paths.jobs.new, { customerId }) }}>
      {jobs.isPending ? (
        <SectionLoader />
      ) : jobs.isError ? (
        <LoadErrorAlert error={jobs.error} />
      ) : (
        <RecordTable
          label="Jobs"
          columns={jobColumns}
          rows={jobs.data.items}
          rowKey={(job) => job.id}
          emptyText="No jobs found."
        />
      )}
    </RelatedRecords>
  );
}
