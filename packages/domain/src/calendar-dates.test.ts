import { describe, expect, it } from 'vitest';
import { calendarDateIn, ORGANISATION_TIME_ZONE } from './calendar-dates.ts';

describe('calendarDateIn', () => {
  it("gives the organisation's date, which is ahead of UTC's in Melbourne's morning", () => {
    // 23 Nov 2026 22:30 UTC is 24 Nov 09:30 in Melbourne (daylight time, UTC+11).
    const instant = new Date('2026-11-23T22:30:00Z');
    expect(calendarDateIn(ORGANISATION_TIME_ZONE, instant)).toBe('2026-11-24');
    expect(calendarDateIn('UTC', instant)).toBe('2026-11-23');
  });

  it('pads months and days with zeros', () => {
    expect(calendarDateIn('Australia/Melbourne', new Date('2026-02-03T01:00:00Z'))).toBe('2026-02-03');
  });
});
