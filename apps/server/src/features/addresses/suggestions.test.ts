import { describe, expect, it } from 'vitest';
import { lookUp, STATES } from './address-words.ts';
import { parseAddress } from './parse-address.ts';
import { formatAddress, toSuggestion } from './suggestions.ts';

const place = {
  locality: 'Richmond',
  state: lookUp(STATES, 'VIC') ?? null,
  postcode: '3121',
  country: 'Australia',
  latitude: null,
  longitude: null,
};

describe('formatAddress', () => {
  it.each([
    ['12 smith st', '12 Smith Street, Richmond VIC 3121'],
    ['3/12 Smith St North', '3/12 Smith Street North, Richmond VIC 3121'],
    ['Level 2, Shop 4, 100 Swan St', 'Level 2, Shop 4, 100 Swan Street, Richmond VIC 3121'],
    ['Lot 5 Old Coach Rd', 'Lot 5 Old Coach Road, Richmond VIC 3121'],
    ['12 McDonald Pde', '12 McDonald Parade, Richmond VIC 3121'],
  ])('%s', (typed, expected) => {
    expect(formatAddress(parseAddress(`${typed},`).street, place)).toBe(expected);
  });

  it('writes a locality alone, and a state as stored when it is not recognised', () => {
    expect(formatAddress(null, place)).toBe('Richmond VIC 3121');
    expect(formatAddress(null, { ...place, state: 'Victoria-ish', postcode: null })).toBe(
      'Richmond Victoria-ish',
    );
  });
});

describe('toSuggestion', () => {
  it('fills every part it knows and leaves the rest null', () => {
    expect(toSuggestion(parseAddress('Unit 3/12 Smith St N,').street, place)).toEqual({
      address: '3/12 Smith Street North, Richmond VIC 3121',
      buildingName: null,
      lotNumber: null,
      unitType: 'Unit',
      unitNumber: '3',
      levelType: null,
      levelNumber: null,
      streetNumber: '12',
      streetName: 'Smith',
      streetType: 'Street',
      streetTypeAbbreviation: 'St',
      streetTypeSuffix: 'North',
      streetTypeSuffixAbbreviation: 'N',
      locality: 'Richmond',
      state: 'Victoria',
      stateAbbreviation: 'VIC',
      postcode: '3121',
      country: 'Australia',
      latitude: null,
      longitude: null,
    });
  });
});
