// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './date-time-input';

// The web tests run in Australia/Melbourne: +11:00 in summer (November), +10:00 in winter (June).
describe('date-time boxes', () => {
  it('show an instant in local time and give back ISO 8601 with the local offset', () => {
    expect(toLocalInput('2026-11-23T22:00:00Z')).toBe('2026-11-24T09:00');
    expect(fromLocalInput('2026-11-24T09:00')).toBe('2026-11-24T09:00:00+11:00');
    expect(fromLocalInput('2026-06-10T09:30')).toBe('2026-06-10T09:30:00+10:00');
    expect(Date.parse(fromLocalInput(toLocalInput('2026-11-23T22:00:00Z')) ?? '')).toBe(
      Date.parse('2026-11-23T22:00:00Z'),
    );
  });

  it('treat an empty box as no date', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });
});
