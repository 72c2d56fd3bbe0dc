import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { customerFields, customerUpdate } from './customers.ts';

describe('customerFields', () => {
  it('trims, and turns blank or missing optional fields into null', () => {
    expect(customerFields.parse({ name: '  Acme Cafe ', billingPhone: '  ', billingEmail: '' })).toEqual({
      name: 'Acme Cafe',
      billingAddress: null,
      billingPhone: null,
      billingFax: null,
      billingEmail: null,
      website: null,
      notes: null,
    });
  });

  it('requires a name and a valid email when one is given', () => {
    expect(fieldErrorsOf(customerFields.safeParse({ name: '  ', billingEmail: 'not-an-email' }))).toEqual([
      { field: 'name', message: 'Enter the customer name.' },
      { field: 'billingEmail', message: 'Enter a valid email address, such as name@example.com.' },
    ]);
    expect(fieldErrorsOf(customerFields.safeParse({}))).toEqual([
      { field: 'name', message: 'Enter the customer name.' },
    ]);
  });

  it('an update also needs the updated timestamp that was read', () => {
    expect(fieldErrorsOf(customerUpdate.safeParse({ name: 'A' }))).toEqual([
      { field: 'updated', message: 'Send the updated timestamp of the record you read (ISO 8601).' },
    ]);
    expect(customerUpdate.parse({ name: 'A', updated: '2025-01-02T03:04:05.678Z' }).updated).toBe(
      '2025-01-02T03:04:05.678Z',
    );
  });
});
