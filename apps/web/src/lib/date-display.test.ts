import { describe, expect, it } from 'vitest';
import { displayDate, displayDateTime } from './date-display';

describe('displayDateTime', () => {
  it("shows a medium date and a short time in en-AU, in the organisation's time zone, not the browser's", () => {
    // The web tests run in Australia/Melbourne (AEDT, +11:00 in November); Perth is +08:00 all year.
    expect(displayDateTime('2026-11-23T09:05:00+11:00', 'Australia/Melbourne')).toMatch(
      /^23 Nov 2026, 9:05\s?am$/i,
    );
    expect(displayDateTime('2026-11-22T22:05:00Z', 'Australia/Melbourne')).toMatch(
      /^23 Nov 2026, 9:05\s?am$/i,
    );
    expect(displayDateTime('2026-11-22T22:05:00Z', 'Australia/Perth')).toMatch(/^23 Nov 2026, 6:05\s?am$/i);
    expect(displayDateTime('2026-11-22T22:05:00Z', 'Australia/Brisbane')).toMatch(
      /^23 Nov 2026, 8:05\s?am$/i,
    );
  });

  it('shows nothing for no date, and text that is not a date as it came', () => {
    expect(displayDateTime(null, 'Australia/Perth')).toBe('');
    expect(displayDateTime('', 'Australia/Perth')).toBe('');
    expect(displayDateTime('soon', 'Australia/Perth')).toBe('soon');
  });
});

describe('displayDate', () => {
  it('shows a date-only string as a medium en-AU date, the same day whatever the time zone', () => {
    expect(displayDate('2026-11-23')).toBe('23 Nov 2026');
    expect(displayDate('2026-01-01')).toBe('1 Jan 2026');
  });

  it('shows nothing for no date, and text that is not a date as it came', () => {
    expect(displayDate(null)).toBe('');
    expect(displayDate('soon')).toBe('soon');
  });
});
