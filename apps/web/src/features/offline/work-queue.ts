import { ApiRequestError, isRetryable, SignInNeededError } from '../../lib/api-client';
import type { ActionBody, Owner, StoredAction } from './device-store';

/** Where the queue keeps its actions: IndexedDB in the app (`action-store.ts`), a map in tests. */
export interface ActionStore {
  /** The owner's actions in the order they were taken. */
  list(owner: Owner): Promise<StoredAction[]>;
  /** Stores a new action; returns it with its `seq`. */
  add(action: StoredAction): Promise<StoredAction>;
  put(action: StoredAction): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** A status change the job's status no longer allows: shown to the technician with both states. */
export class StatusConflict extends Error {
  readonly was: string;
  readonly now: string;

  constructor(was: string, now: string) {
    super(`The job was changed meanwhile: it was ${was} and is now ${now}.`);
    this.name = 'StatusConflict';
    this.was = was;
    this.now = now;
  }
}

/**
 * The request of one action (`sendAction`): resolves with the server's answer when it accepted it, or it was done
 * already.
 */
export type SendAction = (action: StoredAction) => Promise<unknown>;

export interface WorkQueueOptions {
  store: ActionStore;
  send: SendAction;
  /** After an action is accepted, with the server's answer: the screens read its job again, the kept week shows it. */
  onSent?: (action: StoredAction, answer: unknown) => void;
  /** When the server wants a new sign-in (401): sending resumes with `flush` after it. */
  onSignInNeeded?: () => void;
  /** Waits before trying again after no answer: 2 s, 4 s, 8 s … up to a minute. */
  schedule?: (retry: () => void, delayMs: number) => void;
  now?: () => number;
}

export type QueueState = readonly StoredAction[];

/**
 * Whether an action is a step of the visit, which a refused step holds back and which holds back the later steps of
 * its job when refused (a Finish after a refused Start would be refused too). A note or a photo never conflicts: it
 * is neither held back nor holds back (a photo the server cannot read does not stop the Finish).
 */
export const holdsBack = (action: StoredAction) =>
  action.action.type !== 'note' && action.action.type !== 'photo';

/**
 * Runs `work` in one tab at a time (the Web Locks API, where the browser has it): two tabs of the app send the same
 * stored actions one after the other, the second finding them gone, never both at once.
 */
function oneTabAtATime(name: string, work: () => Promise<void>): Promise<void> {
  return typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(name, work) : work();
}

/** The first wait after a failure to reach the server, and the longest. */
export const FIRST_RETRY_MS = 2_000;
export const LAST_RETRY_MS = 60_000;

/** How long to wait after the `attempts`-th failure in a row to reach the server. */
export const retryDelay = (attempts: number): number =>
  Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));

/**
 * A technician's actions taken on the device, sent in the order they were taken, one at a time: an action is
 * stored first (shown as done, "waiting to send") and removed once the server has accepted it. No answer (no
 * network, a server that cannot serve now) keeps it waiting and tries again later; a refusal marks it failed (or,
 * for a status the job no longer allows or another 409, in conflict) with the reason; a refused step of the visit
 * holds back the later actions of the same job until the technician retries or discards it. Actions of other jobs
 * go on.
 */
export function createWorkQueue(owner: Owner, options: WorkQueueOptions) {
  const { store, send } = options;
  const schedule = options.schedule ?? ((retry, delay) => setTimeout(retry, delay));
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let state: QueueState = [];
  let flushing: Promise<void> | null = null;
  let again = false;
  /** No answer, or no token: a new action only waits, until the timer, the network or a sign-in sends again. */
  let stalled = false;

  const changed = async () => {
    state = await store.list(owner);
    for (const listener of listeners) listener();
  };

  /** Sends what waits, in order; false when it stopped for want of an answer or a token. */
  async function sendWaiting(): Promise<boolean> {
    const held = new Set<string>();
    for (const action of await store.list(owner)) {
      if (action.state !== 'waiting' || (held.has(action.jobId) && holdsBack(action))) {
        if (action.state !== 'waiting' && holdsBack(action)) held.add(action.jobId);
        continue;
      }
      let answer: unknown;
      try {
        answer = await send(action);
      } catch (error) {
        // The sign-in has ended (the banner asks the user to sign in again): it all waits for that.
        if (error instanceof SignInNeededError) {
          stalled = true;
          return false;
        }
        if (error instanceof ApiRequestError && error.status === 401) {
          stalled = true;
          options.onSignInNeeded?.();
          return false;
        }
        if (!(error instanceof StatusConflict) && isRetryable(error)) {
          // No answer: nothing after it goes before it. Try again later, longer after each failure.
          await store.put({ ...action, attempts: action.attempts + 1 });
          await changed();
          stalled = true;
          schedule(() => void flush(), retryDelay(action.attempts + 1));
          return false;
        }
        const conflict = error instanceof StatusConflict ? { was: error.was, now: error.now } : undefined;
        const jobGone = error instanceof ApiRequestError && error.status === 404;
        // The server's 409: the job changed since the action was taken (a sign-off taken since on another phone).
        const conflicting =
          conflict !== undefined || (error instanceof ApiRequestError && error.status === 409);
        await store.put({
          ...action,
          state: conflicting ? 'conflict' : 'failed',
          problem: error instanceof Error ? error.message : String(error),
          ...(conflict ? { conflict } : {}),
          ...(jobGone ? { jobGone } : {}),
          attempts: action.attempts + 1,
        });
        if (holdsBack(action)) held.add(action.jobId);
        await changed();
        continue;
      }
      await store.remove(action.seq as number);
      await changed();
      options.onSent?.(action, answer);
    }
    return true;
  }

  /** Sends what is waiting; a call while sending sends again after, so nothing taken meanwhile waits for a timer. */
  function flush(): Promise<void> {
    if (flushing) {
      again = true;
      return flushing;
    }
    stalled = false;
    flushing = oneTabAtATime(`fieldbook-work-queue ${owner}`, async () => {
      let going = true;
      while (going) {
        again = false;
        going = (await sendWaiting()) && again;
      }
    }).finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    /** Stores an action taken now (shown at once as waiting), then sends what is waiting. */
    async take(taken: {
      jobId: string;
      jobNumber: number;
      action: ActionBody;
      key?: string;
      /** When it was taken (epoch ms), if not now: a direct send that got no answer keeps its own time. */
      takenAt?: number;
    }): Promise<void> {
      await store.add({
        owner,
        jobId: taken.jobId,
        jobNumber: taken.jobNumber,
        key: taken.key ?? crypto.randomUUID(),
        takenAt: taken.takenAt ?? now(),
        action: taken.action,
        state: 'waiting',
        attempts: 0,
      });
      await changed();
      if (!stalled) void flush();
    },
    flush,
    /** A failed or conflicting action, sent again as it is (after the office put the job right, say). */
    async retry(seq: number): Promise<void> {
      const action = state.find((item) => item.seq === seq);
      if (!action) return;
      const { problem: _problem, conflict: _conflict, jobGone: _jobGone, ...rest } = action;
      await store.put({ ...rest, state: 'waiting', attempts: 0 });
      await changed();
      void flush();
    },
    /** The technician gives an action up: it is never sent. The next ones of its job go on. */
    async discard(seq: number): Promise<void> {
      await store.remove(seq);
      await changed();
      void flush();
    },
    /** Reads the stored actions (at start, from an earlier session of the app). */
    load: changed,
    getSnapshot: (): QueueState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type WorkQueue = ReturnType<typeof createWorkQueue>;
