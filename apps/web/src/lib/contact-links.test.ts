// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { mapsHref, telHref } from './contact-links';

describe('telHref', () => {
  it.each([
    ['(02) 9555 0101', 'tel:0295550101'],
    ['0412 345 678', 'tel:0412345678'],
    ['+61 2 9555-0101', 'tel:+61295550101'],
    ['13 22 11', 'tel:132211'],
    ['02 9555 0101 ext. 204', 'tel:0295550101,204'],
    ['02 9555 0101 x12', 'tel:0295550101,12'],
  ])('calls %s as %s', (typed, href) => {
    expect(telHref(typed)).toBe(href);
  });

  it('has nothing to call without digits', () => {
    expect(telHref('ask at reception')).toBeUndefined();
  });
});

describe('mapsHref', () => {
  it('searches Google Maps for the address on one line, encoded', () => {
    expect(mapsHref('Unit 3/12 St Kilda Rd\nSt Kilda VIC 3182')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Unit+3%2F12+St+Kilda+Rd%2C+St+Kilda+VIC+3182',
    );
    expect(mapsHref('Manly Wharf, Manly NSW 2095 & Co')).toBe(
      'https://www.google.com/maps/search/?api=1&query=Manly+Wharf%2C+Manly+NSW+2095+%26+Co',
    );
  });
});
