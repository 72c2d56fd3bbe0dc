import { describe, expect, it } from 'vitest';
import { createSignInThrottle } from './sign-in-throttle.ts';

function throttle() {
  let time = 0;
  const t = createSignInThrottle({
    maxFailuresPerEmail: 3,
    maxFailuresPerAddress: 5,
    windowMs: 1000,
    now: () => time,
  });
  return { t, advance: (ms: number) => (time += ms) };
}

describe('sign-in throttle', () => {
  it('blocks an email after its failures, whatever the case, until the window passes', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 3; i++) {
      expect(t.isBlocked('Dana@Example.test', `10.0.0.${i}`)).toBe(false);
      t.recordFailure('Dana@Example.test', `10.0.0.${i}`);
    }
    expect(t.isBlocked('dana@example.test', '10.0.0.9')).toBe(true);
    expect(t.isBlocked('someone@example.test', '10.0.0.9')).toBe(false);
    advance(1000);
    expect(t.isBlocked('dana@example.test', '10.0.0.9')).toBe(false);
  });

  it('blocks an address that tries many emails', () => {
    const { t } = throttle();
    for (let i = 0; i < 5; i++) t.recordFailure(`user${i}@example.test`, '10.0.0.1');
    expect(t.isBlocked('fresh@example.test', '10.0.0.1')).toBe(true);
    expect(t.isBlocked('fresh@example.test', '10.0.0.2')).toBe(false);
  });

  it('forgets an email’s failures after a successful sign-in', () => {
    const { t } = throttle();
    t.recordFailure('dana@example.test', '10.0.0.1');
    t.recordFailure('dana@example.test', '10.0.0.1');
    t.recordSuccess('dana@example.test');
    t.recordFailure('dana@example.test', '10.0.0.1');
    expect(t.isBlocked('dana@example.test', '10.0.0.1')).toBe(false);
  });
});
