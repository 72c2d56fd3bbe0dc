// Where a visit is, for a phone: no zod here, so Today's first download does without it.

/** An address on one line: street, then suburb, state and postcode. */
export function oneLineAddress(parts: {
  street1: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
}): string | null {
  const locality = [parts.suburb, parts.state, parts.postcode].filter(Boolean).join(' ');
  return [parts.street1, locality].filter(Boolean).join(', ') || null;
}

/** Directions to an address in the phone's maps app (Google Maps' universal link, which opens the app where there is one). */
export const directionsUrl = (address: string): string =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
