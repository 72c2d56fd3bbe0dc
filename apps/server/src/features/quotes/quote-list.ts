import { PAGE_SIZES, QUOTE_STATUS_NAMES, QUOTE_STATUSES, type Quote } from '@fieldbook/domain';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { descending } from '../../platform/lists/paged-list.ts';
import { type Named, nameOf, wholeNumber, wordsIn } from '../../platform/lists/search-matches.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { visibleCustomers } from '../customers/index.ts';
import { quoteExpired, selectQuotes, toQuote } from './quote-rows.ts';
import { visibleQuotes as visible } from './quote-tables.ts';

// The quote list, newest first: a `SortedList` (counted as it is read, exactly for filters and up to 1,000 for a
// free-text search), as quotes are far fewer than jobs or invoices.

const customerNames: Named = {
  table: visibleCustomers,
  id: visibleCustomers.id,
  words: visibleCustomers.nameWords,
};

/** What `q` may search on the quote list; bare words match the number (whole), reference, title and customer name. */
export const quoteSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    number: { kind: 'number', column: visible.number, integer: true },
    reference: { kind: 'text', column: visible.reference, words: visible.referenceWords },
    title: { kind: 'text', column: visible.title, words: visible.titleWords },
    'customer.id': { kind: 'exact', column: visible.customerId, uuid: true },
    'location.id': { kind: 'exact', column: visible.locationId, uuid: true },
    'job.id': { kind: 'exact', column: visible.jobId, uuid: true },
    status: { kind: 'exact', column: visible.status, values: QUOTE_STATUSES, names: QUOTE_STATUS_NAMES },
    date: { kind: 'timestamp', column: visible.date },
    expiry: { kind: 'timestamp', column: visible.expiry },
    total: { kind: 'number', column: visible.total },
    expired: { kind: 'flag', when: quoteExpired },
  },
  searchable: [
    wholeNumber(visible.number),
    wordsIn(visible.referenceWords),
    wordsIn(visible.titleWords),
    nameOf(visible.customerId, customerNames),
  ],
};

/** The quote list as `readList` reads it. */
export const quoteList: SortedList<Quote> = {
  pageSize: PAGE_SIZES.quotes,
  resource: quoteSearch,
  source: visible,
  select: (db, total) => selectQuotes(db, { total }),
  keys: [descending(visible.number)],
  toRecord: toQuote,
};
