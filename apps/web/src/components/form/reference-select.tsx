import { NativeSelect } from '@mantine/core';
import type { ReactNode } from 'react';

type Reference = { id: string } | null;

interface ReferenceSelectProps {
  label: string;
  options: readonly { id: string; name: string }[] | undefined;
  value: Reference;
  onChange: (value: Reference) => void;
  error?: ReactNode;
  required?: boolean;
  loading?: boolean;
}

/** A choice of one record by id from a list ('' for none): a job's location, territory, priority; a quote's location. */
export function ReferenceSelect({
  label,
  options,
  value,
  onChange,
  error,
  required,
  loading,
}: ReferenceSelectProps) {
  return (
    <NativeSelect
      label={label}
      required={required}
      value={value?.id ?? ''}
      onChange={(event) => onChange(event.currentTarget.value ? { id: event.currentTarget.value } : null)}
      data={[
        { value: '', label: loading ? 'Loading…' : `Choose the ${label.toLowerCase()}` },
        ...(options ?? []).map((option) => ({ value: option.id, label: option.name })),
      ]}
      error={error}
    />
  );
}
