import type { AddressSuggestion } from '@fieldbook/domain';
import type { Term } from './address-words.ts';
import type { StreetPart } from './parse-address.ts';

/** Where an address is: locality, state, postcode, country, and a point when one is known. */
export interface Place {
  locality: string | null;
  /** A recognised state, or the text as it was stored. */
  state: Term | string | null;
  postcode: string | null;
  country: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** A street name as typed, with words typed all in lower case capitalised ("smith" → "Smith"). */
const tidyName = (name: string) =>
  name.replace(/\S+/g, (word) =>
    word === word.toLowerCase() ? word.charAt(0).toUpperCase() + word.slice(1) : word,
  );

const stateName = (state: Place['state']) => (typeof state === 'string' ? state : (state?.name ?? null));
const stateShort = (state: Place['state']) =>
  typeof state === 'string' ? state : (state?.abbreviation ?? null);

/** One line, as Australia Post writes it: "Level 2, 3/12 Smith Street North, Richmond VIC 3121". */
export function formatAddress(street: StreetPart | null, place: Place): string {
  const parts: string[] = [];
  if (street?.levelType && street.levelNumber) parts.push(`${street.levelType.name} ${street.levelNumber}`);
  const unit = street?.unitType && street.unitNumber ? street : null;
  if (unit && unit.unitType?.name !== 'Unit') parts.push(`${unit.unitType?.name} ${unit.unitNumber}`);
  let number = street?.lotNumber ? `Lot ${street.lotNumber}` : (street?.streetNumber ?? null);
  if (unit?.unitType?.name === 'Unit')
    number = number ? `${unit.unitNumber}/${number}` : `Unit ${unit.unitNumber}`;
  const streetLine = [
    number,
    street?.streetName ? tidyName(street.streetName) : null,
    street?.streetType?.name,
    street?.streetSuffix?.name,
  ].filter(Boolean);
  if (streetLine.length > 0) parts.push(streetLine.join(' '));
  const localityLine = [place.locality, stateShort(place.state), place.postcode].filter(Boolean);
  if (localityLine.length > 0) parts.push(localityLine.join(' '));
  return parts.join(', ');
}

/** A suggestion from its parts; every part that is not known is null. */
export function toSuggestion(street: StreetPart | null, place: Place): AddressSuggestion {
  return {
    address: formatAddress(street, place),
    buildingName: null,
    lotNumber: street?.lotNumber ?? null,
    unitType: street?.unitType?.name ?? null,
    unitNumber: street?.unitNumber ?? null,
    levelType: street?.levelType?.name ?? null,
    levelNumber: street?.levelNumber ?? null,
    streetNumber: street?.streetNumber ?? null,
    streetName: street?.streetName ? tidyName(street.streetName) : null,
    streetType: street?.streetType?.name ?? null,
    streetTypeAbbreviation: street?.streetType?.abbreviation ?? null,
    streetTypeSuffix: street?.streetSuffix?.name ?? null,
    streetTypeSuffixAbbreviation: street?.streetSuffix?.abbreviation ?? null,
    locality: place.locality,
    state: stateName(place.state),
    stateAbbreviation: typeof place.state === 'string' ? null : (place.state?.abbreviation ?? null),
    postcode: place.postcode,
    country: place.country,
    latitude: place.latitude ?? null,
    longitude: place.longitude ?? null,
  };
}
