import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** Whose copy: one user in one organisation (`{sub}@{tenantId}`, `ownerOf`). */
export type Owner = string;

/** One query's data as a screen reads it: its TanStack Query key and what the API answered. */
export interface SavedQuery {
  key: readonly unknown[];
  data: unknown;
}

/** A technician's week as kept on the device (`week-copy.ts`). */
export interface WeekCopy {
  owner: Owner;
  /** When it was read from the server (epoch ms). */
  savedAt: number;
  /** The ID token's claims (name, email, organisations): never a token. Offline, the app shows them. */
  profile: Record<string, unknown>;
  queries: SavedQuery[];
}

/** An action taken on the device and not yet accepted by the server (`work-queue.ts`). */
export interface StoredAction {
  /** The order it was taken in. */
  seq?: number;
  owner: Owner;
  jobId: string;
  jobNumber: number;
  /** Sent as the Idempotency-Key of a create: a resend after a lost answer creates nothing twice. */
  key: string;
  /** When it was taken (epoch ms). */
  takenAt: number;
  action: ActionBody;
  state: 'waiting' | 'failed' | 'conflict';
  /** Why it failed or conflicts, for the technician. */
  problem?: string;
  /** The job's status when the action was taken, and the server's now: a conflict shows both. */
  conflict?: { was: string; now: string };
  /** Refused because the server no longer shows the job to this user (404): reassigned or deleted by the office. */
  jobGone?: boolean;
  attempts: number;
}

export type ActionBody =
  | { type: 'departure'; arrivalMinutes: number; notify: boolean }
  | { type: 'status'; from: string; to: string }
  | { type: 'note'; text: string }
  | { type: 'photo'; file: Blob; filename: string }
  | {
      type: 'signature';
      customerNotPresent: boolean;
      signerName: string | null;
      image: string | null;
    };

interface DeviceSchema extends DBSchema {
  copies: { key: Owner; value: WeekCopy };
  actions: { key: number; value: StoredAction; indexes: { owner: Owner } };
  /** `last`: whose copy an offline start opens. */
  device: { key: 'last'; value: Owner };
}

const NAME = 'fieldbook-device';
const VERSION = 2;
let opened: Promise<IDBPDatabase<DeviceSchema>> | null = null;

/** The device's database (IndexedDB), opened once. */
export function deviceDb(): Promise<IDBPDatabase<DeviceSchema>> {
  opened ??= openDB<DeviceSchema>(NAME, VERSION, {
    // Each store made when missing: a database someone opened with no version (an empty version 1) is made whole.
    upgrade(db) {
      const has = (name: string) => db.objectStoreNames.contains(name as never);
      if (!has('copies')) db.createObjectStore('copies', { keyPath: 'owner' });
      if (!has('actions'))
        db.createObjectStore('actions', { keyPath: 'seq', autoIncrement: true }).createIndex(
          'owner',
          'owner',
        );
      if (!has('device')) db.createObjectStore('device');
    },
  });
  return opened;
}

/** Keeps a week's copy and marks its owner as the one an offline start opens. */
export async function keepCopy(copy: WeekCopy): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['copies', 'device'], 'readwrite');
  await Promise.all([
    tx.objectStore('copies').put(copy),
    tx.objectStore('device').put(copy.owner, 'last'),
    tx.done,
  ]);
}

/** The copy of whoever last used the app on this device, for an offline start. */
export async function lastCopy(): Promise<WeekCopy | undefined> {
  const db = await deviceDb();
  const owner = await db.get('device', 'last');
  return owner === undefined ? undefined : db.get('copies', owner);
}

export async function copyOf(owner: Owner): Promise<WeekCopy | undefined> {
  return (await deviceDb()).get('copies', owner);
}

/** Sign-out: nothing of the user stays on the device, neither the week nor actions not yet sent. */
export async function clearDevice(): Promise<void> {
  const db = await deviceDb();
  const tx = db.transaction(['copies', 'actions', 'device'], 'readwrite');
  await Promise.all([
    tx.objectStore('copies').clear(),
    tx.objectStore('actions').clear(),
    tx.objectStore('device').clear(),
    tx.done,
  ]);
}
