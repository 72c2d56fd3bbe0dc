import { describe, expect, it } from 'vitest';
import { formatMoney } from './format';

describe('formatMoney', () => {
  it('shows 2 decimals with en-AU grouping', () => {
    expect(formatMoney('12.5')).toBe('12.50');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney('1234567.8')).toBe('1,234,567.80');
    expect(formatMoney(99)).toBe('99.00');
  });

  it('rounds a decimal string half-up without floating-point error', () => {
    // As a float, 1.005 is 1.00499999…, which would round down.
    expect(formatMoney('1.005')).toBe('1.01');
    expect(formatMoney('33.325')).toBe('33.33');
  });

  it('keeps text that is not a number as it is', () => {
    expect(formatMoney('n/a')).toBe('n/a');
  });
});
