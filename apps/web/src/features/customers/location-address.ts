import type { AddressSuggestion } from '@fieldbook/domain';

/** New locations are in Australia unless the user says otherwise. */
export const DEFAULT_COUNTRY = 'Australia';

/** The address fields of a location that an address suggestion fills. */
export type LocationAddress = {
  street1: string;
  suburb: string;
  state: string;
  postcode: string;
  country: string;
};

/**
 * The part of a one-line address before its locality: '1 George Street, Sydney NSW 2000' → '1 George Street';
 * nothing for a locality alone ('Richmond VIC 3121').
 */
function streetPart(address: string, locality: string | null): string {
  const at = locality ? address.toUpperCase().lastIndexOf(locality.toUpperCase()) : -1;
  if (at === 0) return '';
  const head = at > 0 ? address.slice(0, at) : (address.split(',')[0] ?? address);
  return head.replace(/[\s,]+$/, '').trim();
}

/**
 * The location fields for a picked address. Street is number + name + type (+ suffix); an address with a unit,
 * level, lot or building name takes the one-line address up to the locality instead, so those parts
 * are not lost.
 */
export function locationAddressFrom(suggestion: AddressSuggestion): LocationAddress {
  const { streetNumber, streetName, streetType, streetTypeSuffix } = suggestion;
  const hasSubAddress = [
    suggestion.unitNumber,
    suggestion.levelNumber,
    suggestion.lotNumber,
    suggestion.buildingName,
  ].some(Boolean);
  const street1 =
    streetName && !hasSubAddress
      ? [streetNumber, streetName, streetType, streetTypeSuffix].filter(Boolean).join(' ')
      : streetPart(suggestion.address, suggestion.locality);
  return {
    street1,
    suburb: suggestion.locality ?? '',
    state: suggestion.stateAbbreviation ?? suggestion.state ?? '',
    postcode: suggestion.postcode ?? '',
    country: suggestion.country ?? DEFAULT_COUNTRY,
  };
}

/**
 * A customer's billing address (one multi-line text) for a picked address: the street on the first line, then
 * the locality, state and postcode: '1 George Street\nSydney NSW 2000'.
 */
export function billingAddressFrom(suggestion: AddressSuggestion): string {
  const { street1, suburb, state, postcode } = locationAddressFrom(suggestion);
  const town = [suburb, state, postcode].filter(Boolean).join(' ');
  return street1 && town ? `${street1}\n${town}` : suggestion.address;
}
