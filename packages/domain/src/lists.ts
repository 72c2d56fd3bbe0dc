import { MAX_PAGE_SIZE, MAX_SEARCH_BYTES, searchBytes, searchTooLong } from './list-limits.ts';
import { z } from './zod.ts';

/**
 * The query string of every list. `p` and `s` stay text here: the server reads them itself so that a bad
 * one is a 400 naming the parameter with the list's own bounds.
 */
export const listQuery = z.object({
  q: z
    .string()
    // Characters first: a string with more has more bytes too, and is not encoded to count them.
    .max(MAX_SEARCH_BYTES, { error: searchTooLong, abort: true })
    .refine((q) => searchBytes(q) <= MAX_SEARCH_BYTES, { error: searchTooLong })
    .optional()
    .describe(
      `Search: words, term*, field:value, AND/OR/NOT; * or empty for all. At most ${MAX_SEARCH_BYTES} bytes in UTF-8.`,
    ),
  p: z.string().optional().describe('Page, from 1.'),
  s: z.string().optional().describe(`Page size, from 1 to ${MAX_PAGE_SIZE}.`),
});

export type ListQuery = z.infer<typeof listQuery>;

/** The response headers of every list (exposed to browsers by CORS). */
export const LIST_HEADERS = ['Total-Count', 'Total-Count-Relation', 'Link'] as const;
