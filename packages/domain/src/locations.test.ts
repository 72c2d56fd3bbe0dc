import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { locationFields } from './locations.ts';

describe('locationFields', () => {
  it('requires the customer, a name and the country', () => {
    expect(fieldErrorsOf(locationFields.safeParse({ customer: { id: 'x' }, name: '' }))).toEqual([
      { field: 'customer.id', message: 'Choose the customer.' },
      { field: 'name', message: 'Enter the location name.' },
      { field: 'country', message: 'Enter the country.' },
    ]);
    expect(fieldErrorsOf(locationFields.safeParse({ name: 'Home', country: 'Australia' }))).toEqual([
      { field: 'customer', message: 'Choose the customer.' },
    ]);
  });
});
