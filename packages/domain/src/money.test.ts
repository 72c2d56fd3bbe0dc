import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice, readDecimal, readMoney } from './money.ts';

describe('readMoney', () => {
  it.each([
    ['12.5', '12.50'],
    ['12.50', '12.50'],
    ['  7 ', '7.00'],
    ['007.10', '7.10'],
    ['.5', '0.50'],
    ['5.', '5.00'],
    ['0', '0.00'],
    ['9999999999.99', '9999999999.99'],
    ['$12.50', '12.50'],
    ['$ 12.50', '12.50'],
    [' $12 ', '12.00'],
    ['1,234.50', '1234.50'],
    ['$1,234.50', '1234.50'],
    ['$ 1,234', '1234.00'],
    ['12,345,678.90', '12345678.90'],
    ['9,999,999,999.99', '9999999999.99'],
  ])('reads the text %j as %j', (input, expected) => {
    expect(readMoney(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [12.5, '12.50'],
    [0.1, '0.10'],
    [19.99, '19.99'],
    [1234567890.12, '1234567890.12'],
    [0, '0.00'],
  ])('reads the JSON number %j as %j without float drift', (input, expected) => {
    expect(readMoney(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    ['', 'Enter the price.'],
    ['   ', 'Enter the price.'],
    ['-1', 'The price cannot be negative.'],
    [-0.5, 'The price cannot be negative.'],
    ['1.005', 'Use at most 2 decimal places.'],
    [0.1 + 0.2, 'Use at most 2 decimal places.'],
    ['1e3', 'Enter the price as a number, such as 12.50.'],
    [1e21, 'Enter the price as a number, such as 12.50.'],
    ['1,23.4', 'Enter the price as a number, such as 12.50.'],
    ['1,2345.00', 'Enter the price as a number, such as 12.50.'],
    [',123', 'Enter the price as a number, such as 12.50.'],
    ['1,000,00', 'Enter the price as a number, such as 12.50.'],
    ['1.234,50', 'Enter the price as a number, such as 12.50.'],
    ['12.50$', 'Enter the price as a number, such as 12.50.'],
    ['$$5', 'Enter the price as a number, such as 12.50.'],
    ['$', 'Enter the price as a number, such as 12.50.'],
    ['-$5', 'The price cannot be negative.'],
    ['$-5', 'The price cannot be negative.'],
    ['$1.005', 'Use at most 2 decimal places.'],
    ['$10,000,000,000', 'The price is too large.'],
    ['+5', 'Enter the price as a number, such as 12.50.'],
    ['abc', 'Enter the price as a number, such as 12.50.'],
    [Number.NaN, 'Enter the price as a number, such as 12.50.'],
    ['10000000000', 'The price is too large.'],
  ])('refuses %j: %s', (input, message) => {
    expect(readMoney(input, 'price')).toEqual({ ok: false, message });
  });
});

describe('readDecimal', () => {
  const count = { places: 4, max: new Decimal('99999.9999'), example: '2.5', written: 'count' } as const;
  const plain = { places: 4, max: new Decimal('100'), example: '10', written: 'plain' } as const;

  it('reads thousands separators on a count, but never a dollar sign', () => {
    expect(readDecimal('1,000.5', 'quantity', count)).toEqual({ ok: true, value: new Decimal('1000.5') });
    expect(readDecimal('$2', 'quantity', count)).toEqual({
      ok: false,
      message: 'Enter the quantity as a number, such as 2.5.',
    });
  });

  it('reads neither a dollar sign nor separators on a plain number (a tax rate)', () => {
    expect(readDecimal('$10', 'tax rate', plain)).toEqual({
      ok: false,
      message: 'Enter the tax rate as a number, such as 10.',
    });
    expect(readDecimal('1,000', 'tax rate', plain)).toEqual({
      ok: false,
      message: 'Enter the tax rate as a number, such as 10.',
    });
  });
});

describe('formatMoney', () => {
  it('rounds half-up to cents where floating point would not', () => {
    expect(formatMoney(new Decimal(25).times('1.333'))).toBe('33.33');
    expect(formatMoney('1.005')).toBe('1.01');
    expect(formatMoney('2.675')).toBe('2.68');
    expect(formatMoney(new Decimal('0.1').plus('0.2'))).toBe('0.30');
  });

  it('always shows two decimals', () => {
    expect(formatMoney('12.5')).toBe('12.50');
    expect(formatMoney(0)).toBe('0.00');
  });
});

describe('formatMoney for display (en-AU)', () => {
  it('groups thousands and keeps exact cents of large amounts', () => {
    expect(formatMoney('1234567.8')).toBe('1,234,567.80');
    expect(formatMoney('9999999999.99')).toBe('9,999,999,999.99');
    expect(formatMoney('999.995')).toBe('1,000.00');
    expect(formatMoney('-1234.5')).toBe('-1,234.50');
    expect(formatMoney('-0.001')).toBe('0.00');
  });

  it('shows text that is not a number as it came', () => {
    expect(formatMoney('n/a')).toBe('n/a');
  });
});

describe('formatPrice', () => {
  it('shows a unit price with the decimals it has past 2, so quantity × price reads as the amount', () => {
    expect(formatPrice('19.995')).toBe('$19.995');
    expect(formatPrice('0.005')).toBe('$0.005');
    expect(formatPrice('33.3333')).toBe('$33.3333');
    expect(formatPrice('1234.5678')).toBe('$1,234.5678');
  });

  it('shows 2 decimals for a price that has no more', () => {
    expect(formatPrice('20')).toBe('$20.00');
    expect(formatPrice('12.5')).toBe('$12.50');
    expect(formatPrice('1450.00')).toBe('$1,450.00');
  });

  it('shows text that is not a number as it came', () => {
    expect(formatPrice('n/a')).toBe('n/a');
  });
});
