import { type Job, type JobStatus, statusStamps } from '@fieldbook/domain';
import { createContext, use, useSyncExternalStore } from 'react';
import { NetworkError } from '../../lib/api-client';
import { useOnline } from '../../lib/network';
import { serverNow } from '../../lib/server-clock';
import type { ActionBody, Owner, StoredAction } from './device-store';
import type { QueueState, WorkQueue } from './work-queue';

/**
 * The device's side of the work (`app/device-work.tsx` starts it 2 s after the first screen, at once when started
 * offline): the queue of actions taken on the device, and when the week kept on it was read (a Technician's only).
 * Null until it has started: until then actions go straight to the server as always.
 */
export interface DeviceWork {
  queue: WorkQueue;
  /** The server's answer to an action sent straight away (`useFieldAction`): the kept week shows it. */
  keepAnswer: (jobId: string, action: ActionBody, answer: unknown) => void;
  /** When the kept week was read from the server (epoch ms), or null when none is kept. */
  savedAt: () => number | null;
  subscribeSavedAt: (listener: () => void) => () => void;
}

export const DeviceWorkContext = createContext<DeviceWork | null>(null);

/**
 * Starts the device's work now, not when it would have (an action with no signal in the first seconds after the app
 * opens must be kept): resolves with it, or null when it cannot start (its code not loaded yet, with no network).
 */
export const StartDeviceWorkContext = createContext<() => Promise<DeviceWork | null>>(async () => null);

/** Whose week and actions: one user in one organisation. */
export const ownerOf = (sub: string, tenantId: string): Owner => `${sub}@${tenantId}`;

export const useDeviceWork = (): DeviceWork | null => use(DeviceWorkContext);

const NONE: QueueState = [];
const noQueue = () => () => undefined;

/** Every action the device keeps, in the order they were taken (none without a queue). */
export function useWaitingActions(): QueueState {
  const queue = useDeviceWork()?.queue;
  return useSyncExternalStore(queue?.subscribe ?? noQueue, queue?.getSnapshot ?? (() => NONE));
}

/** The actions of one job that the server has not accepted yet. */
export function useJobActions(jobId: string): StoredAction[] {
  return useWaitingActions().filter((action) => action.jobId === jobId);
}

/**
 * A technician's action on a job, taken on the device when it must be (offline, or while earlier actions of the job
 * still wait: nothing overtakes them), else sent straight away by `direct`, given the Idempotency-Key and the time
 * it was taken (ISO 8601). `direct` sends what the device's resend of the action would (`sendAction`): a direct
 * request that gets no answer is taken on the device with the same key and time, so if it did arrive, the resend is
 * the same request and gets the first answer. Its answer goes to the kept week. Before the device's work has
 * started (the first seconds after the app opens), an action that must be kept starts it. Resolves 'sent' or 'kept'.
 */
export function useFieldAction(job: { id: string; number: number }) {
  const work = useDeviceWork();
  const startWork = use(StartDeviceWorkContext);
  const waiting = useJobActions(job.id);
  const online = useOnline();
  return async <T>(
    action: ActionBody,
    direct: (key: string, takenAt: string) => Promise<T>,
    key: string = crypto.randomUUID(),
    /** Keep it without trying: an earlier part of the same step was kept. */
    mustKeep = false,
  ): Promise<'sent' | 'kept'> => {
    // By the server's clock: a phone set minutes out would otherwise stamp its Start or sign-off wrong, or be refused.
    const takenAt = serverNow();
    /** Whether it was kept: not without the device's work. */
    const kept = async () => {
      const device = work ?? (await startWork());
      await device?.queue.take({ jobId: job.id, jobNumber: job.number, action, key, takenAt });
      return device !== null;
    };
    if ((mustKeep || !online || waiting.length > 0) && (await kept())) return 'kept';
    try {
      const answer = await direct(key, new Date(takenAt).toISOString());
      work?.keepAnswer(job.id, action, answer);
      return 'sent';
    } catch (error) {
      if (error instanceof NetworkError && (await kept())) return 'kept';
      throw error;
    }
  };
}

/** After an action kept on the device: "Note saved on this device: …", "Job 12 started: saved on this device: …". */
export const KEPT_MESSAGE = 'saved on this device: it will be sent when there is a connection.';

/**
 * A job as the technician left it: its status changes still waiting to be sent applied in order, with the actual
 * start and finish they record (when each was taken), so a screen shows what they did (In progress since 8:05 am
 * after Start) and the next step (Finish). A refused one is not applied.
 */
export function withKeptStatus<T extends Pick<Job, 'status' | 'actualStart' | 'actualFinish'>>(
  job: T,
  actions: readonly StoredAction[],
): T {
  let shown = job;
  for (const { action, state, takenAt } of actions) {
    if (action.type !== 'status' || state !== 'waiting') continue;
    const to = action.to as JobStatus;
    shown = { ...shown, status: to, ...statusStamps(shown.status, to, shown, new Date(takenAt)) };
  }
  return shown;
}
