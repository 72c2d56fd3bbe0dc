import {
  addDays,
  calendarDateIn,
  directionsUrl,
  formatsByZone,
  type Job,
  type Today,
  type Visit,
} from '@fieldbook/domain';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { focusHeading, PageHeading } from '../../components/page-heading';
import { PlainButton } from '../../components/plain-button';
import { PlainTextInput } from '../../components/plain-inputs';
import { SectionLoader } from '../../components/section-loader';
import { TAP_TARGET } from '../../components/tap-targets';
import { TextLink } from '../../components/text-link';
import { telHref } from '../../lib/contact-links';
import { importOnceOnline } from '../../lib/network';
import { paths } from '../../lib/paths';
import { serverNow } from '../../lib/server-clock';
import { useTimeZone } from '../../lib/time-zone';
import { useDebounced } from '../../lib/use-debounced';
import { JobStatusLabel } from '../jobs';
import { type StoredAction, useWaitingActions, withKeptStatus } from '../offline';
import { useRole } from '../team';
import { todayQueryOptions } from './api/get-today';
import './today-page.css';

/**
 * The office's choice of whose day (a Technician sees their own): not part of a Technician's download. Loaded once
 * online if the network dropped before the app's files were kept.
 */
const TechnicianChoice = lazy(() =>
  importOnceOnline(() => import('./technician-choice')).then((module) => ({
    default: module.TechnicianChoice,
  })),
);

const dayTitle = new Intl.DateTimeFormat('en-AU', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const timeIn = formatsByZone('en-AU', { hour: 'numeric', minute: '2-digit' });
const dateIn = formatsByZone('en-AU', { day: 'numeric', month: 'short' });

/** 'Monday 30 November' for a date of the calendar. */
const showDay = (date: string) => dayTitle.format(Date.parse(`${date}T00:00:00Z`));

/** Statuses after which a visit is done with. */
const DONE = new Set<Job['status']>(['OPEN_COMPLETED', 'CLOSED_COMPLETED', 'CLOSED_CANCELLED']);

/**
 * today: a technician's visits for a day, one card each, laid out for a phone. A Technician sees their own day;
 * Owners and Office choose whose. The next visit (the first not done with) stands out; one that should have
 * started says how late it is.
 */
export function TodayPage() {
  const timeZone = useTimeZone();
  const role = useRole();
  const [search, setSearch] = useSearchParams();
  const today = calendarDateIn(timeZone);
  const date = search.get('date') ?? undefined;
  const technician = search.get('technician') ?? undefined;
  const office = role !== undefined && role !== 'TECHNICIAN';
  const day = useQuery(todayQueryOptions({ date, technician }));
  const shown = date ?? today;
  const go = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next);
  };
  const goTo = (to: string) => go({ date: to === today ? undefined : to });
  return (
    <>
      <PageHeading>{shown === today ? 'Today' : showDay(shown)}</PageHeading>
      <p className="today-text today-dimmed today-subtitle">
        {shown === today ? showDay(shown) : shown < today ? 'A past day' : 'A day ahead'}
        {day.data?.technician && ` · ${day.data.technician.name}`}
      </p>
      {office && (
        <Suspense fallback={<div className="today-technician-loading" />}>
          <TechnicianChoice value={technician} onChange={(id) => go({ technician: id })} />
        </Suspense>
      )}
      <div className="today-days">
        <PlainButton variant="default" onClick={() => goTo(addDays(shown, -1))}>
          {shown === today ? 'Yesterday' : 'Previous day'}
        </PlainButton>
        <PlainButton variant="default" onClick={() => goTo(addDays(shown, 1))}>
          {shown === today ? 'Tomorrow' : 'Next day'}
        </PlainButton>
        {shown !== today && (
          <PlainButton
            variant="default"
            onClick={() => {
              goTo(today);
              // The button goes with the day it left: the focus goes on from the heading, 'Today'.
              focusHeading();
            }}
          >
            Today
          </PlainButton>
        )}
        <DateBox date={shown} onDate={goTo} />
      </div>
      {day.isPending ? (
        <SectionLoader />
      ) : day.isError ? (
        <LoadErrorAlert error={day.error} onRetry={day.refetch} />
      ) : (
        <Visits day={day.data} today={today} office={office} onGoTo={goTo} />
      )}
    </>
  );
}

