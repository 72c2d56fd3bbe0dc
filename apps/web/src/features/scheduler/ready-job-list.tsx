import type { Job } from '@fieldbook/domain';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { DateTimeText } from '../../components/date-time-text';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { OFFLINE_SEARCH } from '../../lib/api-client';
import { countOf, countText, type ListCount } from '../../lib/list-count';
import { paths } from '../../lib/paths';
import { RagDot } from '../jobs';
import { READY_JOB_TYPE } from './resource-board';
import './ready-job-list.css';

/**
 * A search of the ready jobs: what it found (the last search's while the next runs; undefined until the first
 * answer), why it failed, and whether it is running or waiting for the network.
 */
export interface ReadySearch {
  found?: { jobs: readonly Job[]; count: ListCount };
  error: unknown;
  waiting?: 'searching' | 'offline';
}

interface ReadyJobListProps {
  /** The ready jobs the board loaded (up to its limit), shown while nothing is searched. */
  jobs: readonly Job[];
  /** How many jobs are ready in all (the list holds up to the board's limit); '1,000+' past what the server counts. */
  count: ListCount;
  /** What is typed in the search box, and the search of it while it has words (undefined when it has none). */
  text: string;
  onText: (text: string) => void;
  search: ReadySearch | undefined;
  /** Jobs whose save is under way: neither dragged nor scheduled again until it ends. */
  busy: ReadonlySet<string>;
  onSchedule: (job: Job) => void;
  onDragging: (dragging: boolean) => void;
}

/** What the list says of a search's matches: how many, and how many of them it shows. */
function matchesText(found: NonNullable<ReadySearch['found']>): string {
  const matches = countOf(found.count, ['ready job matches', 'ready jobs match']);
  const more = found.count.atLeast || found.count.total > found.jobs.length;
  return more ? `${matches}: showing the newest ${found.jobs.length}.` : `${matches}.`;
}

/**
 * The jobs ready to be scheduled, beside the board: each shows its number, customer, location, priority, due and
 * rag, is dragged onto the calendar by pointer, and has a Schedule button for the keyboard. Its search finds jobs
 * among all the ready ones on the server (`readyJobsSearchQueryOptions`), as the job list's search does.
 */
export function ReadyJobList({
  jobs,
  count,
  text,
  onText,
  search,
  busy,
  onSchedule,
  onDragging,
}: ReadyJobListProps) {
  const headingId = useId();
  // Until a search has found anything, the board's jobs stay while it runs (dimmed), and none show when it failed.
  const shown = search ? (search.found?.jobs ?? (search.waiting ? jobs : [])) : jobs;

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} className="ready-jobs">
      <Title order={2} size="h4" id={headingId}>
        Ready to be scheduled ({countText(count)})
      </Title>
      <TextInput
        label="Search ready jobs"
        description="Number, reference, customer or location: words that start with what you type"
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      {search?.error ? <LoadErrorAlert error={search.error} /> : null}
      <Text size="sm" c="dimmed" aria-live="polite">
        {search
          ? search.waiting === 'offline'
            ? OFFLINE_SEARCH
            : search.waiting === 'searching'
              ? 'Searching…'
              : search.found && matchesText(search.found)
          : (count.atLeast || count.total > jobs.length) &&
            `Showing the newest ${countText({ total: jobs.length, atLeast: false })} of ${countText(count)}.`}
      </Text>
      {shown.length === 0 ? (
        (!search || search.found) && (
          <Text size="sm">{search ? 'No ready jobs match.' : 'No jobs are ready to be scheduled.'}</Text>
        )
      ) : (
        <ul
          className="ready-jobs-list"
          aria-busy={search?.waiting !== undefined}
          data-waiting={search?.waiting}
        >
          {shown.map((job) => (
            <li key={job.id}>
              <Paper
                withBorder
                p="xs"
                className="ready-job"
                draggable={!busy.has(job.id)}
                data-busy={busy.has(job.id) || undefined}
                onDragStart={(event) => {
                  event.dataTransfer.setData(READY_JOB_TYPE, job.id);
                  event.dataTransfer.setData('text/plain', `Job ${job.number}`);
                  event.dataTransfer.effectAllowed = 'move';
                  onDragging(true);
                }}
                onDragEnd={() => onDragging(false)}
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                  <Stack gap={2} miw={0}>
                    <Group gap={6} wrap="nowrap">
                      {job.rag && <RagDot rag={job.rag} />}
                      <Anchor component={Link} to={paths.jobs.view.href(job.id)} fw={600} draggable={false}>
                        Job {job.number}
                      </Anchor>
                      {job.priority && (
                        <Text size="xs" c="dimmed">
                          {job.priority.name}
                        </Text>
                      )}
                    </Group>
                    <Text size="sm" className="ready-job-text">
                      {job.customer.name}
                    </Text>
                    {job.location && (
                      <Text size="sm" c="dimmed" className="ready-job-text">
                        {job.location.name}
                      </Text>
                    )}
                    {job.due && (
                      <Text size="xs" c="dimmed">
                        Due <DateTimeText value={job.due} />
                      </Text>
                    )}
                  </Stack>
                  <Button
                    size="xs"
                    variant="light"
                    flex="none"
                    aria-label={`Schedule job ${job.number}`}
                    disabled={busy.has(job.id)}
                    onClick={() => onSchedule(job)}
                  >
                    Schedule
                  </Button>
                </Group>
              </Paper>
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
