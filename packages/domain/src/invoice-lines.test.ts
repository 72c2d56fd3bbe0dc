import { describe, expect, it } from 'vitest';
import { invoiceLineFields, invoiceTotals, lineTax } from './invoice-lines.ts';
import { lineAmount } from './lines.ts';

describe('lineTax', () => {
  it.each([
    // ATO: a taxable sale of $100 plus GST carries $10 GST; $110 including GST carries $10.
    ['100.00', '10', false, '10.00'],
    ['110.00', '10', true, '10.00'],
    // GST is 1/11 of an inclusive price, to the nearest cent, half a cent up.
    ['99.99', '10', true, '9.09'],
    ['1.00', '10', true, '0.09'],
    ['0.55', '10', true, '0.05'],
    ['16.50', '10', true, '1.50'],
    ['0.05', '10', false, '0.01'],
    ['0.04', '10', false, '0.00'],
    ['33.33', '12.5', false, '4.17'],
    ['100.00', '0', false, '0.00'],
    ['100.00', '0', true, '0.00'],
    ['100.00', '7.2500', true, '6.76'],
    ['9999999999.99', '10', false, '1000000000.00'],
    ['9999999999.99', '10', true, '909090909.09'],
  ] as const)('of %s at %s%% (amounts include tax: %s) is %s', (amount, rate, includeTax, tax) => {
    expect(lineTax(amount, rate, includeTax)).toBe(tax);
  });

  it('is nothing without a rate', () => {
    expect(lineTax('100.00', null, false)).toBe('0.00');
    expect(lineTax('100.00', undefined, true)).toBe('0.00');
  });
});

describe('invoiceTotals', () => {
  it('adds the line taxes to the subtotal when amounts exclude tax', () => {
    const lines = [
      { amount: lineAmount({ quantity: '3', price: '33.3333' }), rate: '10' },
      { amount: lineAmount({ quantity: '0.1', price: '3' }), rate: '10' },
      { amount: lineAmount({ quantity: '1000', price: '1.005' }), rate: '0' },
      { amount: '19.95', rate: null },
    ];
    expect(lines.map((line) => line.amount)).toEqual(['100.00', '0.30', '1005.00', '19.95']);
    expect(invoiceTotals(lines, false)).toEqual({ subtotal: '1125.25', tax: '10.03', total: '1135.28' });
  });

  it('finds the tax inside the amounts when they include it, and the total is the subtotal', () => {
    const lines = [
      { amount: '110.00', rate: '10' },
      { amount: '99.99', rate: '10' },
      { amount: '50.00', rate: '0' },
      { amount: '12.34', rate: null },
    ];
    expect(invoiceTotals(lines, true)).toEqual({ subtotal: '272.33', tax: '19.09', total: '272.33' });
  });

  it('rounds each line, not the sum: three lines of 0.05 at 10 % carry 0.03, not 0.02', () => {
    const lines = Array.from({ length: 3 }, () => ({ amount: '0.05', rate: '10' }));
    expect(invoiceTotals(lines, false)).toEqual({ subtotal: '0.15', tax: '0.03', total: '0.18' });
  });

  it('is zero for no lines', () => {
    expect(invoiceTotals([], false)).toEqual({ subtotal: '0.00', tax: '0.00', total: '0.00' });
  });

  it('holds at the largest amounts', () => {
    const lines = [{ amount: '9999999999.99', rate: '10' }];
    expect(invoiceTotals(lines, false)).toEqual({
      subtotal: '9999999999.99',
      tax: '1000000000.00',
      total: '10999999999.99',
    });
  });
});

describe('an invoice line', () => {
  it('is a job line with a tax rate, or none', () => {
    const id = '01a20a36-3609-77cd-a15e-4c1fb226dc03';
    expect(
      invoiceLineFields.parse({ description: 'Labour', quantity: '2', price: '95', taxRate: { id } }),
    ).toEqual({
      code: null,
      description: 'Labour',
      quantity: '2',
      price: '95.00',
      amount: null,
      taxRate: { id },
    });
    expect(invoiceLineFields.parse({ description: 'Sundries', amount: '12.5' }).taxRate).toBeNull();
    const refused = invoiceLineFields.safeParse({ description: 'X', taxRate: { id: 'gst' } });
    expect(refused.error?.issues[0]?.message).toBe('Choose an existing tax rate.');
  });
});
