import { displayDateTime } from '../lib/date-display';
import { useTimeZone } from '../lib/time-zone';

/** A date and time in the organisation's time zone ("23 Nov 2026, 9:00 am"), for a table's cell; nothing for none. */
export function DateTimeText({ value }: { value: string | null | undefined }) {
  return displayDateTime(value, useTimeZone());
}
