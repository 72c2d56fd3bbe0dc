/**
 * The one comparable form of an email address, used wherever an address is stored for lookup or compared:
 * Unicode NFKC (full-width and compatibility letters become their plain forms), trimmed, then lower-cased with
 * JavaScript's locale-independent Unicode case mapping. The database never case-folds an email itself: its
 * `lower()` follows the server's locale, and any difference between the two would make one account answer to
 * two spellings (and the sign-in throttle count them apart).
 */
export function canonicalEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase().normalize('NFKC');
}

/** An email as typed on a sign-in form can be looked up: no control characters (NUL), well-formed Unicode. */
export function isLookupableEmail(email: string): boolean {
  return email.length <= 320 && email.isWellFormed() && !/\p{Cc}/u.test(email);
}
