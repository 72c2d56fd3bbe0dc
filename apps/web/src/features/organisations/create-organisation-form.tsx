import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiErrorAlert } from '../../components/api-error-alert';
import { useCreateTenant } from './api/create-tenant';

/** Organisation name and a create button; on success the user is signed in to the new organisation. */
export function CreateOrganisationForm({ submitLabel }: { submitLabel: string }) {
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const createTenant = useCreateTenant();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Enter the organisation name.');
      return;
    }
    setNameError(null);
    createTenant.mutate(trimmed);
  };

  // After success the browser is on its way to the identity provider: keep the button busy.
  const busy = createTenant.isPending || createTenant.isSuccess;
  return (
    <form onSubmit={submit} noValidate>
      <ApiErrorAlert error={createTenant.error} />
      <TextInput
        label="Organisation name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={nameError}
        required
        maxLength={200}
        autoComplete="organization"
      />
      <Group mt="md">
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </Group>
    </form>
  );
}
