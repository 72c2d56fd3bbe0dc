import { PAGE_SIZES } from '@fieldbook/domain';
import { PageBreadcrumbs } from '../../components/breadcrumbs';
import { ListScreen } from '../../components/list/list-screen';
import { useListQuery } from '../../components/list/use-list-params';
import { paths } from '../../lib/paths';
import { roleMay } from '../../lib/role-access';
import { useRole } from '../team';
import { jobsQueryOptions } from './api/get-jobs';
import { jobColumns } from './job-columns';

/** jobs/search: every job (a Technician's own: the server lists only those); q, p and s live in the URL. */
export function JobSearchPage() {
  const mayAdd = roleMay(useRole(), 'manageJobs');
  return (
    <>
      <PageBreadcrumbs crumbs={[{ label: 'Home', to: paths.home }, { label: 'Jobs' }]} />
      <ListScreen
        title="Jobs"
        path={paths.jobs.search}
        list={useListQuery(jobsQueryOptions, PAGE_SIZES.jobs)}
        searchPlaceholder="Job number, reference, customer or location"
        newRecord={mayAdd ? { label: 'New job', to: paths.jobs.new } : undefined}
        columns={jobColumns}
        noun={['job', 'jobs']}
        emptyText="No jobs found."
      />
    </>
  );
}
