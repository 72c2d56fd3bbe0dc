import type { Job } from '@fieldbook/domain';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { DateTimeText } from '../../components/date-time-text';
import { countText, type ListCount } from '../../lib/list-count';
import { paths } from '../../lib/paths';
import { RagDot } from '../jobs';
import { READY_JOB_TYPE } from './resource-board';
import './ready-job-list.css';

interface ReadyJobListProps {
  jobs: readonly Job[];
  /** How many jobs are ready in all (the list holds up to the board's limit); '1,000+' past what the server counts. */
  count: ListCount;
  /** Jobs whose save is under way: neither dragged nor scheduled again until it ends. */
  busy: ReadonlySet<string>;
  onSchedule: (job: Job) => void;
  onDragging: (dragging: boolean) => void;
}

/** What a search of the ready list matches: number, reference, customer, location and priority. */
const searchText = (job: Job) =>
  [job.number, job.reference, job.customer.name, job.location?.name, job.priority?.name]
    .filter((part) => part !== null && part !== undefined)
    .join(' ')
    .toLocaleLowerCase('en-AU');

/**
 * The jobs ready to be scheduled, beside the board: each shows its number, customer, location, priority, due and
 * rag, is dragged onto the calendar by pointer, and has a Schedule button for the keyboard.
 */
export function ReadyJobList({ jobs, count, busy, onSchedule, onDragging }: ReadyJobListProps) {
  const [search, setSearch] = useState('');
  const words = useDeferredValue(search).toLocaleLowerCase('en-AU').split(/\s+/).filter(Boolean);
  const shown = jobs.filter((job) => words.every((word) => searchText(job).includes(word)));
  const headingId = useId();

  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} className="ready-jobs">
      <Title order={2} size="h4" id={headingId}>
        Ready to be scheduled ({countText(count)})
      </Title>
      <TextInput
        label="Search ready jobs"
        description="Number, reference, customer, location or priority"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {(count.atLeast || count.total > jobs.length) && (
        <Text size="sm" c="dimmed">
          Showing the newest {countText({ total: jobs.length, atLeast: false })} of {countText(count)}.
        </Text>
      )}
      {shown.length === 0 ? (
        <Text size="sm">
          {jobs.length === 0 ? 'No jobs are ready to be scheduled.' : 'No ready jobs match.'}
        </Text>
      ) : (
        <ul className="ready-jobs-list">
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
