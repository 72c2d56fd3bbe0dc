// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { displayMoney } from './money-display';

describe('displayMoney', () => {
  it('shows dollars with thousands grouped and 2 decimals, rounding half-up with decimals', () => {
    expect(displayMoney('185')).toBe('$185.00');
    expect(displayMoney('1234.5')).toBe('$1,234.50');
    expect(displayMoney('0.005')).toBe('$0.01');
    expect(displayMoney('-12')).toBe('-$12.00');
    expect(displayMoney('9999999999.99')).toBe('$9,999,999,999.99');
  });

  it('shows text that is not an amount as it came', () => {
    expect(displayMoney('call for price')).toBe('call for price');
  });
});
