import { arrivalWindow, clockTime, type Job } from '@fieldbook/domain';
import { Button, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNotify } from '../../components/notices';
import { focusHeading } from '../../components/page-heading';
import { useTimeZone } from '../../lib/time-zone';
import { KEPT_MESSAGE, useFieldAction, useJobActions } from '../offline';
import { jobDeparturesQueryOptions } from './api/job-departures';
import type { useChangeJobStatus } from './api/update-job';
import { departureEmailText, whileEmailWaits } from './departure-email';
import { FinishJobDialog } from './finish-job-dialog';
import { OnMyWayDialog } from './on-my-way-dialog';

interface VisitStepProps {
  job: Job;
  statusChange: ReturnType<typeof useChangeJobStatus>;
}

/**
 * A Technician's next step on their visit, as one large button: On my way (the arrival window, an email to the
 * customer) and then Start (In progress, its actual start stamped by the server) for a Scheduled job, Finish (the
 * finish form) for one In progress. Nothing once it is done with. The finish form, once open, stays open with what
 * was typed in it whatever the job's status shows meanwhile, until it is finished or cancelled.
 */
export function VisitStep({ job, statusChange }: VisitStepProps) {
  const [finishing, setFinishing] = useState(false);
  const [departing, setDeparting] = useState(false);
  const departures = useQuery({
    ...jobDeparturesQueryOptions(job.id),
    enabled: job.status === 'OPEN_SCHEDULED',
    refetchInterval: (query) => whileEmailWaits(query.state.data?.[0]),
  });
  const timeZone = useTimeZone();
  const notify = useNotify();
  const field = useFieldAction(job);
  // On my way said on this phone and not sent yet: shown as it will be recorded, from when it was said.
  const keptAction = useJobActions(job.id).findLast((kept) => kept.action.type === 'departure');
  const keptDeparture =
    keptAction?.action.type === 'departure'
      ? {
          departed: new Date(keptAction.takenAt),
          ...arrivalWindow(new Date(keptAction.takenAt), keptAction.action.arrivalMinutes),
          email: null,
        }
      : undefined;
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
  // The form in the same place whatever the step: a status shown for a moment in between (the job read again after
  // what waited on the device was sent, the office's change) does not take it, and what was typed, away.
  const withFinishForm = (step: React.ReactNode) => (
    <>
      {step}
      <FinishJobDialog job={job} opened={finishing} onClose={() => setFinishing(false)} />
    </>
  );
  if (job.status === 'OPEN_SCHEDULED') {
    const sent = departures.data?.[0];
    const last =
      keptDeparture ??
      (sent && {
        departed: new Date(sent.departed),
        from: new Date(sent.arrivalFrom),
        to: new Date(sent.arrivalTo),
        email: departureEmailText(sent),
      });
    const start = (
      <Button
        size="xl"
        fullWidth
        mb="md"
        variant={last || departures.isError ? 'filled' : 'default'}
        loading={statusChange.isPending && statusChange.variables === 'OPEN_IN_PROGRESS'}
        disabled={statusChange.isPending}
        onClick={startVisit}
      >
        Start
      </Button>
    );
    const onMyWay = (
      <Button
        size="xl"
        fullWidth
        mb="md"
        variant={last ? 'default' : 'filled'}
        loading={departures.isPending && departures.fetchStatus !== 'paused'}
        onClick={() => setDeparting(true)}
      >
        {last ? 'On my way again' : 'On my way'}
      </Button>
    );
    return withFinishForm(
      <>
        {last ? (
          <>
            <Text mb="xs" fw={600}>
              On my way since {clockTime(last.departed, timeZone)}: arriving {clockTime(last.from, timeZone)}{' '}
              to {clockTime(last.to, timeZone)}
              {last.email ? `, ${last.email}` : ''}
              {keptDeparture ? ' (waiting to send)' : ''}.
            </Text>
            {start}
            {onMyWay}
          </>
        ) : (
          <>
            {onMyWay}
            {start}
          </>
        )}
        <OnMyWayDialog job={job} opened={departing} onClose={() => setDeparting(false)} />
      </>,
    );
  }
  if (job.status !== 'OPEN_IN_PROGRESS') return withFinishForm(null);
  return withFinishForm(
    <Button
      size="xl"
      fullWidth
      mb="md"
      onClick={() => setFinishing(true)}
      ref={(button) => {
        if (button && focusFinish.current) {
          focusFinish.current = false;
          button.focus();
        }
      }}
    >
      Finish
    </Button>,
  );
}
