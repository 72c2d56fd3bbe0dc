import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { lineAmount, lineAmountOf, lineFields, priceFromAmount } from './lines.ts';

describe('line arithmetic', () => {
  it.each([
    ['3', '33.3333', '100.00'],
    ['0.1', '3', '0.30'],
    ['3', '0.1', '0.30'],
    ['1.005', '1000', '1005.00'],
    ['1000', '1.005', '1005.00'],
    ['25', '1.333', '33.33'],
    ['1', '1.005', '1.01'],
    ['0.5', '0.01', '0.01'],
    ['2.5', '12.50', '31.25'],
  ])('%s × %s is %s', (quantity, price, amount) => {
    expect(lineAmountOf(quantity, price)).toBe(amount);
    expect(lineAmount({ quantity, price, amount: '999.99' })).toBe(amount);
  });

  it('keeps a lump sum when quantity or price is missing, and 0.00 for neither', () => {
    expect(lineAmount({ quantity: null, price: '5', amount: '120.5' })).toBe('120.50');
    expect(lineAmount({ quantity: '2', price: null, amount: null })).toBe('0.00');
  });

  it('reads a price or an amount as typed with a dollar sign and separators, and a quantity with separators', () => {
    expect(lineAmount({ quantity: '2', price: '$1,234.50', amount: '' })).toBe('2469.00');
    expect(lineAmount({ quantity: '1,000', price: '$ 1.50', amount: '' })).toBe('1500.00');
    expect(lineAmount({ quantity: null, price: null, amount: '$1,234.5' })).toBe('1234.50');
    expect(priceFromAmount('$1,234.50', '2')).toBe('617.25');
    expect(priceFromAmount('$ 3,000', '1,000')).toBe('3.00');
  });

  it('counts a number that does not read as missing: a dollar sign on a quantity, bad grouping, half typed', () => {
    expect(lineAmount({ quantity: '$2', price: '5', amount: '7' })).toBe('7.00');
    expect(lineAmount({ quantity: '2', price: '1,23.4', amount: null })).toBe('0.00');
    expect(lineAmount({ quantity: '2', price: '1.2.', amount: '$' })).toBe('0.00');
    expect(priceFromAmount('$12', '$2')).toBeUndefined();
    expect(priceFromAmount('1,23', '2')).toBeUndefined();
  });

  it('derives 33.3333 from 100.00 over 3, which reads back 100.00', () => {
    expect(priceFromAmount('100.00', '3')).toBe('33.3333');
    expect(lineAmountOf('3', '33.3333')).toBe('100.00');
    expect(priceFromAmount('10', '0')).toBeUndefined();
  });

  it('reads back every amount from the price derived from it, for quantities up to 99,999.9999', () => {
    const quantities = [
      '1',
      '3',
      '7',
      '0.3',
      '1.5',
      '2.3333',
      '12',
      '99',
      '100',
      '333',
      '1234.5678',
      '99999.9999',
    ];
    for (const quantity of quantities) {
      for (let cents = 1; cents < 100_000; cents += 997) {
        const amount = new Decimal(cents).dividedBy(100).toFixed(2);
        const price = priceFromAmount(amount, quantity);
        expect(price, `${amount} over ${quantity}`).toBeDefined();
        expect(lineAmountOf(quantity, price as string), `${amount} over ${quantity}`).toBe(amount);
      }
    }
  });

  it('keeps a derived price to 4 decimals while the quantity is below 100', () => {
    expect(priceFromAmount('100.00', '7')).toBe('14.2857');
    expect(priceFromAmount('100.00', '300')).toBe('0.33333');
  });
});

describe('lineFields', () => {
  it('reads quantities to 4 decimals and prices as text, numbers too', () => {
    expect(lineFields.parse({ description: 'Labour', quantity: 1.5, price: '85' })).toEqual({
      code: null,
      description: 'Labour',
      quantity: '1.5',
      price: '85.00',
      amount: null,
    });
    expect(lineFields.parse({ description: 'Tap', quantity: '3.0000', price: '33.33330' })).toMatchObject({
      quantity: '3',
      price: '33.3333',
    });
  });

  it('keeps plain text of a price and amount typed as money, and a quantity with separators', () => {
    expect(
      lineFields.parse({
        description: 'Hot water unit',
        quantity: '1,000',
        price: '$1,234.5',
        amount: '$ 12',
      }),
    ).toMatchObject({ quantity: '1000', price: '1234.50', amount: '12.00' });
  });

  it('refuses a fifth decimal of quantity, a negative price, a $ on a quantity, bad grouping, too large an amount', () => {
    expect(
      fieldErrorsOf(lineFields.safeParse({ description: ' ', quantity: '1.00001', price: '-1' })),
    ).toEqual([
      { field: 'description', message: 'Enter the description.' },
      { field: 'quantity', message: 'Use at most 4 decimal places.' },
      { field: 'price', message: 'The price cannot be negative.' },
    ]);
    expect(
      fieldErrorsOf(lineFields.safeParse({ description: 'x', quantity: '$2', price: '1,23.4' })),
    ).toEqual([
      { field: 'quantity', message: 'Enter the quantity as a number, such as 2.5.' },
      { field: 'price', message: 'Enter the price as a number, such as 12.50.' },
    ]);
    expect(
      fieldErrorsOf(lineFields.safeParse({ description: 'x', quantity: '99999', price: '9999999999' })),
    ).toEqual([{ field: 'amount', message: 'The amount is too large.' }]);
  });
});
