import type { AddressSuggestion } from '@fieldbook/domain';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { Autocomplete } from '../../components/autocomplete/autocomplete';
import { addressSuggestionsKey, suggestAddresses } from './api/suggest-addresses';

/** 'Address search': Australian addresses as the user types; picking one hands it to `onPick`. */
export function AddressSearch({
  description,
  onPick,
}: {
  /** What picking fills: 'Type an address, then pick it to fill in the fields below.' */
  description: string;
  onPick: (suggestion: AddressSuggestion) => void;
}) {
  const [text, setText] = useState('');
  return (
    <Autocomplete<AddressSuggestion>
      label="Address search"
      description={description}
      placeholder="1 George St, Sydney"
      value={text}
      onChange={setText}
      suggestionsKey={addressSuggestionsKey}
      fetchSuggestions={suggestAddresses}
      optionKey={(suggestion) => suggestion.address}
      optionLabel={(suggestion) => suggestion.address}
      renderOption={(suggestion) => <Text size="sm">{suggestion.address}</Text>}
      onPick={onPick}
      minLength={3}
    />
  );
}
