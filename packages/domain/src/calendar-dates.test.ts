import { describe, expect, it } from 'vitest';
import { calendarDateIn, canonicalTimeZone, isTimeZone, newOrganisationTimeZone } from './calendar-dates.ts';
import { DEFAULT_TIME_ZONE } from './default-time-zone.ts';
import { timeZoneField } from './organisation.ts';

describe('calendarDateIn', () => {
  it("gives the organisation's date, which is ahead of UTC's in Melbourne's morning", () => {
    // 23 Nov 2026 22:30 UTC is 24 Nov 09:30 in Melbourne (daylight time, UTC+11), 06:30 in Perth (UTC+8).
    const instant = new Date('2026-11-23T22:30:00Z');
    expect(calendarDateIn('Australia/Melbourne', instant)).toBe('2026-11-24');
    expect(calendarDateIn('Australia/Perth', instant)).toBe('2026-11-24');
    expect(calendarDateIn('UTC', instant)).toBe('2026-11-23');
  });

  it('pads months and days with zeros', () => {
    expect(calendarDateIn('Australia/Melbourne', new Date('2026-02-03T01:00:00Z'))).toBe('2026-02-03');
  });
});

describe('time zones', () => {
  it('knows the IANA zones and writes them as the runtime does', () => {
    expect(isTimeZone('Australia/Perth')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(canonicalTimeZone('australia/perth')).toBe('Australia/Perth');
    for (const bad of ['', 'Perth', 'Australia/Nowhere', 'Australia/../etc', '+10:00', 'Australia Perth'])
      expect(isTimeZone(bad), bad).toBe(false);
  });

  it("gives a new organisation the creator's zone when it is Australian, else Sydney's", () => {
    expect(newOrganisationTimeZone('Australia/Perth')).toBe('Australia/Perth');
    expect(newOrganisationTimeZone('Australia/Brisbane')).toBe('Australia/Brisbane');
    expect(newOrganisationTimeZone('Europe/London')).toBe(DEFAULT_TIME_ZONE);
    expect(newOrganisationTimeZone('Australia/Nowhere')).toBe(DEFAULT_TIME_ZONE);
    expect(newOrganisationTimeZone(undefined)).toBe(DEFAULT_TIME_ZONE);
    expect(DEFAULT_TIME_ZONE).toBe('Australia/Sydney');
  });

  it('accepts a known zone in its canonical spelling and refuses the rest with what to do', () => {
    expect(timeZoneField.parse('australia/adelaide')).toBe('Australia/Adelaide');
    const refused = timeZoneField.safeParse('Mars/Olympus');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Choose a time zone from the list, such as Australia/Perth.',
    );
  });
});
