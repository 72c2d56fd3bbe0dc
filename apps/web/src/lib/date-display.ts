const dateTime = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A date and time as every screen shows it (en-AU, spec section 2): medium date plus short time, in the
 * browser's time zone ("23 Nov 2026, 9:00 am"). Empty for none; text that is not a date is shown as it came.
 */
export function displayDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : dateTime.format(time);
}
