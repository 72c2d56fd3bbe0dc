import type { Job } from '@fieldbook/domain';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '../../components/notices';
import { focusHeading } from '../../components/page-heading';
import { KEPT_MESSAGE, useFieldAction } from '../offline';
import type { useChangeJobStatus } from './api/update-job';
import { FinishJobDialog } from './finish-job-dialog';
import { OnMyWayDialog } from './on-my-way-dialog';
import { VisitStepButtons, type VisitStepName } from './visit-step-buttons';

interface VisitStepProps {
  job: Job;
  statusChange: ReturnType<typeof useChangeJobStatus>;
  /** A step pressed on the visit's first view before this had loaded: taken once, at once. */
  pressed?: VisitStepName | null;
}

/**
 * A Technician's next step on their visit (`VisitStepButtons`) with its dialogs and saves: On my way (the arrival
 * window, an email to the customer) and then Start (In progress, its actual start stamped by the server) for a
 * Scheduled job, Finish (the finish form) for one In progress. The finish form, once open, stays open with what
 * was typed in it whatever the job's status shows meanwhile, until it is finished or cancelled.
 */
export function VisitStep({ job, statusChange, pressed = null }: VisitStepProps) {
  const [finishing, setFinishing] = useState(false);
  const [departing, setDeparting] = useState(false);
  const notify = useNotify();
  const field = useFieldAction(job);
  // Start goes once the job is In progress: the focus goes on to Finish, which takes its place.
  const focusFinish = useRef(false);
  // Finish (and its dialog) go once the job is finished: a focus left on nothing goes on from the page's heading.
  useEffect(() => {
    if (job.status !== 'OPEN_IN_PROGRESS' && document.activeElement === document.body) focusHeading();
  }, [job.status]);
  const startVisit = () => {
    focusFinish.current = true;
    void field({ type: 'status', from: job.status, to: 'OPEN_IN_PROGRESS' }, () =>
      statusChange.mutateAsync('OPEN_IN_PROGRESS'),
    ).then(
      (sent) => notify(`Job ${job.number} started: ${sent === 'kept' ? KEPT_MESSAGE : 'In progress.'}`),
      // The viewer shows the failure.
      () => {
        focusFinish.current = false;
      },
    );
  };
  const takeStep = (step: VisitStepName) => {
    if (step === 'start') startVisit();
    else if (step === 'onMyWay') setDeparting(true);
    else setFinishing(true);
  };
  // The first view's press, once.
  const taken = useRef(false);
  useEffect(() => {
    if (pressed && !taken.current) {
      taken.current = true;
      takeStep(pressed);
    }
  });
  return (
    <VisitStepButtons
      job={job}
      onStep={takeStep}
      busy={
        statusChange.isPending ? (statusChange.variables === 'OPEN_IN_PROGRESS' ? 'start' : 'other') : null
      }
      finishRef={(button) => {
        if (button && focusFinish.current) {
          focusFinish.current = false;
          button.focus();
        }
      }}
    >
      {/* The form in the same place whatever the step: a status shown for a moment in between (the job read again
          after what waited on the device was sent, the office's change) does not take it, and what was typed, away. */}
      <FinishJobDialog job={job} opened={finishing} onClose={() => setFinishing(false)} />
      {job.status === 'OPEN_SCHEDULED' && (
        <OnMyWayDialog job={job} opened={departing} onClose={() => setDeparting(false)} />
      )}
    </VisitStepButtons>
  );
}
