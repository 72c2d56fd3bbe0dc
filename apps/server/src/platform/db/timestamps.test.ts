import { describe, expect, it } from 'vitest';
import { isoTime } from './timestamps.ts';

describe('isoTime', () => {
  it("writes PostgreSQL's UTC text as Date's toISOString would, whatever its fraction", () => {
    for (const text of [
      '2026-11-27 17:15:53+00',
      '2026-11-27 17:15:53.1+00',
      '2026-11-27 17:15:53.15+00',
      '2026-11-27 17:15:53.156+00',
      '2026-11-27 17:15:53.156789+00',
      '9999-12-31 23:59:59.999+00',
    ]) {
      expect(isoTime(text), text).toBe(new Date(text).toISOString());
    }
    expect(isoTime('2026-11-27 17:15:53.15+00')).toBe('2026-11-27T17:15:53.150Z');
    // Date's reading of this text takes a two-digit year for 19xx (1999); the text is kept as it is.
    expect(isoTime('0099-01-01 00:00:00+00')).toBe('0099-01-01T00:00:00.000Z');
  });

  it("reads another time zone's offset, and a Date, through Date", () => {
    expect(isoTime('2026-11-28 04:15:53.15+11')).toBe('2026-11-27T17:15:53.150Z');
    expect(isoTime('2026-11-27 12:45:53+05:30')).toBe('2026-11-27T07:15:53.000Z');
    expect(isoTime(new Date('2026-11-27T17:15:53.150Z'))).toBe('2026-11-27T17:15:53.150Z');
  });
});
