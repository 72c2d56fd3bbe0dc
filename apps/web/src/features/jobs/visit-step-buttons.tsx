import { arrivalWindow, clockTime, type Job } from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode, Ref } from 'react';
import { PlainButton } from '../../components/plain-button';
import { useTimeZone } from '../../lib/time-zone';
import { useJobActions } from '../offline';
import { jobDeparturesQueryOptions } from './api/job-departures';
import { departureEmailText, whileEmailWaits } from './departure-email';
import './visit-step.css';

/** A step of a visit: what its large button does. */
export type VisitStepName = 'onMyWay' | 'start' | 'finish';

interface VisitStepButtonsProps {
  job: Job;
  /** Pressed: the step to take. */
  onStep: (step: VisitStepName) => void;
  /** The step under way (its button spins; `other`: another status change); every step waits meanwhile. */
  busy?: VisitStepName | 'other' | null;
  /** Finish's button, to take the focus once Start has moved the job on. */
  finishRef?: Ref<HTMLButtonElement>;
  /** After the buttons (the step's dialogs). */
  children?: ReactNode;
}

/**
 * A Technician's next step on their visit, as one large button: On my way (and, once said, since when and the
 * arrival window, with Start leading) and Start for a Scheduled job, Finish for one In progress; nothing once it is
 * done with. Only the buttons: the visit's first view draws them before the rest of the page has loaded (a press
 * then waits for it), and `VisitStep` gives them their dialogs and saves.
 */
export function VisitStepButtons({ job, onStep, busy = null, finishRef, children }: VisitStepButtonsProps) {
  const timeZone = useTimeZone();
  const departures = useQuery({
    ...jobDeparturesQueryOptions(job.id),
    enabled: job.status === 'OPEN_SCHEDULED',
    refetchInterval: (query) => whileEmailWaits(query.state.data?.[0]),
  });
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
  const step = (name: VisitStepName, label: string, filled: boolean, ref?: Ref<HTMLButtonElement>) => (
    <PlainButton
      size="xl"
      fullWidth
      className="visit-step-button"
      variant={filled ? 'filled' : 'default'}
      loading={
        busy === name || (name === 'onMyWay' && departures.isPending && departures.fetchStatus !== 'paused')
      }
      disabled={busy !== null}
      onClick={() => onStep(name)}
      ref={ref}
      data-step={name}
    >
      {label}
    </PlainButton>
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
    const start = step('start', 'Start', Boolean(last) || departures.isError);
    const onMyWay = step('onMyWay', last ? 'On my way again' : 'On my way', !last);
    return (
      <>
        {last ? (
          <>
            <p className="visit-step-since">
              On my way since {clockTime(last.departed, timeZone)}: arriving {clockTime(last.from, timeZone)}{' '}
              to {clockTime(last.to, timeZone)}
              {last.email ? `, ${last.email}` : ''}
              {keptDeparture ? ' (waiting to send)' : ''}.
            </p>
            {start}
            {onMyWay}
          </>
        ) : (
          <>
            {onMyWay}
            {start}
          </>
        )}
        {children}
      </>
    );
  }
  if (job.status !== 'OPEN_IN_PROGRESS') return children;
  return (
    <>
      {step('finish', 'Finish', true, finishRef)}
      {children}
    </>
  );
}
