import { formatDollars, formatPrice } from '@fieldbook/domain';

/**
 * Money as the screens show it: a dollar sign, thousands grouped and 2 decimals ("$1,234.50", "-$12.00"); the
 * domain's `formatDollars` (decimal arithmetic, as on the documents). Text that is not a number is shown as it came.
 */
export const displayMoney = (value: Parameters<typeof formatDollars>[0]): string => formatDollars(value);

/** A unit price: as money, with the decimals it has past 2 ("$19.995"), so quantity × price reads as the amount. */
export const displayPrice = (value: Parameters<typeof formatPrice>[0]): string => formatPrice(value);

/**
 * Item prices are entered and stored without GST, as Australian trades price their catalogues; the invoice's
 * tax rates add it. Every screen that shows or asks for an item's price says so (docs/web.md, "Money").
 */
export const ITEM_PRICE_GST = 'excl. GST';
