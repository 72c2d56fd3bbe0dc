import { formatPrice, formatsByZone } from '@fieldbook/domain';

// Figures as the screens show them, so a document's are exactly the API's.

const dateOnly = new Intl.DateTimeFormat('en-AU', { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeIn = formatsByZone('en-AU', { dateStyle: 'medium', timeStyle: 'short' });
const quantity = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 4 });

/** "24 Nov 2026". */
export const showDate = (value: string) => dateOnly.format(Date.parse(`${value}T00:00:00Z`));
/** "24 Nov 2026, 9:00 am" in the organisation's time zone. */
export const showDateTime = (value: string, timeZone: string) =>
  dateTimeIn(timeZone).format(Date.parse(value));
export const showQuantity = (value: string | null) =>
  value === null ? null : quantity.format(Number(value));
export const showPrice = (value: string | null) => (value === null ? null : formatPrice(value));
