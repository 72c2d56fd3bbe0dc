/**
 * A `tel:` address for a phone number as people write it ("(02) 9555 0101", "0412 345 678", "+61 2 9555 0101"):
 * the digits, a leading +, and a pause or extension (`,` `;` `p` `w`, "x123"). Undefined when it has no digits.
 */
export function telHref(phone: string): string | undefined {
  const [number = '', extension] = phone.split(/\s*(?:ext\.?|x)\s*(?=\d)/i);
  const digits = number.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  if (!/\d/.test(digits)) return undefined;
  return `tel:${digits}${extension ? `,${extension.replace(/\D/g, '')}` : ''}`;
}

/** A Google Maps search for an address, on one line however it was typed. */
export function mapsHref(address: string): string {
  const oneLine = address
    .split(/\s*[\r\n]+\s*/)
    .filter(Boolean)
    .join(', ');
  return `https://www.google.com/maps/search/?${new URLSearchParams({ api: '1', query: oneLine })}`;
}
