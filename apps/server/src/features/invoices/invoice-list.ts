import { INVOICE_STATUS_NAMES, INVOICE_STATUSES, type Invoice, PAGE_SIZES } from '@fieldbook/domain';
import { desc, sql } from 'drizzle-orm';
import { builtOnce } from '../../platform/db/built-selects.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import {
  type NumberedList,
  type NumberedView,
  numberedWhere,
  type WordSearch,
} from '../../platform/lists/numbered-lists.ts';
import { matchWords } from '../../platform/lists/query-to-sql.ts';
import { type Named, nameIn, nameOf, wholeNumber, wordsIn } from '../../platform/lists/search-matches.ts';
import { visibleCustomers } from '../customers/index.ts';
import { organisationToday } from '../organisation/index.ts';
import {
  invoiceCounts,
  invoiceCustomerCounts,
  invoiceNumberBlocks,
  invoiceWords,
  visibleInvoices as visible,
} from './invoice-tables.ts';
import { type InvoiceRow, selectInvoices, toInvoice } from './invoices.ts';

// The invoice list, fast at hundreds of thousands of invoices in one tenant, as the job list is (docs/server.md,
// "Fast lists"): kept counts for the common totals, and the page read as numbers first, then whole invoices.

const customerNames: Named = {
  table: visibleCustomers,
  id: visibleCustomers.id,
  words: visibleCustomers.nameWords,
};

/**
 * Overdue (the domain's `isOverdue`): Sent, an amount still due, and due before today in the organisation's time
 * zone (read once a statement: the scope's tenant, not each row's).
 */
export const overdue = sql`(${visible.status} = 'OPEN_SENT' and ${visible.total} > ${visible.amountPaid}
  and ${visible.due} < ${organisationToday})`;

/** What `q` may search on the invoice list; bare words match the number (whole), reference and customer name. */
export const invoiceList: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    number: { kind: 'number', column: visible.number, integer: true },
    reference: { kind: 'text', column: visible.reference, words: visible.referenceWords },
    'customer.id': { kind: 'exact', column: visible.customerId, uuid: true },
    'job.id': { kind: 'exact', column: visible.jobId, uuid: true },
    status: { kind: 'exact', column: visible.status, values: INVOICE_STATUSES, names: INVOICE_STATUS_NAMES },
    date: { kind: 'timestamp', column: visible.date },
    due: { kind: 'timestamp', column: visible.due },
    total: { kind: 'number', column: visible.total },
    amountDue: { kind: 'number', column: sql`(${visible.total} - ${visible.amountPaid})` },
    overdue: { kind: 'flag', when: overdue },
  },
  searchable: [
    wholeNumber(visible.number),
    wordsIn(visible.referenceWords),
    nameOf(visible.customerId, customerNames),
  ],
};

/** The invoice list's search as a walk newest first reads it (`nameIn`): a word that names thousands. */
const invoiceWalk: ListResource = {
  ...invoiceList,
  searchable: [
    wholeNumber(visible.number),
    wordsIn(visible.referenceWords),
    nameIn(visible.customerId, customerNames),
  ],
};

const numbered: NumberedView = {
  view: visible,
  tenantId: visible.tenantId,
  number: visible.number,
  rangesFollowNumbers: true,
};

/**
 * The invoices with these numbers, whole, newest first: built once (`builtOnce`), a named statement planned once
 * per connection (unnamed behind a transaction pooler, `platform/db/transaction-pooler.ts`).
 */
const invoicesNumbered = builtOnce<InvoiceRow>(
  (tx) => selectInvoices(tx).where(numberedWhere(numbered)).orderBy(desc(visible.number)),
  'invoices_numbered',
);

/**
 * A lone word on the invoice list: the invoices' own number and reference, and their customers' names, whose
 * invoices the kept customer counts count.
 */
const invoiceWord: WordSearch = {
  own: (term) => [wholeNumber(visible.number)(term), matchWords(visible.referenceWords, term)],
  names: { customers: { named: customerNames, key: visible.customerId } },
  keptNamed: (tenantId) => sql`
    select coalesce(sum(${invoiceCustomerCounts.count}), 0) from ${invoiceCustomerCounts}, named
    where ${invoiceCustomerCounts.tenantId} = ${tenantId}
      and ${invoiceCustomerCounts.customerId} = any(named.customers)`,
  kept: invoiceWords,
};

/** The invoice list as `readList` reads it. */
export const numberedInvoices: NumberedList<Invoice> = {
  pageSize: PAGE_SIZES.invoices,
  resource: invoiceList,
  walkResource: invoiceWalk,
  numbered,
  statusCounts: invoiceCounts,
  numberBlocks: invoiceNumberBlocks,
  statuses: INVOICE_STATUSES,
  word: invoiceWord,
  read: async (tx, tenantId, numbers) => (await invoicesNumbered(tx, { tenantId, numbers })).map(toInvoice),
  selectWhole: selectInvoices,
  toRecord: toInvoice,
};
