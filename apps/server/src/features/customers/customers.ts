import type { Customer, CustomerFields, CustomerUpdate } from '@fieldbook/domain';
import { and, count, eq, getViewSelectedFields, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Db, Tx } from '../../platform/db/database.ts';
import { apiTime, isoTime } from '../../platform/db/timestamps.ts';
import type { TenantCaller } from '../../platform/http/member-scope.ts';
import { type ListResource, listQueryToSql, parseListQuery } from '../../platform/lists/list-query.ts';
import {
  ascending,
  type ListPage,
  type ListRequest,
  readPage,
  readPageAsMember,
} from '../../platform/lists/paged-list.ts';
import { deleteRow, requireRow, saveVersion } from '../../platform/records/record-rows.ts';
import { allocateNumber } from '../../platform/records/tenant-counters.ts';
import { customerCounts, customers, visibleCustomers as visible } from './customer-tables.ts';

const NOUN = 'customer';

/** The customer number as text, so bare words match it like the other columns (trigram-indexed). */
const numberText = sql`(${visible.number}::text)`;

/** What `q` may search on the customer list. */
export const customerList: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    number: { kind: 'number', column: visible.number, integer: true },
    name: { kind: 'text', column: visible.name },
    email: { kind: 'text', column: visible.billingEmail },
    billingEmail: { kind: 'text', column: visible.billingEmail },
    phone: { kind: 'text', column: visible.billingPhone },
    billingPhone: { kind: 'text', column: visible.billingPhone },
    address: { kind: 'text', column: visible.billingAddress },
    billingAddress: { kind: 'text', column: visible.billingAddress },
  },
  searchable: [visible.name, numberText, visible.billingEmail, visible.billingPhone, visible.billingAddress],
};

type CustomerRow = typeof customers.$inferSelect;

/** A customer as the API returns it, from its row (its times as `Date`s, or as text from a list: `apiTime`). */
function toCustomer(
  row: Omit<CustomerRow, 'tenantId' | 'created' | 'updated'> & {
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

/** Creates a customer with the tenant's next customer number. */
export async function createCustomer(tx: Tx, tenantId: string, fields: CustomerFields): Promise<Customer> {
  const number = await allocateNumber(tx, tenantId, 'customer');
  const [row] = await tx
    .insert(customers)
    .values({ ...fields, tenantId, id: uuidv7(), number })
    .returning();
  if (!row) throw new Error('The customer was not inserted');
  return toCustomer(row);
}

export const findCustomer = async (tx: Tx, tenantId: string, id: string): Promise<Customer> =>
  toCustomer(await requireRow(tx, customers, tenantId, id, NOUN));

/** Saves over the version the client read (404, or 409 when someone saved it since). */
export async function updateCustomer(
  tx: Tx,
  tenantId: string,
  id: string,
  { id: _id, updated, ...fields }: CustomerUpdate,
): Promise<Customer> {
  return toCustomer(await saveVersion(tx, customers, { tenantId, id, updated }, NOUN, fields));
}

/** Deletes the customer and its locations; refused while jobs or invoices refer to it. */
export function deleteCustomer(tx: Tx, tenantId: string, id: string): Promise<void> {
  return deleteRow(tx, customers, tenantId, id, {
    noun: NOUN,
    stillReferenced: 'This customer has jobs or invoices, so it cannot be deleted.',
  });
}

/** How many customers the tenant has, from the count kept by triggers (migration 0018). */
const keptCount = (tx: Db, tenantId: string | Placeholder) =>
  tx
    .select({ total: sql<number>`coalesce(sum(${customerCounts.count}), 0)` })
    .from(customerCounts)
    .where(eq(customerCounts.tenantId, tenantId));

/** The customers `q` matches: their count (kept for the whole list) and their rows with a `total` beside each. */
function customerSearch(db: Db, tenantId: string | Placeholder, q: string | undefined) {
  const ast = parseListQuery(q);
  const where = and(eq(visible.tenantId, tenantId), listQueryToSql(ast, customerList));
  return {
    count: ast === null ? keptCount(db, tenantId) : db.select({ total: count() }).from(visible).where(where),
    rows: (total: SQL<number>) =>
      db
        .select({
          ...getViewSelectedFields(visible),
          created: apiTime(visible.created),
          updated: apiTime(visible.updated),
          total,
        })
        .from(visible)
        .where(where),
  };
}

const byNumber = [ascending(visible.number)];

/** `readCustomers` in a transaction of the tenant's (the benchmarks time the statements so). */
export async function listCustomers(
  tx: Tx,
  tenantId: string,
  { q, page }: ListRequest,
): Promise<ListPage<Customer>> {
  const { count, rows } = customerSearch(tx, tenantId, q);
  const found = await readPage(page, count, rows, byNumber);
  return { rows: found.rows.map(toCustomer), total: found.total };
}

/**
 * One page of the customers `q` matches, by number, and how many match in all, for the caller
 * (`readPageAsMember`): for no `q` (or `*`) the kept count, so the whole list of a large organisation is not
 * counted row by row; any search is counted.
 */
export async function readCustomers(
  db: Db,
  caller: TenantCaller,
  { q, page }: ListRequest,
): Promise<ListPage<Customer>> {
  // The whole list's statements name no tenant (a placeholder): named, each planned once per connection.
  const whole = parseListQuery(q) === null;
  const tenant = whole ? sql.placeholder('tenantId') : caller.tenantId;
  const found = await readPageAsMember(
    db,
    caller,
    page,
    whole
      ? { key: 'customers', named: true, values: { tenantId: caller.tenantId } }
      : { key: `customers|${caller.tenantId}|${q}` },
    (on) => customerSearch(on, tenant, q),
    byNumber,
  );
  return { rows: found.rows.map(toCustomer), total: found.total };
}
