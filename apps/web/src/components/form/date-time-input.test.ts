// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './date-time-input';

// The web tests run in Australia/Melbourne (+11:00 in November); the boxes follow the organisation's zone instead.
describe('date-time boxes', () => {
  it("show an instant as the organisation's wall-clock and give back the instant it names there", () => {
    expect(toLocalInput('2026-11-23T22:00:00Z', 'Australia/Melbourne')).toBe('2026-11-24T09:00');
    expect(toLocalInput('2026-11-23T22:00:00Z', 'Australia/Perth')).toBe('2026-11-24T06:00');
    expect(fromLocalInput('2026-11-24T09:00', 'Australia/Melbourne')).toBe('2026-11-23T22:00:00.000Z');
    expect(fromLocalInput('2026-11-24T09:00', 'Australia/Perth')).toBe('2026-11-24T01:00:00.000Z');
    expect(fromLocalInput('2026-06-10T09:30', 'Australia/Melbourne')).toBe('2026-06-09T23:30:00.000Z');
    expect(
      fromLocalInput(toLocalInput('2026-11-23T22:00:00Z', 'Australia/Brisbane'), 'Australia/Brisbane'),
    ).toBe('2026-11-23T22:00:00.000Z');
  });

  it('treat an empty box as no date', () => {
    expect(toLocalInput(null, 'Australia/Perth')).toBe('');
    expect(fromLocalInput('', 'Australia/Perth')).toBeNull();
  });
});
