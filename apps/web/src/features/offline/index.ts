// The offline feature's public entry: the device's copy of a technician's week and the queue of what they did
// offline. The runtime that starts them is wired in `app/device-work.tsx`.

export { deviceActionStore } from './action-store';
export {
  type ActionBody,
  clearDevice,
  copyOf,
  keepCopy,
  lastCopy,
  type Owner,
  ownerOf,
  type SavedQuery,
  type StoredAction,
  type WeekCopy,
} from './device-store';
export {
  type DeviceWork,
  DeviceWorkContext,
  KEPT_MESSAGE,
  useDeviceWork,
  useFieldAction,
  useJobActions,
  useOnline,
  useWaitingActions,
} from './device-work';
export { OfflineBanner } from './offline-banner';
export { actionName, SignOutCheck, WaitingActions } from './waiting-actions';
export { createWorkQueue, StatusConflict, type WorkQueue } from './work-queue';
