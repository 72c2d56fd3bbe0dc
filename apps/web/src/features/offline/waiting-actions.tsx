import { clockTime } from '@fieldbook/domain';
import { Button, CopyButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { TAP_TARGET } from '../../components/tap-targets';
import { paths } from '../../lib/paths';
import { useTimeZone } from '../../lib/time-zone';
import { actionName, notSentText } from './action-names';
import type { StoredAction } from './device-store';
import { useDeviceWork, useWaitingActions } from './device-work';
import { holdsBack } from './work-queue';

/**
 * In the header while the device keeps actions the server has not accepted: "3 waiting" (or "1 not sent" when
 * one failed), which opens the list, each with why it failed and Try again or Discard.
 */
export function WaitingActions() {
  const actions = useWaitingActions();
  const [opened, setOpened] = useState(false);
  if (actions.length === 0 && !opened) return null;
  const stuck = actions.filter((action) => action.state !== 'waiting').length;
  return (
    <>
      <Button
        variant={stuck > 0 ? 'filled' : 'light'}
        color={stuck > 0 ? 'red' : 'blue'}
        size="compact-md"
        mih={44}
        // The organisation's name gives way, never the count.
        style={{ flexShrink: 0 }}
        onClick={() => setOpened(true)}
        aria-haspopup="dialog"
      >
        {stuck > 0 ? `${stuck} not sent` : `${actions.length} waiting`}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Waiting to send" size="lg">
        {actions.length === 0 ? (
          <Text>Everything has been sent.</Text>
        ) : (
          <Stack gap="md">
            <Text size="sm">
              Kept on this device and sent in this order when there is a connection. Nothing here is lost when
              the app closes.
            </Text>
            {actions.map((action) => (
              <WaitingAction
                key={action.seq}
                action={action}
                held={heldBack(actions, action)}
                onOpen={() => setOpened(false)}
              />
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** Whether a waiting step of a visit waits for the technician's choice on a refused step before it, of its job. */
const heldBack = (actions: readonly StoredAction[], action: StoredAction) =>
  action.state === 'waiting' &&
  holdsBack(action) &&
  actions.some(
    (earlier) =>
      (earlier.seq as number) < (action.seq as number) &&
      earlier.jobId === action.jobId &&
      earlier.state !== 'waiting' &&
      holdsBack(earlier),
  );

interface WaitingActionProps {
  action: StoredAction;
  /** It waits for the technician's choice on a refused step of its job. */
  held: boolean;
  onOpen: () => void;
}

function WaitingAction({ action, held, onOpen }: WaitingActionProps) {
  const queue = useDeviceWork()?.queue;
  const timeZone = useTimeZone();
  const seq = action.seq as number;
  return (
    <Stack gap={4} component="section" aria-label={`Job ${action.jobNumber}: ${actionName(action.action)}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text fw={600}>
          <Link to={paths.jobs.view.href(action.jobId)} onClick={onOpen} className={TAP_TARGET}>
            Job {action.jobNumber}
          </Link>
          : {actionName(action.action)}
        </Text>
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {clockTime(new Date(action.takenAt), timeZone)}
        </Text>
      </Group>
      {action.state === 'waiting' ? (
        <Text size="sm">
          {held
            ? 'Waits for your choice on the step above that was not sent: it is sent once that is sent or discarded.'
            : action.attempts > 0
              ? 'Waiting for a connection.'
              : 'Waiting to send.'}
        </Text>
      ) : (
        <>
          <Text size="sm" c="red.8">
            {notSentText(action)}
          </Text>
          {action.action.type === 'note' && <KeptNote text={action.action.text} />}
          <Group gap="sm">
            <Button variant="default" onClick={() => void queue?.retry(seq)}>
              Try again
            </Button>
            <Button variant="default" color="red" onClick={() => void queue?.discard(seq)}>
              Discard
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

/** A note not sent, in full (its name in the list is cut short), to read and copy before it is discarded. */
function KeptNote({ text }: { text: string }) {
  return (
    <Paper withBorder p="xs">
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <CopyButton value={text}>
        {({ copied, copy }) => (
          <Button variant="light" size="compact-md" mih={44} mt="xs" onClick={copy}>
            {copied ? 'Copied' : 'Copy the note'}
          </Button>
        )}
      </CopyButton>
    </Paper>
  );
}

interface SignOutCheckProps {
  opened: boolean;
  onClose: () => void;
  onSignOut: () => void;
}

/**
 * Before signing out with actions not yet sent: sign-out deletes them from the device, so the user chooses, told
 * how many.
 */
export function SignOutCheck({ opened, onClose, onSignOut }: SignOutCheckProps) {
  const count = useWaitingActions().length;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={`${count === 1 ? '1 action is' : `${count} actions are`} not sent yet`}
    >
      <Stack>
        <Text>
          Signing out deletes what this device has not sent. Stay signed in until it is sent (the header shows
          what waits), or sign out and lose it.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            Stay signed in
          </Button>
          <Button color="red" onClick={onSignOut}>
            {count === 1 ? 'Sign out and delete it' : 'Sign out and delete them'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
