import { MAX_PAGE_SIZE } from '@fieldbook/domain';
import { type FieldError, validationFailed } from '../http/errors.ts';

export interface Page {
  page: number;
  size: number;
  offset: number;
  limit: number;
}

/**
 * Reads `p` (page, from 1) and `s` (page size) from the query string. Absent or empty means the
 * default; anything that is not a whole number in range is a 400 naming the parameter.
 */
export function parsePage(
  query: { p?: unknown; s?: unknown },
  defaults: { size: number; maxSize?: number },
): Page {
  const maxSize = defaults.maxSize ?? MAX_PAGE_SIZE;
  const fieldErrors: FieldError[] = [];
  const page = wholeNumber(query.p, 1);
  const size = wholeNumber(query.s, defaults.size);
  if (page === undefined || page < 1) {
    fieldErrors.push({ field: 'p', message: 'Page must be a whole number from 1.' });
  }
  if (size === undefined || size < 1 || size > maxSize) {
    fieldErrors.push({ field: 's', message: `Page size must be a whole number from 1 to ${maxSize}.` });
  }
  if (page === undefined || size === undefined || fieldErrors.length > 0) {
    throw validationFailed('Invalid page or page size.', fieldErrors);
  }
  const offset = (page - 1) * size;
  // Beyond this the offset can no longer be represented exactly; no real list gets there.
  if (!Number.isSafeInteger(offset)) {
    throw validationFailed('Invalid page or page size.', [{ field: 'p', message: 'Page is too large.' }]);
  }
  return { page, size, offset, limit: size };
}

/** Where a page's rows are read: `offset` and `limit` in the list's order, or in the reverse order when `fromEnd`. */
export interface PageRead {
  offset: number;
  limit: number;
  fromEnd: boolean;
}

/**
 * How to read `page` of `total` rows: forwards, or, when fewer rows lie after the page than before it, backwards
 * from the far end (then reversed), so the last page costs what the first does and the middle one is the worst:
 * an OFFSET reads every row it skips. `fromEnd: false` reads forwards whatever the page. Undefined when the page
 * is past the end (there is nothing to read).
 */
export function pageRead(page: Page, total: number, { fromEnd = true } = {}): PageRead | undefined {
  if (page.offset >= total) return undefined;
  const limit = Math.min(page.limit, total - page.offset);
  const after = total - page.offset - limit;
  return fromEnd && after < page.offset
    ? { offset: after, limit, fromEnd: true }
    : { offset: page.offset, limit: page.limit, fromEnd: false };
}

/** Query strings give text; a schema may already have coerced to a number. Both are accepted. */
function wholeNumber(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,16}$/.test(value)) {
    const parsed = Number(value);
    return Number.isSafeInteger(parsed) ? parsed : undefined;
  }
  return undefined;
}

/** A query parameter's name as `URLSearchParams` reads it (`+` a space, percent-escapes decoded). */
function parameterName(pair: string): string {
  const equals = pair.indexOf('=');
  const name = equals === -1 ? pair : pair.slice(0, equals);
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * `Total-Count` and an RFC 8288 `Link` with first, prev, next and last. Each link is the request URL
 * (all other parameters kept as the URL parser wrote them, `q` included) with `p` and `s` set, last. Its query is
 * split by hand: `URLSearchParams` wrote the whole URL out again at each `set`, 4 % of the server's time for a page
 * of jobs. A count that stopped (`atLeast`) adds `Total-Count-Relation: gte`; its links have `next` while the page
 * is `full`, and no `last`.
 */
export function listHeaders(input: {
  url: string | URL;
  page: number;
  size: number;
  total: number;
  atLeast?: boolean;
  full?: boolean;
}): { 'Total-Count': string; 'Total-Count-Relation'?: 'gte'; Link: string } {
  const { url, page, size, total, atLeast = false, full = false } = input;
  // Past a count that stopped, the last page is unknown: the page after a full one is the furthest known.
  const last = atLeast ? page + (full ? 1 : 0) : Math.max(1, Math.ceil(total / size));
  const { href, search, hash } = new URL(url);
  const kept = search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !['p', 's'].includes(parameterName(pair)));
  const start = `${href.slice(0, href.length - search.length - hash.length)}?${kept.map((pair) => `${pair}&`).join('')}`;
  const link = (rel: string, target: number) => `<${start}p=${target}&s=${size}>; rel="${rel}"`;
  const links = [link('first', 1)];
  // A page past the end still gets a way back: prev points at the last page that exists.
  if (page > 1) links.push(link('prev', Math.min(page - 1, last)));
  if (page < last) links.push(link('next', page + 1));
  if (!atLeast) links.push(link('last', last));
  return atLeast
    ? { 'Total-Count': String(total), 'Total-Count-Relation': 'gte', Link: links.join(', ') }
    : { 'Total-Count': String(total), Link: links.join(', ') };
}
