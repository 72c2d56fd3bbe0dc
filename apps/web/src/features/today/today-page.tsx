import {
  addDays,
  calendarDateIn,
  directionsUrl,
  formatsByZone,
  type Job,
  type Today,
  type Visit,
} from '@fieldbook/domain';
import {
  Anchor,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { focusHeading, PageHeading } from '../../components/page-heading';
import { SectionLoader } from '../../components/section-loader';
import { TAP_TARGET } from '../../components/tap-targets';
import { telHref } from '../../lib/contact-links';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { JobStatusLabel } from '../jobs';
import { type StoredAction, useWaitingActions, withKeptStatus } from '../offline';
import { useRole } from '../team';
import { activeTechnicianChoicesQueryOptions } from '../technicians';
import { todayQueryOptions } from './api/get-today';
import './today-page.css';
import { serverNow } from '../../lib/server-clock';

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
      <Text c="dimmed" mb="sm">
        {shown === today ? showDay(shown) : shown < today ? 'A past day' : 'A day ahead'}
        {day.data?.technician && ` · ${day.data.technician.name}`}
      </Text>
      {office && <TechnicianChoice value={technician} onChange={(id) => go({ technician: id })} />}
      <Group gap="xs" mb="md" align="flex-end" wrap="wrap">
        <Button variant="default" onClick={() => goTo(addDays(shown, -1))}>
          {shown === today ? 'Yesterday' : 'Previous day'}
        </Button>
        <Button variant="default" onClick={() => goTo(addDays(shown, 1))}>
          {shown === today ? 'Tomorrow' : 'Next day'}
        </Button>
        {shown !== today && (
          <Button
            variant="default"
            onClick={() => {
              goTo(today);
              // The button goes with the day it left: the focus goes on from the heading, 'Today'.
              focusHeading();
            }}
          >
            Today
          </Button>
        )}
        <DateBox date={shown} onDate={goTo} />
      </Group>
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
  const openAfterPause = useDebouncedCallback(open, DATE_PAUSE_MS);
  return (
    <TextInput
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
      w={170}
    />
  );
}

function TechnicianChoice({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const technicians = useQuery(activeTechnicianChoicesQueryOptions());
  const choices = (technicians.data?.items ?? []).map((one) => ({ value: one.id, label: one.name }));
  return (
    <NativeSelect
      label="Technician"
      mb="sm"
      maw={360}
      value={value ?? ''}
      data={[{ value: '', label: 'Choose a technician' }, ...choices]}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={technicians.isError ? 'The technicians could not be loaded.' : undefined}
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
      <Text>
        {office
          ? 'Choose a technician to see their day.'
          : 'You are not linked to a technician yet, so no visits are assigned to you. An Owner can link you on the Users page.'}
      </Text>
    );
  if (day.visits.length === 0)
    return (
      <Stack gap="xs" align="flex-start">
        <Text>No visits on {showDay(day.date)}.</Text>
        {day.nextDate ? (
          <Button variant="light" onClick={() => onGoTo(day.nextDate as string)}>
            Next visits: {showDay(day.nextDate)}
          </Button>
        ) : (
          <Text c="dimmed">None in the next 60 days either.</Text>
        )}
      </Stack>
    );
  // As the technician left them on this device: a visit finished offline is no longer the next one.
  const shown = day.visits.map((visit) => {
    const actions = kept.filter((action) => action.jobId === visit.job.id);
    const state = actions.length === 0 ? null : actions.every(sendable) ? 'waiting' : 'not sent';
    return { ...visit, job: withKeptStatus(visit.job, actions), kept: state } as const;
  });
  const next = shown.find((visit) => !DONE.has(visit.job.status));
  return (
    <Stack component="ol" gap="sm" p={0} m={0} aria-label="Visits" style={{ listStyle: 'none' }}>
      {shown.map((visit) => (
        <VisitCard key={visit.job.id} visit={visit} next={visit === next} showLate={day.date === today} />
      ))}
    </Stack>
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
    <Paper component="li" withBorder p="sm" radius="md" className="visit-card" data-next={next || undefined}>
      <Group justify="space-between" align="baseline" gap="xs" wrap="wrap">
        <Text fw={700} size="lg">
          {earlier ? `Since ${dateIn(timeZone).format(started as number)}` : when}
        </Text>
        <Group gap={6}>
          {next && <Badge color="blue.8">Next</Badge>}
          {late && <Badge color="red.9">{late}</Badge>}
          {visit.kept === 'waiting' && <Badge color="gray.8">Waiting to send</Badge>}
          {visit.kept === 'not sent' && <Badge color="red.9">Not sent</Badge>}
        </Group>
      </Group>
      <Title order={2} size="h4" mt={4} style={{ overflowWrap: 'anywhere' }}>
        <Anchor
          component={Link}
          to={paths.jobs.view.href(job.id)}
          // The job screens' routes load when the link is followed, not when the day is drawn.
          discover="none"
          className={TAP_TARGET}
          inherit
        >
          {job.customer.name}
        </Anchor>
      </Title>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Job {job.number}
        {job.reference && ` · ${job.reference}`}
        {job.priority && ` · ${job.priority.name} priority`}
      </Text>
      <Text size="sm">
        <JobStatusLabel status={job.status} rag={job.rag} />
      </Text>
      {lines.length > 0 && (
        <Text size="sm" c="dimmed" mt={4} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {lines.join(' · ')}
        </Text>
      )}
      <Group gap="xs" mt="xs" wrap="wrap">
        {address && (
          <Button
            component="a"
            href={directionsUrl(address)}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            aria-label={`Directions to ${address}`}
            style={{ maxWidth: '100%' }}
          >
            <Text span truncate inherit>
              {address}
            </Text>
          </Button>
        )}
        {tel && (
          <Button
            component="a"
            href={tel}
            variant="light"
            aria-label={`Call ${phone} (${job.customer.name})`}
          >
            Call {phone}
          </Button>
        )}
      </Group>
    </Paper>
  );
}
