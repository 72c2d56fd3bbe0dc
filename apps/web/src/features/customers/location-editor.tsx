import {
  type AddressSuggestion,
  type CustomerLocation,
  type LocationFields,
  locationFields,
} from '@fieldbook/domain';
import { Grid, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { EditorFrame } from '../../components/editor/editor-frame';
import type { Crumb } from '../../components/editor/editor-header';
import { type SaveMutation, useRecordEditor } from '../../components/form/use-record-editor';
import { AddressSearch } from './address-search';
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

type LocationValues = { customer: { id: string }; name: string } & LocationAddress;

/** The form holds text: a missing value is an empty box, which the schema turns back into null. */
function formValues(customerId: string, location: CustomerLocation | undefined): LocationValues {
  return {
    customer: { id: customerId },
    name: location?.name ?? '',
    street1: location?.street1 ?? '',
    suburb: location?.suburb ?? '',
    state: location?.state ?? '',
    postcode: location?.postcode ?? '',
    country: location?.country ?? DEFAULT_COUNTRY,
  };
}

interface LocationEditorProps {
  title: string;
  breadcrumbs: readonly Crumb[];
  /** The customer the location belongs to (from the route, or the location being edited). */
  customerId: string;
  /** The location being edited; absent when adding one. */
  location?: CustomerLocation;
  save: SaveMutation<LocationFields, CustomerLocation>;
  onSaved: (saved: CustomerLocation) => void;
}

/**
 * The location editor: an address search that fills the address fields, then the fields. A location saved
 * with no name is named after its street.
 */
export function LocationEditor({
  title,
  breadcrumbs,
  customerId,
  location,
  save,
  onSaved,
}: LocationEditorProps) {
  const { form, editor } = useRecordEditor({
    schema: locationFields,
    // The customer is in the record, not on the form.
    initialValues: formValues(customerId, location) satisfies Record<keyof LocationFields, unknown>,
    labels,
    save,
    savedNotice: 'Location saved.',
    onSaved,
  });

  const pickAddress = (suggestion: AddressSuggestion) => {
    const address = locationAddressFrom(suggestion);
    form.setValues(address);
    for (const field of Object.keys(address)) form.clearFieldError(field);
  };

  const nameAfterStreet = (event?: FormEvent<HTMLFormElement>) => {
    const { name, street1 } = form.getValues();
    if (!name.trim() && street1.trim()) form.setFieldValue('name', street1.trim());
    editor.onSubmit(event);
  };

  return (
    <EditorFrame breadcrumbs={breadcrumbs} title={title} editor={{ ...editor, onSubmit: nameAfterStreet }}>
      <AddressSearch
        description="Type an address, then pick it to fill in the fields below."
        onPick={pickAddress}
      />
      <TextInput
        label={labels.name}
        description="Left empty, the location is named after its street."
        required
        {...form.getInputProps('name')}
      />
      <TextInput label={labels.street1} autoComplete="address-line1" {...form.getInputProps('street1')} />
      {/* Side by side on a wide screen; on a phone the suburb has a line of its own. */}
      <Grid gap="sm">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <TextInput label={labels.suburb} autoComplete="address-level2" {...form.getInputProps('suburb')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label={labels.state} autoComplete="address-level1" {...form.getInputProps('state')} />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 3 }}>
          <TextInput label={labels.postcode} autoComplete="postal-code" {...form.getInputProps('postcode')} />
        </Grid.Col>
      </Grid>
      <TextInput
        label={labels.country}
        required
        autoComplete="country-name"
        {...form.getInputProps('country')}
      />
    </EditorFrame>
  );
}
