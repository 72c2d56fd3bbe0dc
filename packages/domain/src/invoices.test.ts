import { describe, expect, it } from 'vitest';
import { invoiceFields, invoiceUpdate } from './invoices.ts';

const customer = { id: '01a20a36-3609-77cd-a15e-4c1fb226dc03' };

describe('invoice fields', () => {
  it('default to a draft with amounts excluding tax, no lines and no job', () => {
    expect(invoiceFields.parse({ customer, date: '2026-11-23', due: '2026-11-23' })).toEqual({
      reference: null,
      status: 'OPEN_DRAFT',
      customer,
      job: null,
      date: '2026-11-23',
      due: '2026-11-23',
      lineItems: [],
      amountsEnteredIncludeTax: false,
    });
  });

  it('refuse a due date before the invoice date, a date with a time, and an unknown status', () => {
    const messages = (body: object) =>
      invoiceFields
        .safeParse({ customer, date: '2026-11-23', due: '2026-11-23', ...body })
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages({ due: '2026-11-22' })).toEqual(['due: The due date cannot be before the invoice date.']);
    expect(messages({ date: '2026-11-23T10:00:00Z' })).toEqual([
      'date: Enter the invoice date as a date, such as 2026-11-23.',
    ]);
    expect(messages({ date: '2026-02-30' })).toEqual([
      'date: Enter the invoice date as a date, such as 2026-11-23.',
    ]);
    expect(messages({ status: 'PAID' })?.[0]).toMatch(/^status: Choose the status/);
  });

  it('need the updated timestamp on a save', () => {
    const saved = invoiceUpdate.safeParse({ customer, date: '2026-11-23', due: '2026-11-30' });
    expect(saved.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['updated']);
  });
});
