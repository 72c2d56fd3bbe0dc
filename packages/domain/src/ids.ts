/** Any RFC 9562 UUID in its canonical text form (ids are version 7, but others are read too). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (text: string): boolean => UUID_PATTERN.test(text);
