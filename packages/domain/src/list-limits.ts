// Free of zod, so the web app's list screens can use them without downloading it.

/** The largest page any list serves (the scheduler loads up to 1000 rows at once). */
export const MAX_PAGE_SIZE = 1000;

/** The default page size of each list, as the specification's screens show them. */
export const PAGE_SIZES = {
  customers: 15,
  locations: 15,
  items: 10,
  jobs: 10,
  invoices: 10,
  quotes: 10,
  territories: 15,
  taxRates: 100,
  templates: 100,
  technicians: 100,
  members: 100,
  outbox: 25,
  payments: 25,
} as const;

/**
 * The longest search (`q`) any list takes, in UTF-8 bytes: 1,000 plain characters. A list's `Link` header repeats
 * `q` up to four times, each byte at most three characters when percent-encoded, so its headers stay under the
 * 16 KB that HTTP clients (Node's `fetch`) read.
 */
export const MAX_SEARCH_BYTES = 1000;

const utf8 = new TextEncoder();

/** The length of a search as `MAX_SEARCH_BYTES` counts it. */
export const searchBytes = (q: string): number => utf8.encode(q).length;

/** The field error on a `q` longer than `MAX_SEARCH_BYTES`. */
export const searchTooLong = `Shorten the search to ${MAX_SEARCH_BYTES.toLocaleString('en-AU')} characters or fewer (a letter with an accent counts as two, one of most other scripts as three).`;

/** The query that matches everything; an empty search means this. */
export const MATCH_ALL = '*';
