import type { CustomerLocation, LocationFields, LocationUpdate } from '@fieldbook/domain';
import { locationMessages, PAGE_SIZES } from '@fieldbook/domain';
import { and, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import { storedColumns } from '../../platform/db/columns.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { SQLSTATE } from '../../platform/db/postgres-errors.ts';
import { fieldInvalid, notFound } from '../../platform/http/errors.ts';
import type { ListResource } from '../../platform/lists/list-query.ts';
import { ascending } from '../../platform/lists/paged-list.ts';
import { wordsIn } from '../../platform/lists/search-matches.ts';
import type { SortedList } from '../../platform/lists/sorted-pages.ts';
import { type NamingRecord, namedBy, recordRead } from '../../platform/records/record-reads.ts';
import {
  deleteRow,
  findRow,
  recordWhere,
  refusedAs,
  saveVersion,
} from '../../platform/records/record-rows.ts';
import { customers, locations, visibleLocations as visible } from './customer-tables.ts';

/** What `q` may search on the location list; `customer.id:{id}` lists one customer's locations. */
const locationSearch: ListResource = {
  fields: {
    id: { kind: 'exact', column: visible.id, uuid: true },
    'customer.id': { kind: 'exact', column: visible.customerId, uuid: true },
    name: { kind: 'text', column: visible.name, words: visible.nameWords },
    street1: { kind: 'text', column: visible.street1, words: visible.street1Words },
    suburb: { kind: 'text', column: visible.suburb, words: visible.suburbWords },
    state: { kind: 'text', column: visible.state },
    postcode: { kind: 'text', column: visible.postcode },
  },
  searchable: [wordsIn(visible.nameWords), wordsIn(visible.street1Words), wordsIn(visible.suburbWords)],
};

function toLocation(row: Awaited<ReturnType<typeof selectLocations>>[number]): CustomerLocation {
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

const NOUN = 'location';

/** A location reply's columns, from the table or the search view, with its customer's name. */
function withCustomerName(source: typeof locations | typeof visible) {
  return {
    id: source.id,
    customerId: source.customerId,
    customerName: customers.name,
    name: source.name,
    street1: source.street1,
    suburb: source.suburb,
    state: source.state,
    postcode: source.postcode,
    country: source.country,
    updated: source.updated,
  };
}

/** The join to the location's customer, for its name. */
const ofCustomer = (source: typeof locations | typeof visible) =>
  and(eq(customers.tenantId, source.tenantId), eq(customers.id, source.customerId));

/** Locations with their customer's name. */
const selectLocations = (db: Db) =>
  db.select(withCustomerName(locations)).from(locations).innerJoin(customers, ofCustomer(locations));

/** The location a job names, with its customer's name, read by the job's id in one statement (`namedBy`). */
const locationNamedBy = namedBy('location', 'locationId', (db, where) =>
  selectLocations(db).where(and(eq(locations.tenantId, sql.placeholder('tenantId')), where(locations.id))),
);

/** The read of the location a record names, to send with the record's own: null when it names none. */
export const locationOf = (naming: NamingRecord<'locationId'>, tenantId: string, id: string) =>
  recordRead(locationNamedBy(naming, tenantId, id), toLocation);

/** The location with its customer's name; 404 when this tenant has no such location. */
export async function findLocation(tx: Tx, tenantId: string, id: string): Promise<CustomerLocation> {
  const where = recordWhere(locations, tenantId, id);
  const [row] = where ? await selectLocations(tx).where(where) : [];
  if (!row) throw notFound(NOUN);
  return toLocation(row);
}

/** Saves over the version the client read (404, or 409 when someone saved it since); it keeps its customer. */
export async function updateLocation(
  tx: Tx,
  tenantId: string,
  id: string,
  { id: _id, updated, ...fields }: LocationUpdate,
): Promise<CustomerLocation> {
  const row = await saveVersion(tx, locations, { tenantId, id, updated }, NOUN, fields);
  const customer = await findRow(tx, customers, tenantId, row.customerId);
  if (!customer) throw new Error('The location has no customer');
  return toLocation({ ...row, customerName: customer.name });
}

/** Deletes one location; refused while jobs refer to it. */
export function deleteLocation(tx: Tx, tenantId: string, id: string): Promise<void> {
  return deleteRow(tx, locations, tenantId, id, {
    noun: NOUN,
    stillReferenced: 'This location has jobs or quotes, so it cannot be deleted.',
  });
}

const noSuchCustomer = () => fieldInvalid('customer.id', locationMessages.noSuchCustomer);
/** The customer deleted between the check and the insert: as if there were none. */
const customerGone = refusedAs([SQLSTATE.foreignKeyViolation], noSuchCustomer);

/** Adds a location to a customer of the same tenant; any other customer id is a field error. */
export async function createLocation(
  tx: Tx,
  tenantId: string,
  { customer: reference, ...fields }: LocationFields,
): Promise<CustomerLocation> {
  const customer = await findRow(tx, customers, tenantId, reference.id);
  if (!customer) throw noSuchCustomer();
  return customerGone(async () => {
    const [row] = await tx
      .insert(locations)
      .values({ ...fields, tenantId, id: uuidv7(), customerId: customer.id })
      .returning(storedColumns(locations));
    if (!row) throw new Error('The location was not inserted');
    return toLocation({ ...row, customerName: customer.name });
  });
}

/** The tenant's locations as `readList` reads them, by name, each with its customer's name. */
export const locationList: SortedList<CustomerLocation> = {
  pageSize: PAGE_SIZES.locations,
  resource: locationSearch,
  source: visible,
  select: (db, total) =>
    db
      .select({ ...withCustomerName(visible), total })
      .from(visible)
      .innerJoin(customers, ofCustomer(visible)),
  keys: [ascending(visible.name), ascending(visible.id)],
  toRecord: toLocation,
};
