const money = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * Money as the screens show it (en-AU, 2 decimals): "1,234.50". The API sends decimal strings; they are
 * formatted as decimals, never through a float.
 */
export function formatMoney(value: string | number): string {
  if (typeof value === 'number') return money.format(value);
  const text = value.trim();
  // Intl formats a numeric string exactly; anything else is shown as it came.
  return /^-?(\d+(\.\d*)?|\.\d+)$/.test(text) ? money.format(text as Intl.StringNumericLiteral) : value;
}
