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

  it('refuses a fifth decimal of quantity, a negative price and an amount too large', () => {
    expect(
      fieldErrorsOf(lineFields.safeParse({ description: ' ', quantity: '1.00001', price: '-1' })),
    ).toEqual([
      { field: 'description', message: 'Enter the description.' },
      { field: 'quantity', message: 'Use at most 4 decimal places.' },
      { field: 'price', message: 'The price cannot be negative.' },
    ]);
    expect(
      fieldErrorsOf(lineFields.safeParse({ description: 'x', quantity: '99999', price: '9999999999' })),
    ).toEqual([{ field: 'amount', message: 'The amount is too large.' }]);
  });
});
