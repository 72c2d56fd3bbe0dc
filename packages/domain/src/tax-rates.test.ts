import { describe, expect, it } from 'vitest';
import { rateText, taxRateFields } from './tax-rates.ts';

const rateOf = (rate: unknown) => taxRateFields.safeParse({ name: 'GST', rate });

describe('a tax rate', () => {
  it.each([
    ['10', '10'],
    [10, '10'],
    ['0', '0'],
    ['12.5', '12.5'],
    ['  7.25 ', '7.25'],
    ['10.0000', '10'],
    ['0.0001', '0.0001'],
    ['150', '150'],
    ['.5', '0.5'],
    ['9999999999.9999', '9999999999.9999'],
  ])('reads %j as %s', (input, expected) => {
    const parsed = rateOf(input);
    expect(parsed.success && parsed.data.rate).toBe(expected);
  });

  it.each([
    ['', 'Enter the tax rate.'],
    ['-1', 'The tax rate cannot be negative.'],
    ['10%', 'Enter the tax rate as a number, such as 10.'],
    ['1e3', 'Enter the tax rate as a number, such as 10.'],
    ['ten', 'Enter the tax rate as a number, such as 10.'],
    ['10.00001', 'Use at most 4 decimal places.'],
    ['10000000000', 'The tax rate is too large.'],
    [null, 'Enter the tax rate.'],
  ])('refuses %j: %s', (input, message) => {
    const parsed = rateOf(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(message);
  });

  it('needs a name', () => {
    const parsed = taxRateFields.safeParse({ name: '  ', rate: '10' });
    expect(parsed.error?.issues[0]?.message).toBe('Enter the tax name.');
  });

  it('shows a rate without trailing zeros', () => {
    expect(rateText('10.0000')).toBe('10');
    expect(rateText('12.5000')).toBe('12.5');
    expect(rateText('0.0000')).toBe('0');
  });
});
