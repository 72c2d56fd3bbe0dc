import type { QueryClient } from '@tanstack/react-query';
import { Outlet, type RouteObject } from 'react-router';
import { type DeviceRuntime, startDeviceWork } from '../app/device-work';
import { type DeviceWork, DeviceWorkContext, type StoredAction } from '../features/offline';

// The week kept on the device, as a test seeds it and reads what the app kept.
export { copyOf, keepCopy } from '../features/offline/device-store';

/** The owner of the device's week and actions in tests: the fake sign-in's user in the fake organisation. */
export const TEST_OWNER = 'user-1@t-acme';

/** An action taken on the device and waiting to be sent, as the device's queue keeps it. */
export const waitingAction = (
  fields: Pick<StoredAction, 'jobId' | 'jobNumber' | 'takenAt' | 'action'> & Partial<StoredAction>,
): StoredAction => ({
  owner: TEST_OWNER,
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
    keepAnswer: () => undefined,
    savedAt: () => null,
    subscribeSavedAt: () => () => undefined,
  } as unknown as DeviceWork;
  return withDeviceWork(device, routes);
}

/** `routes` under the device's work, as the signed-in layout provides it once started. */
export function withDeviceWork(
  work: DeviceWork,
  routes: (queryClient: QueryClient) => RouteObject[],
): (queryClient: QueryClient) => RouteObject[] {
  return (queryClient) => [
    {
      element: (
        <DeviceWorkContext value={work}>
          <Outlet />
        </DeviceWorkContext>
      ),
      children: routes(queryClient),
    },
  ];
}

/**
 * The device's side of the app as the signed-in layout starts it (`startDeviceWork`: the real queue over the
 * device's database, sending through the fake API), signed in and online. Stop it at the end of the test.
 */
export function startTestDeviceWork(queryClient: QueryClient): DeviceRuntime {
  return startDeviceWork({
    owner: TEST_OWNER,
    profile: { sub: 'user-1', name: 'Sam Nguyen' },
    tenantId: 't-acme',
    queryClient,
    signedIn: () => true,
    renew: async () => undefined,
  });
}