/** How long after the last key (or a pick from the calendar) the day typed in the Date box opens. */
const DATE_PAUSE_MS = 700;
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The Date box: the day opens once typing pauses, on Enter or on leaving the box, not at each key. A browser's date
 * box gives a whole date at every key (typing 12012026 passes through 30 Jan and 30 Dec), and opening each one
 * would set the box again under the keys still being typed.
 */
function DateBox({ date, onDate }: { date: string; onDate: (date: string) => void }) {
  const [draft, setDraft] = useState(date);
  useEffect(() => setDraft(date), [date]);
  const open = (value: string) => {
    if (isDate(value) && value !== date) onDate(value);
  };
  const openAfterPause = useDebounced(open, DATE_PAUSE_MS);
  return (
    <PlainTextInput
      type="date"
      label="Date"
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        openAfterPause(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') open(event.currentTarget.value);
      }}
      onBlur={(event) => open(event.currentTarget.value)}
      style={{ width: 'calc(10.625rem * var(--mantine-scale))' }}
    />
  );
}

function Visits({
  day,
  today,
  office,
  onGoTo,
}: {
  day: Today;
  today: string;
  office: boolean;
  onGoTo: (date: string) => void;
}) {
  const kept = useWaitingActions();
  if (!day.technician)
    return (
      <p className="today-text">
        {office
          ? 'Choose a technician to see their day.'
          : 'You are not linked to a technician yet, so no visits are assigned to you. An Owner can link you on the Users page.'}
      </p>
    );
  if (day.visits.length === 0)
    return (
      <div className="today-empty">
        <p className="today-text">No visits on {showDay(day.date)}.</p>
        {day.nextDate ? (
          <PlainButton variant="light" onClick={() => onGoTo(day.nextDate as string)}>
            Next visits: {showDay(day.nextDate)}
          </PlainButton>
        ) : (
          <p className="today-text today-dimmed">None in the next 60 days either.</p>
        )}
      </div>
    );
  // As the technician left them on this device: a visit finished offline is no longer the next one.
  const shown = day.visits.map((visit) => {
    const actions = kept.filter((action) => action.jobId === visit.job.id);
    const state = actions.length === 0 ? null : actions.every(sendable) ? 'waiting' : 'not sent';
    return { ...visit, job: withKeptStatus(visit.job, actions), kept: state } as const;
  });
  const next = shown.find((visit) => !DONE.has(visit.job.status));
  return (
    <ol className="today-visits" aria-label="Visits">
      {shown.map((visit) => (
        <VisitCard key={visit.job.id} visit={visit} next={visit === next} showLate={day.date === today} />
      ))}
    </ol>
  );
}

/** How late a visit is: minutes past its start while it has not started ('25 min late', '1 h 10 min late'). */
function lateness(job: Job, now: number): string | null {
  if (job.status !== 'OPEN_SCHEDULED' || !job.scheduledStart) return null;
  const minutes = Math.floor((now - Date.parse(job.scheduledStart)) / 60_000);
  if (minutes < 1) return null;
  const hours = Math.floor(minutes / 60);
  return `${hours > 0 ? `${hours} h ` : ''}${minutes % 60} min late`;
}

/**
 * A visit as the technician left it on this device, and what became of their actions on it not on the server yet:
 * all waiting to be sent, or some refused or in conflict (not sent); null with none.
 */
type ShownVisit = Visit & { kept: 'waiting' | 'not sent' | null };

