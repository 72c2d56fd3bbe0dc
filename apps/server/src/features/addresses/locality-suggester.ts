import { type AddressSuggestion, MAX_ADDRESS_SUGGESTIONS } from '@fieldbook/domain';
import type { AddressSuggester } from './address-suggester.ts';
import { australianLocalities, type LocalityIndex } from './localities.ts';
import { parseAddress } from './parse-address.ts';
import { toSuggestion } from './suggestions.ts';

/**
 * The offline provider: keeps the street part as typed and completes the locality, state and postcode
 * from the Australian localities data set. It knows localities, not streets, so a point (latitude and
 * longitude, the locality's centre) is given only for a suggestion without a street.
 */
export function localitySuggester(
  index: () => Promise<LocalityIndex> = australianLocalities,
): AddressSuggester {
  return {
    async suggest(_caller, q): Promise<AddressSuggestion[]> {
      const typed = parseAddress(q);
      if (typed.locality === null && typed.postcode === null) return [];
      const localities = (await index()).search(typed, MAX_ADDRESS_SUGGESTIONS);
      const street = typed.street;
      return localities.map((locality) =>
        toSuggestion(street, {
          locality: locality.name,
          state: locality.state,
          postcode: locality.postcode,
          country: 'Australia',
          latitude: street ? null : locality.latitude,
          longitude: street ? null : locality.longitude,
        }),
      );
    },
  };
}
