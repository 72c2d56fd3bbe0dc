/**
 * The server's clock as this device last saw it. A phone whose clock runs minutes ahead or behind (set by hand, or
 * never synced) would otherwise stamp a technician's actions with its own wrong time: the server refuses a time
 * more than five minutes ahead of its own, and a late one would put Start after Finish. Every API answer's `Date`
 * header says the server's time; the difference, once it is more than `SKEW_MS`, is kept (on the device too, for
 * an app opened without signal) and added to the device's clock wherever an action's time is taken.
 */

/** Below this, the difference is the header's one-second steps and the network's time, not a wrong clock. */
export const SKEW_MS = 60_000;

const KEY = 'fieldbook.serverClockOffset';

let offset: number | undefined;

function keptOffset(): number {
  if (offset === undefined) {
    const stored = Number(readStorage());
    offset = Number.isFinite(stored) ? stored : 0;
  }
  return offset;
}

function readStorage(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null; // Storage refused (a private window's quota): the clock is read afresh from each answer.
  }
}

/**
 * Notes the server's time from an answer's `Date` header, for a request sent at `sentAt` and answered at
 * `answeredAt` (the device's epoch ms): the header's time is taken to be halfway between.
 */
export function noteServerDate(header: string | null, sentAt: number, answeredAt: number): void {
  const serverTime = header === null ? Number.NaN : Date.parse(header);
  if (!Number.isFinite(serverTime)) return;
  const seen = serverTime - (sentAt + answeredAt) / 2;
  const next = Math.abs(seen) > SKEW_MS ? Math.round(seen) : 0;
  if (next === keptOffset()) return;
  offset = next;
  try {
    if (next === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, String(next));
  } catch {
    // Kept for this page only.
  }
}

/** The time now by the server's clock (epoch ms), as far as this device knows it. */
export function serverNow(): number {
  return Date.now() + keptOffset();
}

/** Forgets the offset (tests start from a device whose clock is right). */
export function resetServerClock(): void {
  offset = undefined;
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
