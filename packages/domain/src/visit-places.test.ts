import { describe, expect, it } from 'vitest';
import { directionsUrl, oneLineAddress } from './visit-places.ts';

describe('a visit’s address', () => {
  it('is one line: street, then suburb, state and postcode, leaving out what is missing', () => {
    expect(
      oneLineAddress({ street1: '7 Kent Street', suburb: 'Fremantle', state: 'WA', postcode: '6160' }),
    ).toBe('7 Kent Street, Fremantle WA 6160');
    expect(oneLineAddress({ street1: null, suburb: 'Fremantle', state: 'WA', postcode: null })).toBe(
      'Fremantle WA',
    );
    expect(oneLineAddress({ street1: null, suburb: null, state: null, postcode: null })).toBeNull();
  });

  it('opens directions in the maps app, every character of it encoded', () => {
    expect(directionsUrl("Unit 4/12 O'Connell St & Rose Lane, Perth WA 6000")).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=Unit%204%2F12%20O'Connell%20St%20%26%20Rose%20Lane%2C%20Perth%20WA%206000",
    );
  });
});
