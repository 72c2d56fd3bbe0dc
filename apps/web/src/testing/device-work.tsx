import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type RouteObject } from 'react-router';
import { type DeviceWork, DeviceWorkContext, type StoredAction } from '../features/offline';

/** An action taken on the device and waiting to be sent, as the device's queue keeps it. */
export const waitingAction = (
  fields: Pick<StoredAction, 'jobId' | 'jobNumber' | 'takenAt' | 'action'> & Partial<StoredAction>,
): StoredAction => ({
  owner: 'user-1@t-acme',
  key: `key-${fields.action.type}-${fields.takenAt}`,
  state: 'waiting',
  attempts: 0,
  ...fields,
});

/**
 * `routes` under the device's work with `actions` waiting in its queue (a snapshot that does not change), as the
 * signed-in layout provides it once started.
 */
export function withWaitingActions(
  actions: readonly StoredAction[],
  routes: (queryClient: QueryClient) => RouteObject[],
): (queryClient: QueryClient) => RouteObject[] {
  const device = {
    queue: { subscribe: () => () => undefined, getSnapshot: () => actions },
    savedAt: () => null,
    subscribeSavedAt: () => () => undefined,
  } as unknown as DeviceWork;
  return (queryClient) => [
    {
      element: (
        <DeviceWorkContext value={device}>
          <Outlet />
        </DeviceWorkContext>
      ),
      children: routes(queryClient),
    },
  ];
}
