import type { Job } from '@fieldbook/domain';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useNotify } from '../../components/notices';
import type { useChangeJobStatus } from './api/update-job';
import { FinishJobDialog } from './finish-job-dialog';

interface VisitStepProps {
  job: Job;
  statusChange: ReturnType<typeof useChangeJobStatus>;
}

/**
 * A Technician's next step on their visit, as one large button: Start (In progress, its actual start stamped by the
 * server) for a Scheduled job, Finish (the finish form) for one In progress. Nothing once it is done with.
 */
export function VisitStep({ job, statusChange }: VisitStepProps) {
  const [finishing, setFinishing] = useState(false);
  const notify = useNotify();
  if (job.status === 'OPEN_SCHEDULED')
    return (
      <Button
        size="xl"
        fullWidth
        mb="md"
        loading={statusChange.isPending && statusChange.variables === 'OPEN_IN_PROGRESS'}
        disabled={statusChange.isPending}
        onClick={() =>
          statusChange.mutate('OPEN_IN_PROGRESS', {
            onSuccess: (saved) => notify(`Job ${saved.number} started: In progress.`),
          })
        }
      >
        Start
      </Button>
    );
  if (job.status !== 'OPEN_IN_PROGRESS') return null;
  return (
    <>
      <Button size="xl" fullWidth mb="md" onClick={() => setFinishing(true)}>
        Finish
      </Button>
      <FinishJobDialog job={job} opened={finishing} onClose={() => setFinishing(false)} />
    </>
  );
}
