import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { itemFields } from './items.ts';

describe('itemFields', () => {
  it('accepts the price as text or a number and gives it back with 2 decimals', () => {
    expect(itemFields.parse({ code: 'TAP', description: 'Tap washer', price: 4.5 }).price).toBe('4.50');
    expect(itemFields.parse({ code: 'TAP', description: 'Tap washer', price: '4.5' }).price).toBe('4.50');
  });

  it('requires code, description and price', () => {
    expect(fieldErrorsOf(itemFields.safeParse({ code: ' ', price: '1.234' }))).toEqual([
      { field: 'code', message: 'Enter the item code.' },
      { field: 'description', message: 'Enter the description.' },
      { field: 'price', message: 'Use at most 2 decimal places.' },
    ]);
    expect(fieldErrorsOf(itemFields.safeParse({ code: 'A', description: 'B' }))).toEqual([
      { field: 'price', message: 'Enter the price.' },
    ]);
  });
});
