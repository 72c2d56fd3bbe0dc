import { deviceDb, type StoredAction } from './device-store';
import type { ActionStore } from './work-queue';

/** The work queue's actions in the device's database, in the order they were taken (`seq`). */
export const deviceActionStore: ActionStore = {
  async list(owner) {
    return (await deviceDb()).getAllFromIndex('actions', 'owner', owner);
  },
  async add(action) {
    const seq = await (await deviceDb()).add('actions', action);
    return { ...action, seq };
  },
  async put(action: StoredAction) {
    await (await deviceDb()).put('actions', action);
  },
  async remove(seq) {
    await (await deviceDb()).delete('actions', seq);
  },
};
