import { describe, expect, it } from 'vitest';
import { displayDateTime } from './date-display';

describe('displayDateTime', () => {
  it('shows a medium date and a short time in en-AU, in the browser time zone', () => {
    // The web tests run in Australia/Melbourne (AEDT, +11:00 in November).
    expect(displayDateTime('2026-11-23T09:05:00+11:00')).toMatch(/^23 Nov 2026, 9:05\s?am$/i);
    expect(displayDateTime('2026-11-22T22:05:00Z')).toMatch(/^23 Nov 2026, 9:05\s?am$/i);
  });

  it('shows nothing for no date, and text that is not a date as it came', () => {
    expect(displayDateTime(null)).toBe('');
    expect(displayDateTime('')).toBe('');
    expect(displayDateTime('soon')).toBe('soon');
  });
});
