import type { Job } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { EditRecord } from '../../components/editor/edit-record';
import { editorCrumbs } from '../../components/editor/editor-header';
import { paths } from '../../lib/paths';
import { customerQueryOptions } from '../customers';
import { useCreateJob } from './api/create-job';
import { jobQueryOptions } from './api/get-job';
import { useUpdateJob } from './api/update-job';
import { JobEditor } from './job-editor';

const list = { label: 'Jobs', to: paths.jobs.search };
const NEW = 'New job';

/** jobs/new, or jobs/new?customerId={id} from a customer's page: the job editor, creating. */
export function NewJobPage() {
  const [search] = useSearchParams();
  const customerId = search.get('customerId');
  return customerId ? <NewJobForCustomer customerId={customerId} /> : <CreateJob />;
}

function CreateJob({ customer }: { customer?: { id: string; name: string } }) {
  return (
    <JobEditor title={NEW} breadcrumbs={editorCrumbs(list, NEW)} customer={customer} save={useCreateJob()} />
  );
}

/** The customer is chosen already: its name is loaded for the customer box first. */
function NewJobForCustomer({ customerId }: { customerId: string }) {
  return (
    <EditRecord
      query={useQuery(customerQueryOptions(customerId))}
      title={NEW}
      breadcrumbs={editorCrumbs(list, NEW)}
    >
      {(customer) => <CreateJob customer={{ id: customer.id, name: customer.name }} />}
    </EditRecord>
  );
}

const EDIT = 'Edit job';
const jobCrumb = (id: string, number?: number) => ({
  label: number === undefined ? 'Job' : `Job ${number}`,
  to: paths.jobs.view.href(id),
});

/** jobs/{id}/edit: the job editor, editing the job as it was when the page loaded. */
export function EditJobPage() {
  const { id = '' } = useParams();
  return (
    <EditRecord
      query={useQuery(jobQueryOptions(id))}
      title={EDIT}
      breadcrumbs={editorCrumbs(list, EDIT, jobCrumb(id))}
    >
      {(job) => <UpdateJob job={job} />}
    </EditRecord>
  );
}

function UpdateJob({ job }: { job: Job }) {
  return (
    <JobEditor
      title={EDIT}
      breadcrumbs={editorCrumbs(list, EDIT, jobCrumb(job.id, job.number))}
      job={job}
      save={useUpdateJob(job)}
    />
  );
}
