import { afterEach, describe, expect, it } from 'vitest';
import { noteServerDate, resetServerClock, SKEW_MS, serverNow } from './server-clock';

const MINUTE = 60_000;
/** A `Date` header `ms` away from this device's clock. */
const header = (ms: number) => new Date(Date.now() + ms).toUTCString();

afterEach(resetServerClock);

describe("the server's clock", () => {
  it("is the device's while no answer said otherwise", () => {
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  });

  it("follows a phone's clock that runs 10 minutes fast, and keeps the difference on the device", () => {
    const now = Date.now();
    noteServerDate(header(-10 * MINUTE), now, now);
    expect(serverNow() - Date.now()).toBeGreaterThan(-10 * MINUTE - 2_000);
    expect(serverNow() - Date.now()).toBeLessThan(-10 * MINUTE + 2_000);
    expect(Number(localStorage.getItem('fieldbook.serverClockOffset'))).toBeLessThan(-9 * MINUTE);
  });

  it('reads the kept difference back when the app opens without signal', () => {
    localStorage.setItem('fieldbook.serverClockOffset', String(7 * MINUTE));
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(7 * MINUTE - 50);
  });

  it("takes a difference within a minute for the header's one-second steps and the network's time", () => {
    const now = Date.now();
    noteServerDate(header(-10 * MINUTE), now, now);
    noteServerDate(header(SKEW_MS - 5_000), now, now);
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
    expect(localStorage.getItem('fieldbook.serverClockOffset')).toBeNull();
  });

  it('places the header halfway through the request, and ignores an answer without one', () => {
    const sentAt = Date.now() - 4_000;
    noteServerDate(header(3 * MINUTE - 2_000), sentAt, Date.now());
    // Three minutes ahead (the header drops the milliseconds: up to a second less).
    const ahead = () => serverNow() - Date.now();
    expect(ahead()).toBeGreaterThan(3 * MINUTE - 1_100);
    expect(ahead()).toBeLessThan(3 * MINUTE + 100);
    const noted = ahead();
    noteServerDate(null, sentAt, Date.now());
    noteServerDate('not a date', sentAt, Date.now());
    expect(Math.abs(ahead() - noted)).toBeLessThan(50);
  });
});
