import type { Customer, CustomerFields } from '@fieldbook/domain';
import { PAGE_SIZES } from '@fieldbook/domain';
import { and, eq, getViewSelectedFields, sql } from 'drizzle-orm';
import { storedColumns, withoutWords } from '../../platform/db/columns.ts';
import type { Tx } from '../../platform/db/database.ts';
import { apiTime, isoTime } from '../../platform/db/timestamps.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import { wholeNumber, wordsIn } from '../../platform/lists/search-matches.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { recordCommands } from '../../platform/records/record-commands.ts';
import { type NamingRecord, namedBy, recordRead } from '../../platform/records/record-reads.ts';
import type { RowOf } from '../../platform/records/record-rows.ts';
import { allocateNumber } from '../../platform/records/tenant-counters.ts';
import { customerCounts, customers, customerWords, visibleCustomers as visible } from './customer-tables.ts';

const NOUN = 'customer';

/** What `q` may search on the customer list. */
const customerSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    number: { kind: 'number', column: visible.number, integer: true },
    name: { kind: 'text', column: visible.name, words: visible.nameWords },
    email: { kind: 'text', column: visible.billingEmail, words: visible.billingEmailWords },
    billingEmail: { kind: 'text', column: visible.billingEmail, words: visible.billingEmailWords },
    phone: { kind: 'text', column: visible.billingPhone, words: visible.billingPhoneWords },
    billingPhone: { kind: 'text', column: visible.billingPhone, words: visible.billingPhoneWords },
    address: { kind: 'text', column: visible.billingAddress, words: visible.billingAddressWords },
    billingAddress: { kind: 'text', column: visible.billingAddress, words: visible.billingAddressWords },
  },
  searchable: [
    wholeNumber(visible.number),
    wordsIn(visible.nameWords),
    wordsIn(visible.billingEmailWords),
    wordsIn(visible.billingPhoneWords),
    wordsIn(visible.billingAddressWords),
  ],
};

/** A customer as the API returns it, from its row (its times as `Date`s, or as text from a list: `apiTime`). */
function toCustomer(
  row: Omit<RowOf<typeof customers>, 'tenantId' | 'created' | 'updated'> & {
    created: Date | string;
    updated: Date | string;
  },
): Customer {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    billingAddress: row.billingAddress,
    billingPhone: row.billingPhone,
    billingFax: row.billingFax,
    billingEmail: row.billingEmail,
    website: row.website,
    notes: row.notes,
    created: isoTime(row.created),
    updated: isoTime(row.updated),
  };
}

const records = recordCommands<typeof customers, Customer, CustomerFields>(customers, toCustomer, {
  noun: NOUN,
  stillReferenced: 'This customer has jobs, quotes or invoices, so it cannot be deleted.',
});

/** Creates a customer with the tenant's next customer number. */
export const createCustomer = async (tx: Tx, tenantId: string, fields: CustomerFields): Promise<Customer> =>
  records.create(tx, tenantId, fields, { number: await allocateNumber(tx, tenantId, 'customer') });

/** Deleting a customer deletes its locations; refused while jobs, quotes or invoices refer to it. */
export const { find: findCustomer, update: updateCustomer, remove: deleteCustomer } = records;

/** The customer a job or invoice names, read by that record's id in one statement (`namedBy`). */
const customerNamedBy = namedBy('customer', 'customerId', (db, where) =>
  db
    .select(storedColumns(customers))
    .from(customers)
    .where(and(eq(customers.tenantId, sql.placeholder('tenantId')), where(customers.id))),
);

/** The read of the customer a record names, to send with the record's own (404 when there is no such record). */
export const customerOf = (naming: NamingRecord<'customerId'>, tenantId: string, id: string) =>
  recordRead(customerNamedBy(naming, tenantId, id), toCustomer, NOUN);

/** The customers as `readList` reads them, by number; the whole list counted from the count kept by triggers. */
export const customerList: SortedList<Customer> = {
  pageSize: PAGE_SIZES.customers,
  resource: customerSearch,
  source: visible,
  select: (db, total) =>
    db
      .select({
        ...withoutWords(getViewSelectedFields(visible)),
        created: apiTime(visible.created),
        updated: apiTime(visible.updated),
        total,
      })
      .from(visible),
  keys: [ascending(visible.number)],
  keptCount: (db, tenantId) =>
    db
      .select({ total: sql<number>`coalesce(sum(${customerCounts.count}), 0)` })
      .from(customerCounts)
      .where(eq(customerCounts.tenantId, tenantId)),
  words: { kept: customerWords, number: visible.number },
  toRecord: toCustomer,
};
