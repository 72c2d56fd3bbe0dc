import { type AddressSuggestion, type LocationFields, locationFields } from '@fieldbook/domain';
import { Group, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Autocomplete } from '../../components/autocomplete/autocomplete';
import { EditorFrame } from '../../components/editor/editor-frame';
import { editorCrumbs } from '../../components/editor/editor-header';
import { useRecordEditor } from '../../components/form/use-record-editor';
import { paths } from '../../lib/paths';
import { useCreateLocation } from './api/create-location';
import { customerQueryOptions } from './api/get-customer';
import { addressSuggestionsKey, suggestAddresses } from './api/suggest-addresses';
import { DEFAULT_COUNTRY, type LocationAddress, locationAddressFrom } from './location-address';

const labels = {
  'customer.id': 'Customer',
  name: 'Name',
  street1: 'Street',
  suburb: 'Suburb',
  state: 'State',
  postcode: 'Postcode',
  country: 'Country',
} as const;

const TITLE = 'New location';

/** customers/{customerId}/locations/new: a new location of the customer; after saving, back to the customer. */
export function NewLocationPage() {
  const { customerId = '' } = useParams();
  const navigate = useNavigate();
  const customer = useQuery(customerQueryOptions(customerId));
  const [addressText, setAddressText] = useState('');
  const { form, editor } = useRecordEditor({
    schema: locationFields,
    // The customer comes from the route: it is in the record, not on the form.
    initialValues: {
      customer: { id: customerId },
      name: '',
      ...({
        street1: '',
        suburb: '',
        state: '',
        postcode: '',
        country: DEFAULT_COUNTRY,
      } satisfies LocationAddress),
    } satisfies Record<keyof LocationFields, unknown>,
    labels,
    save: useCreateLocation(),
    savedNotice: 'Location saved.',
    onSaved: () => void navigate(paths.customers.view.href(customerId)),
  });

  const pickAddress = (suggestion: AddressSuggestion) => {
    const address = locationAddressFrom(suggestion);
    form.setValues(address);
    for (const field of Object.keys(address)) form.clearFieldError(field);
  };

  const customerCrumb = {
    label: customer.data?.name ?? 'Customer',
    to: paths.customers.view.href(customerId),
  };
  return (
    <EditorFrame
      breadcrumbs={editorCrumbs({ label: 'Customers', to: paths.customers.search }, TITLE, customerCrumb)}
      title={TITLE}
      editor={editor}
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
      <TextInput label={labels.name} required {...form.getInputProps('name')} />
      <TextInput label={labels.street1} autoComplete="address-line1" {...form.getInputProps('street1')} />
      <Group grow align="flex-start">
        <TextInput label={labels.suburb} autoComplete="address-level2" {...form.getInputProps('suburb')} />
        <TextInput label={labels.state} autoComplete="address-level1" {...form.getInputProps('state')} />
        <TextInput label={labels.postcode} autoComplete="postal-code" {...form.getInputProps('postcode')} />
      </Group>
      <TextInput
        label={labels.country}
        required
        autoComplete="country-name"
        {...form.getInputProps('country')}
      />
    </EditorFrame>
  );
}
