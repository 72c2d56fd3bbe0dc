import { describe, expect, it } from 'vitest';
import { parseAddress, parseStreetLine } from './parse-address.ts';

/** The parse in plain words, to keep the expectations readable. */
function read(text: string) {
  const { street, locality, state, postcode } = parseAddress(text);
  return {
    ...(street
      ? Object.fromEntries(
          Object.entries(street)
            .filter(([, value]) => value !== null)
            .map(([key, value]) => [key, typeof value === 'object' ? value.name : value]),
        )
      : {}),
    ...(locality === null ? {} : { locality }),
    ...(state === null ? {} : { state: state.abbreviation }),
    ...(postcode === null ? {} : { postcode }),
  };
}

describe('parseAddress', () => {
  it('reads a number, street and the start of a locality', () => {
    expect(read('12 Smith St, Rich')).toEqual({
      streetNumber: '12',
      streetName: 'Smith',
      streetType: 'Street',
      locality: 'Rich',
    });
  });

  it('does not need the comma after a street type', () => {
    expect(read('12 Smith Street Richmond')).toEqual({
      streetNumber: '12',
      streetName: 'Smith',
      streetType: 'Street',
      locality: 'Richmond',
    });
  });

  it('reads a whole address with state and postcode', () => {
    expect(read('3/12 Smith St North, Richmond VIC 3121')).toEqual({
      unitType: 'Unit',
      unitNumber: '3',
      streetNumber: '12',
      streetName: 'Smith',
      streetType: 'Street',
      streetSuffix: 'North',
      locality: 'Richmond',
      state: 'VIC',
      postcode: '3121',
    });
    expect(read('1 George St Sydney New South Wales 2000')).toMatchObject({
      locality: 'Sydney',
      state: 'NSW',
      postcode: '2000',
    });
  });

  it('keeps a suffix-like word that starts the suburb', () => {
    expect(read('5 Hoddle St North Richmond')).toMatchObject({
      streetType: 'Street',
      locality: 'North Richmond',
    });
  });

  it('reads levels, units, lots and their short forms', () => {
    expect(read('Level 2, 100 George St, Sydney')).toMatchObject({
      levelType: 'Level',
      levelNumber: '2',
      streetNumber: '100',
      locality: 'Sydney',
    });
    expect(read('L3 U4 20 Queen St')).toMatchObject({
      levelNumber: '3',
      unitType: 'Unit',
      unitNumber: '4',
      streetNumber: '20',
      streetName: 'Queen',
    });
    expect(read('Shop 4, 20-22 Main Rd, Mon')).toMatchObject({
      unitType: 'Shop',
      unitNumber: '4',
      streetNumber: '20-22',
      streetType: 'Road',
      locality: 'Mon',
    });
    expect(read('Unit 3/12 Smith St')).toMatchObject({ unitNumber: '3', streetNumber: '12' });
    expect(read('Lot 5 Old Coach Rd')).toEqual({
      lotNumber: '5',
      streetName: 'Old Coach',
      streetType: 'Road',
    });
  });

  it('takes a street-type word at the start of a name as part of the name', () => {
    expect(read('12 St Kilda Rd, St Kilda')).toMatchObject({
      streetName: 'St Kilda',
      streetType: 'Road',
      locality: 'St Kilda',
    });
    expect(read('8 Grove St')).toMatchObject({ streetName: 'Grove', streetType: 'Street' });
  });

  it('reads a street still being typed', () => {
    expect(read('12 Smi')).toEqual({ streetNumber: '12', streetName: 'Smi' });
  });

  it('reads a street without a number before the last comma', () => {
    expect(read('Smith St, Rich')).toEqual({ streetName: 'Smith', streetType: 'Street', locality: 'Rich' });
  });

  it('reads a locality on its own, with a state or a postcode', () => {
    expect(read('Rich')).toEqual({ locality: 'Rich' });
    expect(read('St Kilda')).toEqual({ locality: 'St Kilda' });
    expect(read('Richmond vic')).toEqual({ locality: 'Richmond', state: 'VIC' });
    expect(read('Richmond 3121')).toEqual({ locality: 'Richmond', postcode: '3121' });
    expect(read('3121')).toEqual({ postcode: '3121' });
    expect(read('sa')).toEqual({ locality: 'sa' });
  });

  it('reads nothing from nothing', () => {
    expect(read('')).toEqual({});
    expect(read(' , ')).toEqual({});
  });
});

describe('parseStreetLine', () => {
  it('reads the whole line as the street', () => {
    expect(parseStreetLine('3/12 Smith St')).toMatchObject({
      unitNumber: '3',
      streetNumber: '12',
      streetName: 'Smith',
    });
    expect(parseStreetLine('Smith Street').streetType?.name).toBe('Street');
    expect(parseStreetLine('The Corso').streetName).toBe('The Corso');
  });
});
