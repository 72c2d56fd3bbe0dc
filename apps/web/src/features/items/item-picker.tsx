import type { Item } from '@fieldbook/domain';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { Autocomplete } from '../../components/autocomplete/autocomplete';
import { displayPrice } from '../../lib/money-display';
import { itemSuggestionsKey, searchItems } from './api/search-items';

/** 'Add from the catalogue': items by code or description; picking one hands it over and clears the box. */
export function ItemPicker({ onPick }: { onPick: (item: Item) => void }) {
  const [text, setText] = useState('');
  return (
    <Autocomplete<Item>
      label="Add from the catalogue"
      description="Type a code or description, then pick the item to add it as a line."
      value={text}
      onChange={setText}
      suggestionsKey={itemSuggestionsKey}
      fetchSuggestions={searchItems}
      optionKey={(item) => item.id}
      optionLabel={(item) => `${item.code} ${item.description}`}
      renderOption={(item) => (
        <Text size="sm">
          <strong>{item.code}</strong> {item.description}{' '}
          <Text span c="dimmed" size="xs">
            {displayPrice(item.price)}
          </Text>
        </Text>
      )}
      onPick={(item) => {
        onPick(item);
        setText('');
      }}
      minLength={1}
      noResultsText="No items found."
    />
  );
}
