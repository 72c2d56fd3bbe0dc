import type { Customer, CustomerFields, CustomerUpdate } from '@fieldbook/domain';
import { asc, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../db/database.ts';
import { customers, visibleCustomers as visible } from '../db/schema.ts';
import type { ListResource } from '../lists/list-query.ts';
import { recordStore } from '../records/record-store.ts';
import { allocateNumber } from '../records/tenant-counters.ts';

/** The customer number as text, so bare words match it like the other columns (trigram-indexed). */
const numberText = sql`(${visible.number}::text)`;

/** What `q` may search on the customer list. */
export const customerList: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    number: { kind: 'number', column: visible.number },
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

function toCustomer(row: typeof customers.$inferSelect): Customer {
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
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  };
}

const store = recordStore({
  table: customers,
  visible,
  noun: 'customer',
  toRecord: toCustomer,
  list: customerList,
  orderBy: [asc(visible.number)],
  stillReferenced: 'This customer has jobs or invoices, so it cannot be deleted.',
});

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

export const findCustomer = store.find;
export const listCustomers = store.list;

/** Deletes the customer and its locations; refused while jobs or invoices refer to it. */
export const deleteCustomer = store.remove;

export function updateCustomer(
  tx: Tx,
  tenantId: string,
  id: string,
  input: CustomerUpdate,
): Promise<Customer> {
  const { id: _id, updated, ...fields } = input;
  return store.update(tx, tenantId, id, updated, fields);
}
