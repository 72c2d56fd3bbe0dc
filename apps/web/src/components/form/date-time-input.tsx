import { TextInput } from '@mantine/core';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO 8601 date-time as the browser's `datetime-local` box shows it, in local time ("2026-11-24T09:00"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** What a `datetime-local` box holds, as ISO 8601 with the local offset ("2026-11-24T09:00:00+11:00"); null if empty. */
export function fromLocalInput(local: string): string | null {
  const date = new Date(local);
  if (!local || Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const hours = pad(Math.floor(Math.abs(offset) / 60));
  return `${local.length === 16 ? `${local}:00` : local}${sign}${hours}:${pad(Math.abs(offset) % 60)}`;
}

interface DateTimeInputProps {
  label: string;
  /** ISO 8601 with offset, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: React.ReactNode;
  description?: string;
}

/** A date and time box (the browser's own picker), holding ISO 8601 with the local offset in the form. */
export function DateTimeInput({ label, value, onChange, error, description }: DateTimeInputProps) {
  return (
    <TextInput
      type="datetime-local"
      label={label}
      description={description}
      value={toLocalInput(value)}
      onChange={(event) => onChange(fromLocalInput(event.currentTarget.value))}
      error={error}
    />
  );
}
