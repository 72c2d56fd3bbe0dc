import type { Customer } from '@fieldbook/domain';
import { Text } from '@mantine/core';
import { useState } from 'react';
import { Autocomplete } from '../../components/autocomplete/autocomplete';
import { customerSuggestionsKey, searchCustomers } from './api/search-customers';

interface CustomerPickerProps {
  /** The customer chosen so far, shown in the box. */
  chosen: { id: string; name: string } | null;
  onPick: (customer: { id: string; name: string }) => void;
  error?: string | null;
  required?: boolean;
}

/**
 * 'Customer': the customers whose name, number, email or phone match what is typed (the job and invoice
 * editors). Typing over the chosen name does not unchoose it until another customer is picked.
 */
export function CustomerPicker({ chosen, onPick, error, required }: CustomerPickerProps) {
  const [text, setText] = useState(chosen?.name ?? '');
  return (
    <Autocomplete<Customer>
      label="Customer"
      description={chosen ? undefined : 'Type a name, number, email or phone, then pick the customer.'}
      value={text}
      onChange={setText}
      suggestionsKey={customerSuggestionsKey}
      fetchSuggestions={searchCustomers}
      optionKey={(customer) => customer.id}
      optionLabel={(customer) => customer.name}
      renderOption={(customer) => (
        <Text size="sm">
          {customer.name}{' '}
          <Text span c="dimmed" size="xs">
            #{customer.number}
          </Text>
        </Text>
      )}
      onPick={(customer) => onPick({ id: customer.id, name: customer.name })}
      minLength={1}
      noResultsText="No customers found."
      error={error}
      required={required}
    />
  );
}
