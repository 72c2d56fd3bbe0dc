import { pickerQuery } from '../../../lib/picker-query';
import { jobsQueryOptions } from '../../jobs';
import { BOARD_FRESH_MS, READY } from './board-jobs';

// Apart from board-jobs.ts, which the route's loader reads in the first download: the search reads typed text with
// the query syntax's word splitting (`pickerQuery`), which the board needs only once the user types.

/** How many of the ready jobs a search finds the list shows: the newest. */
export const READY_SEARCH_LIMIT = 20;

/**
 * GET /jobs?q=status:OPEN_READY_TO_BE_SCHEDULED AND {words, the last a prefix}&s=20: the ready jobs a search of the
 * list finds among all of them (not only those the board loaded), as the user types; not sent (`enabled`) while
 * `text` has no words to search.
 */
export const readyJobsSearchQueryOptions = (text: string) => {
  const words = pickerQuery(text);
  return {
    ...jobsQueryOptions({ q: `${READY} AND ${words}`, p: 1, s: READY_SEARCH_LIMIT }),
    staleTime: BOARD_FRESH_MS,
    enabled: words !== '*',
  };
};
