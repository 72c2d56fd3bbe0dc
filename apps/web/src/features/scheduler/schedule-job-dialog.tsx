import type { Job, Technician } from '@fieldbook/domain';
import { Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { type Slot, slotOfDrop } from './board-slots';
import { type ScheduleFailure, ScheduleFailureText } from './schedule-failure';

/** The lengths a job may be given here, in minutes; an hour unless chosen otherwise (spec section 9). */
const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240, 360, 480] as const;

const durationLabel = (minutes: number) =>
  minutes < 60
    ? `${minutes} minutes`
    : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`.replace('1.5 hours', '1½ hours');

interface ScheduleJobDialogProps {
  timeZone: string;
  /** The job to schedule; none: the dialog is closed. */
  job: Job | null;
  technicians: readonly Technician[];
  /** The day the board shows: the form starts there. */
  date: string;
  saving: boolean;
  /** What a failed save said (kept until the next try). */
  failure: ScheduleFailure | null;
  onSubmit: (slot: Slot) => void;
  onClose: () => void;
  /** Closed, the focus goes back to what opened it (the default); not when the page moves it on itself. */
  returnFocus?: boolean;
  /** Once it has gone from the screen (its closing transition ended). */
  onClosed?: () => void;
}

interface Values {
  technician: string;
  date: string;
  time: string;
  duration: string;
}

const messages = {
  technician: 'Choose the technician.',
  date: 'Enter the date.',
  time: 'Enter the start time.',
} as const;

/**
 * Scheduling without a pointer: a technician, a date, a start time and a length (an hour unless chosen), saved as
 * a drop on the board is. Each field has its label; errors stay beside their field.
 */
export function ScheduleJobDialog(props: ScheduleJobDialogProps) {
  const { job, onClose, returnFocus = true, onClosed } = props;
  return (
    <Modal
      opened={job !== null}
      onClose={onClose}
      title={job ? `Schedule job ${job.number}` : ''}
      centered
      returnFocus={returnFocus}
      onExitTransitionEnd={onClosed}
    >
      {/* A new form for each job, so nothing typed for one is left for the next. */}
      {job && <ScheduleJobForm key={job.id} {...props} job={job} />}
    </Modal>
  );
}

function ScheduleJobForm({
  timeZone,
  job,
  technicians,
  date,
  saving,
  failure,
  onSubmit,
  onClose,
}: ScheduleJobDialogProps & { job: Job }) {
  const taking = technicians.filter((technician) => !technician.retired);
  const [values, setValues] = useState<Values>({
    technician: job.assignee && taking.some(({ id }) => id === job.assignee) ? job.assignee : '',
    date,
    time: '08:00',
    duration: '60',
  });
  const [problems, setProblems] = useState<Partial<Record<keyof Values, string>>>({});
  const set = (field: keyof Values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof problems = {};
    if (!values.technician) found.technician = messages.technician;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) found.date = messages.date;
    if (!/^\d{2}:\d{2}$/.test(values.time)) found.time = messages.time;
    setProblems(found);
    const first = (['technician', 'date', 'time'] as const).find((field) => found[field]);
    if (first) {
      // The first field to put right takes the focus, as a keyboard user would look for it.
      event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const slot = slotOfDrop(timeZone, `${values.date}T${values.time}:00`, values.technician);
    const minutes = Number(values.duration);
    onSubmit({ ...slot, finish: new Date(Date.parse(slot.start) + minutes * 60_000).toISOString() });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {[job.customer.name, job.location?.name].filter(Boolean).join(', ')}
          {job.reference ? `: ${job.reference}` : ''}
        </Text>
        {failure && (
          <ErrorAlert title={failure.title}>
            <ScheduleFailureText failure={failure} />
          </ErrorAlert>
        )}
        <NativeSelect
          label="Technician"
          name="technician"
          required
          value={values.technician}
          onChange={set('technician')}
          error={problems.technician}
          data={[
            { value: '', label: 'Choose the technician' },
            ...taking.map((technician) => ({ value: technician.id, label: technician.name })),
          ]}
          data-autofocus
        />
        <Group grow align="flex-start">
          <TextInput
            type="date"
            label="Date"
            name="date"
            required
            value={values.date}
            onChange={set('date')}
            error={problems.date}
          />
          <TextInput
            type="time"
            label="Start time"
            name="time"
            required
            step={900}
            value={values.time}
            onChange={set('time')}
            error={problems.time}
          />
        </Group>
        <NativeSelect
          label="Duration"
          value={values.duration}
          onChange={set('duration')}
          data={DURATIONS.map((minutes) => ({ value: String(minutes), label: durationLabel(minutes) }))}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
