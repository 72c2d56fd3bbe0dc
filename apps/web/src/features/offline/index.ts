// The offline feature's public entry, for the screens: the hooks of the device's work and what they show. The
// device's database, the queue and the header's list are started by `app/device-work.tsx` (after the first screen),
// which reads them from their own files, so none of them is in a screen's download.

export { actionName } from './action-names';
export type { ActionBody, Owner, SavedQuery, StoredAction, WeekCopy } from './device-store';
export {
  type DeviceWork,
  DeviceWorkContext,
  KEPT_MESSAGE,
  ownerOf,
  StartDeviceWorkContext,
  useDeviceWork,
  useFieldAction,
  useJobActions,
  useWaitingActions,
  withKeptStatus,
} from './device-work';
export { StatusConflict } from './work-queue';
