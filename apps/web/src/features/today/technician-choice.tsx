import { useQuery } from '@tanstack/react-query';
import { PlainSelect } from '../../components/plain-select';
import { activeTechnicianChoicesQueryOptions } from '../technicians';

/** Whose day the office sees: the organisation's technicians who take jobs. */
export function TechnicianChoice({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string) => void;
}) {
  const technicians = useQuery(activeTechnicianChoicesQueryOptions());
  const choices = (technicians.data?.items ?? []).map((one) => ({ value: one.id, label: one.name }));
  return (
    <PlainSelect
      label="Technician"
      style={{ maxWidth: 'calc(22.5rem * var(--mantine-scale))', marginBottom: 'var(--mantine-spacing-sm)' }}
      value={value ?? ''}
      options={[{ value: '', label: 'Choose a technician' }, ...choices]}
      onChange={(event) => onChange(event.currentTarget.value)}
      description={technicians.isError ? 'The technicians could not be loaded.' : undefined}
    />
  );
}
