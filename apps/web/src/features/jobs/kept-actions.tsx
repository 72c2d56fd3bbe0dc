import type { Job, JobStatus } from '@fieldbook/domain';
import { Alert, List } from '@mantine/core';
import { actionName, type StoredAction } from '../offline';

/** What a technician's action needs of its job: which one, and its number to name it by. */
export type FieldJob = Pick<Job, 'id' | 'number'>;

/**
 * The job as the technician left it: the status of their last status change still waiting to be sent, so the
 * viewer shows what they did (In progress after Start) and the next step (Finish). A failed one is not applied.
 */
export function withKeptStatus<T extends Pick<Job, 'status'>>(job: T, actions: readonly StoredAction[]): T {
  const last = actions.findLast((kept) => kept.action.type === 'status' && kept.state === 'waiting');
  return last?.action.type === 'status' ? { ...job, status: last.action.to as JobStatus } : job;
}

/** On the job: what was done on this device and is not on the server yet, in the order it was done. */
export function KeptActions({ actions }: { actions: readonly StoredAction[] }) {
  if (actions.length === 0) return null;
  const stuck = actions.some((action) => action.state !== 'waiting');
  return (
    <Alert
      color={stuck ? 'red' : 'blue'}
      mb="md"
      role="status"
      title={stuck ? 'Not sent: see what waits, in the header' : 'Waiting to send'}
    >
      <List size="sm">
        {actions.map((action) => (
          <List.Item key={action.seq}>
            {actionName(action.action)}
            {action.state === 'waiting' ? '' : ' (not sent)'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
