import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './api-errors.ts';
import { locationFields, locationMessages, locationUpdate } from './locations.ts';

const customer = { id: '01900000-0000-7000-8000-000000000001' };
const UPDATED = '2025-03-01T09:30:00.000Z';

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

  it('an update needs the updated it read, and leaves the customer out', () => {
    expect(fieldErrorsOf(locationUpdate.safeParse({ name: 'Home', country: 'Australia' }))).toEqual([
      { field: 'updated', message: 'Send the updated timestamp of the record you read (ISO 8601).' },
    ]);
    const saved = locationUpdate.parse({
      customer,
      name: 'Home',
      country: 'AU',
      state: 'vic',
      updated: UPDATED,
    });
    expect(saved).not.toHaveProperty('customer');
    expect(saved.state).toBe('VIC');
  });
});

describe('an Australian address', () => {
  const errorsOf = (address: { state?: string | null; postcode?: string | null; country?: string }) =>
    fieldErrorsOf(locationFields.safeParse({ customer, name: 'Site', country: 'Australia', ...address }));
  const notOf = locationMessages.postcodeOfState;

  it.each([
    // state, postcode, the field errors
    ['NSW', '2000', []],
    ['NSW', '1000', []],
    ['NSW', '2599', []],
    ['NSW', '2619', []],
    ['NSW', '2921', []],
    ['NSW', '2600', [{ field: 'postcode', message: notOf('2600', 'NSW') }]],
    ['NSW', '2910', [{ field: 'postcode', message: notOf('2910', 'NSW') }]],
    ['ACT', '0200', []],
    ['ACT', '2600', []],
    ['ACT', '2618', []],
    ['ACT', '2900', []],
    ['ACT', '2920', []],
    ['ACT', '2619', [{ field: 'postcode', message: notOf('2619', 'ACT') }]],
    ['VIC', '3121', []],
    ['VIC', '8001', []],
    ['VIC', '2000', [{ field: 'postcode', message: notOf('2000', 'VIC') }]],
    ['QLD', '4000', []],
    ['QLD', '9726', []],
    ['SA', '5000', []],
    ['SA', '6000', [{ field: 'postcode', message: notOf('6000', 'SA') }]],
    ['WA', '6000', []],
    ['TAS', '7000', []],
    ['NT', '0800', []],
    ['NT', '0999', []],
    ['NT', '0200', [{ field: 'postcode', message: notOf('0200', 'NT') }]],
    // Served from across a state border: real addresses the address search offers.
    ['ACT', '2620', []],
    ['QLD', '2406', []],
    ['NSW', '4385', []],
    ['SA', '0872', []],
    ['VIC', '2620', [{ field: 'postcode', message: notOf('2620', 'VIC') }]],
    ['NT', '800', [{ field: 'postcode', message: locationMessages.postcode }]],
    ['NSW', 'ABCDE', [{ field: 'postcode', message: locationMessages.postcode }]],
    ['NSW', '20000', [{ field: 'postcode', message: locationMessages.postcode }]],
    ['NSW', '2 000', [{ field: 'postcode', message: locationMessages.postcode }]],
    ['Sydney', '2000', [{ field: 'state', message: locationMessages.state }]],
    [
      'Sydney',
      'ABCDE',
      [
        { field: 'state', message: locationMessages.state },
        { field: 'postcode', message: locationMessages.postcode },
      ],
    ],
    [null, '2000', []],
    ['NSW', null, []],
    [null, null, []],
  ] as const)('state %s, postcode %s', (state, postcode, errors) => {
    expect(errorsOf({ state, postcode })).toEqual(errors);
  });

  it('takes the state in any case, or by its name, and stores the abbreviation', () => {
    for (const [typed, stored] of [
      ['nsw', 'NSW'],
      [' Vic ', 'VIC'],
      ['Tas', 'TAS'],
      ['new south wales', 'NSW'],
      ['Australian Capital Territory', 'ACT'],
    ]) {
      const parsed = locationFields.parse({ customer, name: 'Site', country: 'Australia', state: typed });
      expect(parsed.state).toBe(stored);
    }
  });

  it("is any country spelt 'Australia' or 'AU', in any case", () => {
    for (const country of ['Australia', 'AUSTRALIA', ' australia ', 'AU', 'au']) {
      expect(errorsOf({ country, state: 'Sydney' })).toEqual([
        { field: 'state', message: locationMessages.state },
      ]);
    }
  });

  it('other countries keep free text', () => {
    const parsed = locationFields.parse({
      customer,
      name: 'Auckland office',
      country: 'New Zealand',
      state: 'Auckland',
      postcode: 'AKL 1010',
    });
    expect(parsed).toMatchObject({ state: 'Auckland', postcode: 'AKL 1010', country: 'New Zealand' });
    expect(locationFields.parse({ customer, name: 'Depot', country: 'USA', state: 'ca' }).state).toBe('ca');
  });

  it('lists the other fields’ errors too', () => {
    expect(errorsOf({ state: 'Sydney', postcode: 'ABCDE', country: 'Australia' })).toHaveLength(2);
    expect(
      fieldErrorsOf(
        locationFields.safeParse({ customer, name: ' ', country: 'AU', state: 'Qld', postcode: '2000' }),
      ),
    ).toEqual([
      { field: 'name', message: 'Enter the location name.' },
      { field: 'postcode', message: notOf('2000', 'QLD') },
    ]);
  });
});
