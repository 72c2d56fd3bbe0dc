import { instantAt, wallClockAt } from '@fieldbook/domain';
import { TextInput } from '@mantine/core';
import { useTimeZone } from '../../lib/time-zone';

/**
 * An ISO 8601 instant as a `datetime-local` box shows it: the wall-clock in the organisation's time zone, whatever
 * the browser's ("2026-11-24T09:00").
 */
export function toLocalInput(iso: string | null, timeZone: string): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return '';
  return wallClockAt(timeZone, iso).slice(0, 16);
}

/** What a `datetime-local` box holds, read in the organisation's time zone, as an ISO 8601 instant; null if empty. */
export function fromLocalInput(local: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  const instant = instantAt(timeZone, local);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString();
}

interface DateTimeInputProps {
  label: string;
  /** ISO 8601, or null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  error?: React.ReactNode;
  description?: string;
}

/** A date and time box (the browser's own picker) in the organisation's time zone, holding ISO 8601 in the form. */
export function DateTimeInput({ label, value, onChange, error, description }: DateTimeInputProps) {
  const timeZone = useTimeZone();
  return (
    <TextInput
      type="datetime-local"
      label={label}
      description={description}
      value={toLocalInput(value, timeZone)}
      onChange={(event) => onChange(fromLocalInput(event.currentTarget.value, timeZone))}
      error={error}
    />
  );
}
