import {
  ARRIVAL_MINUTES,
  calendarDateIn,
  calendarDateText,
  type Departure,
  type Job,
} from '@fieldbook/domain';
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useRef, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useNotify } from '../../components/notices';
import { useTimeZone } from '../../lib/time-zone';
import { KEPT_MESSAGE, useFieldAction } from '../offline';
import { useAddDeparture } from './api/add-departure';

interface OnMyWayDialogProps {
  job: Pick<Job, 'id' | 'number' | 'customer' | 'scheduledStart'>;
  opened: boolean;
  onClose: () => void;
}

/** How a choice of `ARRIVAL_MINUTES` reads. */
const ARRIVAL_LABELS: Record<number, string> = {
  15: '15 minutes',
  30: '30 minutes',
  45: '45 minutes',
  60: '1 hour',
  90: '1½ hours',
  120: '2 hours',
};
const arrivalLabel = (minutes: number) => ARRIVAL_LABELS[minutes] ?? `${minutes} minutes`;

/**
 * 'On my way to job 12': when the technician expects to arrive, and whether to email the customer; then recorded
 * (and the email put in the outbox). A failure keeps the choices and says nothing was recorded.
 */
export function OnMyWayDialog({ job, opened, onClose }: OnMyWayDialogProps) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={onClose} title={`On my way to job ${job.number}`} fullScreen={phone}>
      {opened && <OnMyWayForm job={job} onDone={onClose} />}
    </Modal>
  );
}

function OnMyWayForm({ job, onDone }: { job: OnMyWayDialogProps['job']; onDone: () => void }) {
  const [minutes, setMinutes] = useState('30');
  const [notify, setNotify] = useState(true);
  const key = useRef(crypto.randomUUID());
  const depart = useAddDeparture(job.id);
  const field = useFieldAction(job);
  const say = useNotify();
  const timeZone = useTimeZone();
  // A visit booked for another day (a tap on tomorrow's by mistake) says so before the customer is told "today".
  const booked = job.scheduledStart ? calendarDateIn(timeZone, new Date(job.scheduledStart)) : null;
  const otherDay = booked !== null && booked !== calendarDateIn(timeZone) ? booked : null;
  const send = (event: React.FormEvent) => {
    event.preventDefault();
    const fields = { arrivalMinutes: Number(minutes), notify };
    let departure: Departure | undefined;
    void field(
      { type: 'departure', ...fields },
      async (departureKey, takenAt) => {
        departure = await depart.mutateAsync({ fields: { ...fields, takenAt }, key: departureKey });
        return departure;
      },
      key.current,
    ).then(
      (sent) => {
        say(
          sent === 'kept'
            ? `On my way ${KEPT_MESSAGE}`
            : departure?.emailedTo
              ? `On my way recorded. The email to ${departure.emailedTo} is waiting to be sent.`
              : notify
                ? `On my way recorded. No email was sent: ${job.customer.name} has no email address.`
                : 'On my way recorded. No email was sent.',
        );
        onDone();
      },
      // The failure shows in the form.
      () => undefined,
    );
  };
  return (
    <form onSubmit={send} noValidate>
      <Stack>
        {otherDay && (
          <Alert color="yellow">
            <strong>This visit is not today.</strong> Job {job.number} is booked for{' '}
            {calendarDateText(otherDay)}. On my way tells the customer you are arriving today.
          </Alert>
        )}
        <Radio.Group label="I expect to arrive in" value={minutes} onChange={setMinutes}>
          <Group mt="xs" gap="sm">
            {ARRIVAL_MINUTES.map((choice) => (
              <Radio key={choice} value={String(choice)} label={arrivalLabel(choice)} size="md" />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox
          size="md"
          checked={notify}
          onChange={(event) => setNotify(event.currentTarget.checked)}
          label={`Email ${job.customer.name} that I'm on my way`}
          description="Sent to the customer's email address, with a 30-minute arrival window. Nothing is sent if they have none."
        />
        {depart.error && (
          <div>
            <ApiErrorAlert error={depart.error} title="On my way was not recorded" />
            <Text size="sm">Nothing was recorded and no email was sent. Tap On my way to try again.</Text>
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={depart.isPending}>
            On my way
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
