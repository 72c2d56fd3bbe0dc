import { calendarDateIn, type Job } from '@fieldbook/domain';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { jobKeys, sendAction } from '../features/jobs';
import type { ActionBody, DeviceWork, Owner, WeekCopy } from '../features/offline';
import { deviceActionStore } from '../features/offline/action-store';
import { copyOf, keepCopy } from '../features/offline/device-store';
import { createWorkQueue } from '../features/offline/work-queue';
import { copyWeek, restoreCopy, withAnswer } from '../features/today/week-copy';
import { lastTimeZone } from '../lib/time-zone';

export { OfflineBanner } from '../features/offline/offline-banner';
export { SignOutCheck, WaitingActions } from '../features/offline/waiting-actions';

/** How often a technician's week is read again while the app is open (and after what waited has been sent). */
const KEEP_EVERY_MS = 15 * 60_000;
/** After the first screen: the week is read behind it, never in its way. */
const FIRST_KEEP_MS = 3_000;

interface DeviceWorkStart {
  owner: Owner;
  /** The ID token's claims, kept with the week: an offline start shows the user's name and organisations. */
  profile: Record<string, unknown>;
  tenantId: string;
  queryClient: QueryClient;
  /** Whether there is a token to send with (not while offline with the kept copy, nor signing in). */
  signedIn: () => boolean;
  /** A new token after the server said the one sent had expired (a silent sign-in). */
  renew: () => Promise<void>;
}

export interface DeviceRuntime {
  work: DeviceWork;
  /** Keeps the week of a Technician (from the membership, once it has loaded). */
  keepWeek: () => void;
  /** Signed in again: what waits is sent. */
  resume: () => void;
  stop: () => void;
}

/**
 * The device's side of the signed-in app (loaded after the first screen, so not in its download): the queue of
 * actions taken on the device, sent whenever there is a network and a token; and, for a Technician, their week kept
 * on the device and read again every 15 minutes, put back into the screens' cache whenever the network goes.
 */
export function startDeviceWork(start: DeviceWorkStart): DeviceRuntime {
  const { owner, queryClient } = start;
  let copy: WeekCopy | undefined;
  const savedListeners = new Set<() => void>();
  const timers: ReturnType<typeof setTimeout>[] = [];
  const setCopy = (next: WeekCopy | undefined) => {
    copy = next;
    for (const listener of savedListeners) listener();
  };
  const today = () => calendarDateIn(lastTimeZone());
  const restore = () => {
    if (copy) restoreCopy(queryClient, copy, today());
  };
  /** The answers the server gave while the week was being read again: the new read may be from before them. */
  let answeredWhileReading: Parameters<typeof keepAnswer>[] | null = null;
  /** The server's answer to an action (sent straight away or from the queue): the kept week shows the job so. */
  function keepAnswer(jobId: string, action: ActionBody, answer: unknown) {
    answeredWhileReading?.push([jobId, action, answer]);
    // Today's cards show the job's status too.
    void queryClient.invalidateQueries({ queryKey: ['today'] });
    if (!copy) return;
    const next = withAnswer(copy, jobId, action, answer);
    if (next === copy) return;
    setCopy(next);
    void keepCopy(next);
  }

  const queue = createWorkQueue(owner, {
    store: deviceActionStore,
    send: async (action) => {
      const answer = await sendAction(action);
      // A status sent: the job as the server now has it, in the screens before the action leaves the queue, so a
      // job shown with its waiting Start applied never goes back to Scheduled until it is read again.
      if (action.action.type === 'status')
        queryClient.setQueryData(jobKeys.detail(action.jobId), answer as Job);
      return answer;
    },
    onSent: (action, answer) => {
      void queryClient.invalidateQueries({ queryKey: jobKeys.detail(action.jobId) });
      keepAnswer(action.jobId, action.action, answer);
      // The kept week shows what was sent, should the app next start offline.
      if (keeping && queue.getSnapshot().length === 0)
        timers.push(setTimeout(() => void keep(), FIRST_KEEP_MS));
    },
    // A renewed token changes the signed-in user: the layout then calls `resume`.
    onSignInNeeded: () => void start.renew(),
  });
  function send() {
    if (onlineManager.isOnline() && start.signedIn()) void queue.flush();
  }

  let keeping = false;
  const keep = async () => {
    if (!onlineManager.isOnline() || !start.signedIn()) return;
    answeredWhileReading = [];
    try {
      let read = await copyWeek(queryClient, owner, start.profile, start.tenantId);
      for (const [jobId, action, answer] of answeredWhileReading)
        read = withAnswer(read, jobId, action, answer);
      answeredWhileReading = null;
      // Shown first, then stored: an answer meanwhile goes into this copy, and is stored after it.
      setCopy(read);
      await keepCopy(read);
    } catch {
      // Not kept this time (no answer, a refusal): the copy kept before stays; the next round tries again.
    } finally {
      answeredWhileReading = null;
    }
  };

  void copyOf(owner).then((kept) => {
    setCopy(kept);
    if (!onlineManager.isOnline()) restore();
  });
  void queue.load().then(send);
  const unsubscribe = onlineManager.subscribe((online) => (online ? send() : restore()));

  return {
    work: {
      queue,
      keepAnswer,
      savedAt: () => copy?.savedAt ?? null,
      subscribeSavedAt: (listener) => {
        savedListeners.add(listener);
        return () => savedListeners.delete(listener);
      },
    },
    keepWeek() {
      if (keeping) return;
      keeping = true;
      timers.push(setTimeout(() => void keep(), FIRST_KEEP_MS));
      timers.push(setInterval(() => void keep(), KEEP_EVERY_MS));
    },
    resume: send,
    stop() {
      unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
