import { type AddressSuggestion, type LocationFields, locationFields } from '@fieldbook/domain';
import { Group, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Autocomplete } from '../../components/autocomplete/autocomplete';
import { EditorLayout } from '../../components/editor/editor-layout';
import { useFormValues, validateForm } from '../../components/editor/use-form-values';
import { paths } from '../../lib/paths';
import { useCreateLocation } from './api/create-location';
import { customerQueryOptions } from './api/get-customer';
import { addressSuggestionsKey, suggestAddresses } from './api/suggest-addresses';
import { DEFAULT_COUNTRY, locationAddressFrom } from './location-address';

// The customer comes from the route, not from a field.
const locationFormFields = locationFields.omit({ customer: true });
type LocationFormValues = Record<keyof Omit<LocationFields, 'customer'>, string>;

const emptyLocation: LocationFormValues = {
  name: '',
  street1: '',
  suburb: '',
  state: '',
  postcode: '',
  country: DEFAULT_COUNTRY,
};

/** customers/{customerId}/locations/new: a new location of the customer; after saving, back to the customer. */
export function NewLocationPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const customer = useQuery(customerQueryOptions(customerId));
  const create = useCreateLocation();
  const form = useFormValues(emptyLocation);
  const [addressText, setAddressText] = useState('');

  const pickAddress = (suggestion: AddressSuggestion) => {
    form.setValues((current) => ({ ...current, ...locationAddressFrom(suggestion) }));
  };

  const submit = () => {
    const result = validateForm<Omit<LocationFields, 'customer'>, LocationFormValues>(
      locationFormFields,
      form.values,
    );
    if (!result.ok) {
      form.showErrors(result.errors);
      return;
    }
    create.mutate(
      { ...result.data, customer: { id: customerId } },
      { onSuccess: () => void navigate(paths.customers.view.href(customerId)) },
    );
  };

  return (
    <EditorLayout
      breadcrumbs={[
        { label: 'Home', to: paths.home },
        { label: 'Customers', to: paths.customers.search },
        { label: customer.data?.name ?? 'Customer', to: paths.customers.view.href(customerId) },
        { label: 'New location' },
      ]}
      title="New location"
      saveError={create.error}
      saving={create.isPending}
      onSubmit={submit}
    >
      <Autocomplete<AddressSuggestion>
        label="Address search"
        description="Type an address, then pick it to fill in the fields below."
        placeholder="1 George St, Sydney"
        value={addressText}
        onChange={setAddressText}
        suggestionsKey={addressSuggestionsKey}
        fetchSuggestions={suggestAddresses}
        optionKey={(suggestion) => suggestion.address}
        optionLabel={(suggestion) => suggestion.address}
        renderOption={(suggestion) => <Text size="sm">{suggestion.address}</Text>}
        onPick={pickAddress}
        minLength={3}
      />
      <TextInput label="Name" required {...form.field('name')} />
      <TextInput label="Street" autoComplete="address-line1" {...form.field('street1')} />
      <Group grow align="flex-start">
        <TextInput label="Suburb" autoComplete="address-level2" {...form.field('suburb')} />
        <TextInput label="State" autoComplete="address-level1" {...form.field('state')} />
        <TextInput label="Postcode" autoComplete="postal-code" {...form.field('postcode')} />
      </Group>
      <TextInput label="Country" required autoComplete="country-name" {...form.field('country')} />
    </EditorLayout>
  );
}
