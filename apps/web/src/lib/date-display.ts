import { calendarDateText, formatsByZone } from '@fieldbook/domain';

const dateTimeIn = formatsByZone('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A date and time as every screen shows it (en-AU, spec section 2): medium date plus short time, in the
 * organisation's time zone (`useTimeZone`), whatever the browser's ("23 Nov 2026, 9:00 am"). Empty for none; text
 * that is not a date is shown as it came.
 */
export function displayDateTime(value: string | null | undefined, timeZone: string): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateTimeIn(timeZone).format(time);
}

/**
 * A date without a time ("2026-11-23", an invoice's date or due) as a medium en-AU date ("23 Nov 2026"), the
 * same day in every time zone (the domain's `calendarDateText`). Empty for none; text that is not such a date is
 * shown as it came.
 */
export function displayDate(value: string | null | undefined): string {
  return value ? calendarDateText(value) : '';
}