const sendable = (action: StoredAction) => action.state === 'waiting';

function VisitCard({ visit, next, showLate }: { visit: ShownVisit; next: boolean; showLate: boolean }) {
  const timeZone = useTimeZone();
  const { job } = visit;
  const { phone, address } = visit;
  const time = timeIn(timeZone);
  const started = job.scheduledStart && Date.parse(job.scheduledStart);
  const when = job.scheduledStart
    ? `${time.format(Date.parse(job.scheduledStart))}${job.scheduledFinish ? ` – ${time.format(Date.parse(job.scheduledFinish))}` : ''}`
    : 'No time set';
  const earlier =
    job.status === 'OPEN_IN_PROGRESS' &&
    started &&
    calendarDateIn(timeZone, new Date(started)) < calendarDateIn(timeZone);
  const late = showLate ? lateness(job, serverNow()) : null;
  const lines = job.items.slice(0, 2).map((line) => line.description);
  const tel = phone ? telHref(phone) : undefined;
  return (
    <li className="visit-card" data-next={next || undefined}>
      <div className="visit-card-top">
        <p className="visit-card-when">
          {earlier ? `Since ${dateIn(timeZone).format(started as number)}` : when}
        </p>
        <div className="visit-card-badges">
          {next && <VisitBadge color="blue-8">Next</VisitBadge>}
          {late && <VisitBadge color="red-9">{late}</VisitBadge>}
          {visit.kept === 'waiting' && <VisitBadge color="gray-8">Waiting to send</VisitBadge>}
          {visit.kept === 'not sent' && <VisitBadge color="red-9">Not sent</VisitBadge>}
        </div>
      </div>
      <h2
        className="m_8a5d1357 mantine-Title-root visit-card-customer"
        data-order="2"
        data-size="h4"
        style={h4}
      >
        <TextLink
          to={paths.jobs.view.href(job.id)}
          // The job screens' routes load when the link is followed, not when the day is drawn.
          discover="none"
          className={TAP_TARGET}
          data-inherit
        >
          {job.customer.name}
        </TextLink>
      </h2>
      <p className="visit-card-line">
        Job {job.number}
        {job.reference && ` · ${job.reference}`}
        {job.priority && ` · ${job.priority.name} priority`}
      </p>
      <p className="visit-card-line">
        <JobStatusLabel status={job.status} rag={job.rag} />
      </p>
      {lines.length > 0 && (
        <p className="visit-card-line today-dimmed visit-card-lines">{lines.join(' · ')}</p>
      )}
      <div className="visit-card-links">
        {address && (
          <PlainButton
            component="a"
            href={directionsUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            aria-label={`Directions to ${address}`}
            style={{ maxWidth: '100%' }}
          >
            <span className="visit-card-address">{address}</span>
          </PlainButton>
        )}
        {tel && (
          <PlainButton
            component="a"
            href={tel}
            variant="light"
            aria-label={`Call ${phone} (${job.customer.name})`}
          >
            Call {phone}
          </PlainButton>
        )}
      </div>
    </li>
  );
}

/** Mantine's Title at size h4 (Title.css's variables). */
const h4 = {
  '--title-fw': 'var(--mantine-h4-font-weight)',
  '--title-lh': 'var(--mantine-h4-line-height)',
  '--title-fz': 'var(--mantine-h4-font-size)',
} as CSSProperties;

/** Mantine's filled Badge (its classes, Badge.css) in a colour of the theme ('blue-8'). */
function VisitBadge({ color, children }: { color: string; children: ReactNode }) {
  const style = {
    '--badge-bg': `var(--mantine-color-${color})`,
    '--badge-color': 'var(--mantine-color-white)',
    '--badge-bd': 'calc(0.0625rem * var(--mantine-scale)) solid transparent',
  } as CSSProperties;
  return (
    <span className="m_347db0ec mantine-Badge-root" style={style}>
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </span>
  );
}
