import { formatMoney } from '@fieldbook/domain';

/**
 * Money as the screens show it: a dollar sign, thousands grouped and 2 decimals ("$1,234.50", "-$12.00"); the
 * domain's `formatMoney` does the decimal arithmetic. Text that is not a number is shown as it came.
 */
export function displayMoney(value: Parameters<typeof formatMoney>[0]): string {
  const formatted = formatMoney(value);
  if (!/^-?[\d,]+\.\d{2}$/.test(formatted)) return formatted;
  return formatted.startsWith('-') ? `-$${formatted.slice(1)}` : `$${formatted}`;
}

/**
 * Item prices are entered and stored without GST, as Australian trades price their catalogues; the invoice's
 * tax rates add it. Every screen that shows or asks for an item's price says so (docs/web.md, "Money").
 */
export const ITEM_PRICE_GST = 'excl. GST';
