import type { CustomerLocation, LocationFields } from '@fieldbook/domain';
import { and, asc, count, eq } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../db/database.ts';
import { isDatabaseError, SQLSTATE } from '../db/postgres-errors.ts';
import { fieldInvalid } from '../http/errors.ts';
import type { ListResource } from '../lists/list-query.ts';
import { type ListPage, type ListRequest, listWhere, readPage } from '../lists/paged-list.ts';
import { findRow } from '../records/record-rows.ts';
import { customers, locations, visibleLocations as visible } from './customer-tables.ts';

/** What `q` may search on the location list; `customer.id:{id}` lists one customer's locations. */
export const locationList: ListResource = {
  fields: {
    'customer.id': { kind: 'exact', column: visible.customerId, uuid: true },
    name: { kind: 'text', column: visible.name },
    street1: { kind: 'text', column: visible.street1 },
    suburb: { kind: 'text', column: visible.suburb },
    state: { kind: 'text', column: visible.state },
    postcode: { kind: 'text', column: visible.postcode },
  },
  searchable: [visible.name, visible.street1, visible.suburb],
};

type LocationRow = Omit<typeof locations.$inferSelect, 'tenantId' | 'created'> & { customerName: string };

function toLocation(row: LocationRow): CustomerLocation {
  return {
    id: row.id,
    customer: { id: row.customerId, name: row.customerName },
    name: row.name,
    street1: row.street1,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    country: row.country,
    updated: row.updated.toISOString(),
  };
}

const noSuchCustomer = () => fieldInvalid('customer.id', 'Choose an existing customer.');

/** Adds a location to a customer of the same tenant; any other customer id is a field error. */
export async function createLocation(
  tx: Tx,
  tenantId: string,
  { customer: reference, ...fields }: LocationFields,
): Promise<CustomerLocation> {
  const customer = await findRow(tx, customers, tenantId, reference.id);
  if (!customer) throw noSuchCustomer();
  try {
    const [row] = await tx
      .insert(locations)
      .values({ ...fields, tenantId, id: uuidv7(), customerId: customer.id })
      .returning();
    if (!row) throw new Error('The location was not inserted');
    return toLocation({ ...row, customerName: customer.name });
  } catch (error) {
    // The customer was deleted between the check and the insert.
    if (isDatabaseError(error, [SQLSTATE.foreignKeyViolation])) throw noSuchCustomer();
    throw error;
  }
}

/** One page of the tenant's locations that `q` matches, by name, each with its customer's name. */
export async function listLocations(
  tx: Tx,
  tenantId: string,
  { q, page }: ListRequest,
): Promise<ListPage<CustomerLocation>> {
  const where = listWhere(visible, tenantId, q, locationList);
  const { rows, total } = await readPage(
    page,
    tx.select({ total: count() }).from(visible).where(where),
    (total) =>
      tx
        .select({
          id: visible.id,
          customerId: customers.id,
          customerName: customers.name,
          name: visible.name,
          street1: visible.street1,
          suburb: visible.suburb,
          state: visible.state,
          postcode: visible.postcode,
          country: visible.country,
          updated: visible.updated,
          total,
        })
        .from(visible)
        .innerJoin(
          customers,
          and(eq(customers.tenantId, visible.tenantId), eq(customers.id, visible.customerId)),
        )
        .where(where)
        .orderBy(asc(visible.name), asc(visible.id)),
  );
  return { rows: rows.map(toLocation), total };
}
