import { z } from 'zod';

/** The largest page any list serves (the scheduler loads up to 1000 rows at once). */
export const MAX_PAGE_SIZE = 1000;

/** The default page size of each list, as the specification's screens show them. */
export const PAGE_SIZES = {
  customers: 15,
  locations: 15,
  items: 10,
} as const;

/** The query that matches everything; an empty search means this. */
export const MATCH_ALL = '*';

/**
 * The query string of every list. `p` and `s` stay text here: the server reads them itself so that a bad
 * one is a 400 naming the parameter with the list's own bounds.
 */
export const listQuery = z.object({
  q: z.string().optional().describe('Search: words, term*, field:value, AND/OR/NOT; * or empty for all.'),
  p: z.string().optional().describe('Page, from 1.'),
  s: z.string().optional().describe(`Page size, from 1 to ${MAX_PAGE_SIZE}.`),
});

export type ListQuery = z.infer<typeof listQuery>;

/** The response headers of every list (exposed to browsers by CORS). */
export const LIST_HEADERS = ['Total-Count', 'Link'] as const;
