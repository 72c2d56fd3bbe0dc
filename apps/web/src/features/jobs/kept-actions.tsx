import type { Job } from '@fieldbook/domain';
import { Alert, List } from '@mantine/core';
import { actionName, type StoredAction } from '../offline';

/** What a technician's action needs of its job: which one, and its number to name it by. */
export type FieldJob = Pick<Job, 'id' | 'number'>;

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
          <List.Item key={action.key}>
            {actionName(action.action)}
            {action.state === 'waiting' ? '' : ' (not sent)'}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
