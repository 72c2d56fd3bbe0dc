// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { addressSuggestion } from '../../testing/records';
import { billingAddressFrom, locationAddressFrom } from './location-address';

const georgeStreet = addressSuggestion();

describe('locationAddressFrom', () => {
  it('builds the street from number, name and type, and takes suburb, state, postcode and country', () => {
    expect(locationAddressFrom(georgeStreet)).toEqual({
      street1: '1 George Street',
      suburb: 'Sydney',
      state: 'NSW',
      postcode: '2000',
      country: 'Australia',
    });
  });

  it('keeps a street type suffix', () => {
    const north = { ...georgeStreet, streetTypeSuffix: 'North', streetTypeSuffixAbbreviation: 'N' };
    expect(locationAddressFrom(north).street1).toBe('1 George Street North');
  });

  it('takes the address up to the locality when the street parts are missing', () => {
    const address = { ...georgeStreet, streetNumber: null, streetName: null, streetType: null };
    expect(locationAddressFrom(address).street1).toBe('1 George Street');
  });

  it('keeps a unit by taking the address up to the locality', () => {
    const unit = {
      ...georgeStreet,
      address: 'Unit 3, 12 Smith Street, Richmond VIC 3121',
      unitType: 'Unit',
      unitNumber: '3',
      streetNumber: '12',
      streetName: 'Smith',
      locality: 'Richmond',
    };
    expect(locationAddressFrom(unit).street1).toBe('Unit 3, 12 Smith Street');
  });

  it('leaves absent parts empty and defaults the country to Australia', () => {
    const sparse = {
      ...georgeStreet,
      locality: null,
      postcode: null,
      country: null,
      stateAbbreviation: null,
    };
    expect(locationAddressFrom(sparse)).toEqual({
      street1: '1 George Street',
      suburb: '',
      state: 'New South Wales',
      postcode: '',
      country: 'Australia',
    });
  });
});

describe('a locality without a street', () => {
  const richmond = addressSuggestion({
    address: 'Richmond VIC 3121',
    streetNumber: null,
    streetName: null,
    streetType: null,
    streetTypeAbbreviation: null,
    locality: 'Richmond',
    state: 'Victoria',
    stateAbbreviation: 'VIC',
    postcode: '3121',
  });

  it('fills no street', () => {
    expect(locationAddressFrom(richmond)).toEqual({
      street1: '',
      suburb: 'Richmond',
      state: 'VIC',
      postcode: '3121',
      country: 'Australia',
    });
  });

  it('is the billing address as it is', () => {
    expect(billingAddressFrom(richmond)).toBe('Richmond VIC 3121');
  });
});

describe('billingAddressFrom', () => {
  it('puts the street on the first line and the locality, state and postcode on the second', () => {
    expect(billingAddressFrom(georgeStreet)).toBe('1 George Street\nSydney NSW 2000');
    const unit = addressSuggestion({
      address: 'Unit 5, 40 Swan Street, Richmond VIC 3121',
      unitType: 'Unit',
      unitNumber: '5',
      streetNumber: '40',
      streetName: 'Swan',
      locality: 'Richmond',
      stateAbbreviation: 'VIC',
      postcode: '3121',
    });
    expect(billingAddressFrom(unit)).toBe('Unit 5, 40 Swan Street\nRichmond VIC 3121');
  });
});
