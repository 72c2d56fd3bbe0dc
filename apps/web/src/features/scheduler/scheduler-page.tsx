import { calendarDateIn, type Job, wallClockAt } from '@fieldbook/domain';
import { Alert, Box, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { useNotify } from '../../components/notices';
import { PageHeading } from '../../components/page-heading';
import { SectionLoader } from '../../components/section-loader';
import { TextLink } from '../../components/text-link';
import type { ListCount } from '../../lib/list-count';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import {
  boardTechniciansQueryOptions,
  readyJobsQueryOptions,
  scheduledJobsQueryOptions,
} from './api/board-jobs';
import { readyJobsSearchQueryOptions } from './api/ready-jobs-search';
import { type ShownJob, useScheduleJob } from './api/schedule-job';
import { type BoardRange, rangeFromSearch } from './board-range';
import { type Slot, slotOfCalendarDrop, slotOfCalendarEvent } from './board-slots';
import { BoardLegend, BoardToolbar } from './board-toolbar';
import { ReadyJobList, type ReadySearch } from './ready-job-list';
import { type BoardChange, ResourceBoard } from './resource-board';
import { type ScheduleFailure, ScheduleFailureText, scheduleFailureOf } from './schedule-failure';
import { ScheduleJobDialog } from './schedule-job-dialog';
import './scheduler-page.css';

const NO_JOBS: Job[] = [];
/** How long typing in the ready list's search pauses before it is sent (as the pickers'). */
const SEARCH_PAUSE_MS = 200;
const NO_COUNT: ListCount = { total: 0, atLeast: false };

/** What a save says, in the organisation's time zone: 'Job 12 scheduled: SE02 Parramatta, Wed, 25 Nov, 10:00 am to 11:00 am.' */
function savedNotice(timeZone: string, number: number, verb: string, technician: string, slot: Slot) {
  const when = new Intl.DateTimeFormat('en-AU', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
  const [start, finish] = [new Date(slot.start), new Date(slot.finish)];
  // The finish's day too when it is another day than the start's (11:00 pm to Tue, 8 Dec, 2:00 am).
  const sameDay = calendarDateIn(timeZone, start) === calendarDateIn(timeZone, finish);
  const until = sameDay
    ? new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', timeZone })
    : when;
  return `Job ${number} ${verb}: ${technician}, ${when.format(start)} to ${until.format(finish)}.`;
}

/**
 * scheduler: the jobs ready to be scheduled on the left, the technicians' day on the right. A ready job dropped
 * on a technician at a time (or scheduled with its form) is saved Scheduled for an hour; an event moved or
 * stretched is saved with its new times. A refused save puts the event back and says why.
 */
export function SchedulerPage() {
  const timeZone = useTimeZone();
  const today = calendarDateIn(timeZone);
  const [search, setSearch] = useSearchParams();
  const asked = rangeFromSearch(search, today);
  // One object while the days stay the same: the calendar is given its rows and events again only when they change.
  const range = useMemo(() => ({ date: asked.date, days: asked.days }), [asked.date, asked.days]);
  const navigate = useNavigate();
  const notify = useNotify();

  const technicians = useQuery(boardTechniciansQueryOptions());
  const ready = useQuery(readyJobsQueryOptions());
  // The ready list's search, sent once the typing pauses. What the list showed stays, dimmed, until the answer to
  // what is typed now arrives; a cleared box shows the board's list at once.
  const [readyText, setReadyText] = useState('');
  const [debounced] = useDebouncedValue(readyText, SEARCH_PAUSE_MS);
  const typed = readyJobsSearchQueryOptions(readyText).enabled;
  const searchOptions = readyJobsSearchQueryOptions(typed ? debounced : '');
  const searched = useQuery({ ...searchOptions, placeholderData: keepPreviousData });
  const readySearch: ReadySearch | undefined = typed
    ? {
        found: searched.data && { jobs: searched.data.items, count: searched.data },
        error: searched.error,
        waiting:
          searched.fetchStatus === 'paused'
            ? 'offline'
            : debounced !== readyText || searched.isPlaceholderData || searched.isPending
              ? 'searching'
              : undefined,
      }
    : undefined;
  const scheduled = useQuery({
    ...scheduledJobsQueryOptions(timeZone, range),
    placeholderData: keepPreviousData,
  });
  const schedule = useScheduleJob();

  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [failure, setFailure] = useState<ScheduleFailure | null>(null);
  const [dragging, setDragging] = useState(false);
  const [dialogJob, setDialogJob] = useState<Job | null>(null);
  // A job scheduled from the keyboard's dialog: its event on the board takes the focus once the dialog has gone
  // (the Schedule button that opened it went with the job's place in the ready list).
  const [scheduledFromDialog, setScheduledFromDialog] = useState<string | null>(null);
  const [focusJobId, setFocusJobId] = useState<string | null>(null);
  const [dialogFailure, setDialogFailure] = useState<ScheduleFailure | null>(null);

  const technicianList = technicians.data?.items ?? [];
  const nameOf = (technicianId: string | null) =>
    technicianList.find((technician) => technician.id === technicianId)?.name ?? 'Unassigned';

  /**
   * Shows `next`, in the address. A step of the toolbar's is a new entry in the browser's history, so Back goes to
   * the range before; a typed date and the address's own correction (below) take the current entry's place.
   */
  const setRange = (next: BoardRange, { replace = false }: { replace?: boolean } = {}) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('date', next.date);
        if (next.days === 7) params.set('days', '7');
        else params.delete('days');
        return params;
      },
      { replace },
    );

  // An address whose date is not a day of the calendar ('2026-02-31') is given the day the board shows.
  const shownInAddress = search.get('date') === null || search.get('date') === range.date;
  useEffect(() => {
    if (!shownInAddress) setRange(range, { replace: true });
  });

  /** Saves a job at a slot: one save at a time per job, so nothing is scheduled twice. */
  async function save(shown: ShownJob, slot: Slot, verb: 'scheduled' | 'moved', revert?: () => void) {
    if (busy.has(shown.id)) {
      revert?.();
      return false;
    }
    setBusy((current) => new Set(current).add(shown.id));
    setFailure(null);
    try {
      const saved = await schedule.mutateAsync({ shown, slot });
      notify(savedNotice(timeZone, saved.number, verb, nameOf(saved.assignee), slot));
      return true;
    } catch (error) {
      revert?.();
      setFailure(scheduleFailureOf(shown, verb, error));
      return false;
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(shown.id);
        return next;
      });
    }
  }

  const readyJobs = ready.data?.items ?? NO_JOBS;

  const onDropJob = (jobId: string, at: Date, rowId: string | number) => {
    setDragging(false);
    const job = [...(readySearch?.found?.jobs ?? []), ...readyJobs].find(
      (candidate) => candidate.id === jobId,
    );
    if (job) void save(job, slotOfCalendarDrop(timeZone, at, rowId), 'scheduled');
  };

  const onChange = ({ job, start, end, rowId, revert }: BoardChange) =>
    void save(job, slotOfCalendarEvent(timeZone, start, end, rowId), 'moved', revert);

  const submitDialog = async (slot: Slot) => {
    if (!dialogJob) return;
    setDialogFailure(null);
    try {
      await schedule.mutateAsync({ shown: dialogJob, slot });
      notify(savedNotice(timeZone, dialogJob.number, 'scheduled', nameOf(slot.technicianId), slot));
      setScheduledFromDialog(dialogJob.id);
      setDialogJob(null);
      // The board goes to the day the job was put on.
      setRange({ ...range, date: wallClockAt(timeZone, slot.start).slice(0, 10) });
    } catch (error) {
      setDialogFailure(scheduleFailureOf(dialogJob, 'scheduled', error));
    }
  };

  const loadError = technicians.error ?? ready.error ?? scheduled.error;
  const loaded = technicians.data && ready.data && scheduled.data;

  return (
    <>
      <PageHeading>Scheduler</PageHeading>
      <Text mb="sm">
        <TextLink to={paths.today}>A technician's day, as their phone shows it</TextLink>
      </Text>
      {failure && (
        <Alert
          color="red"
          role="alert"
          mb="md"
          title={failure.title}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setFailure(null)}
        >
          <ScheduleFailureText failure={failure} />
        </Alert>
      )}
      {loadError && <LoadErrorAlert error={loadError} />}
      <BoardToolbar range={range} today={today} onRange={setRange} />
      {!loaded ? (
        !loadError && <SectionLoader />
      ) : (
        <div className="scheduler-layout">
          <ReadyJobList
            jobs={readyJobs}
            count={ready.data ?? NO_COUNT}
            text={readyText}
            onText={setReadyText}
            search={readySearch}
            busy={busy}
            onSchedule={(job) => {
              setDialogFailure(null);
              setDialogJob(job);
            }}
            onDragging={setDragging}
          />
          <Box className="scheduler-board" data-drop-target={dragging || undefined}>
            <ResourceBoard
              timeZone={timeZone}
              range={range}
              technicians={technicianList}
              jobs={scheduled.data?.items ?? NO_JOBS}
              onDropJob={onDropJob}
              onDropMissed={() => {
                setDragging(false);
                setFailure({
                  title: 'Not scheduled',
                  message: "Drop the job on a technician's row, at the time it starts. Nothing was changed.",
                });
              }}
              onChange={onChange}
              onOpen={(jobId) => void navigate(paths.jobs.view.href(jobId))}
              focusJobId={focusJobId}
              onFocused={() => setFocusJobId(null)}
            />
            <BoardLegend />
          </Box>
        </div>
      )}
      <ScheduleJobDialog
        timeZone={timeZone}
        job={dialogJob}
        returnFocus={scheduledFromDialog === null}
        onClosed={() => {
          setFocusJobId(scheduledFromDialog);
          setScheduledFromDialog(null);
        }}
        technicians={technicianList}
        date={range.date}
        saving={schedule.isPending && dialogJob !== null}
        failure={dialogFailure}
        onSubmit={(slot) => void submitDialog(slot)}
        onClose={() => setDialogJob(null)}
      />
    </>
  );
}
