import type {
  Customer,
  CustomerFields,
  CustomerLocation,
  Item,
  Job,
  LocationFields,
} from '@fieldbook/domain';
import { customerFields, itemFields, jobFields, locationFields } from '@fieldbook/domain';
import { createCustomer } from '../features/customers/customers.ts';
import { createLocation } from '../features/customers/locations.ts';
import { createItem } from '../features/items/items.ts';
import { createJob } from '../features/jobs/jobs.ts';
import { inTenant } from '../platform/db/tenant-scope.ts';
import type { TestApp } from './test-app.ts';

// Records made directly in the tenant's transaction, through the same commands the API runs, for tests
// whose subject is something else (a list, a search, a panel): no HTTP round trip per record.

type Input<F> = Partial<F> & Record<string, unknown>;

/** Customers of the tenant, in order (numbers 1, 2, 3, … on a new tenant). */
export function createCustomers(
  t: TestApp,
  tenantId: string,
  inputs: Input<CustomerFields>[],
): Promise<Customer[]> {
  return inTenant(t.database.db, tenantId, async (tx) => {
    const made: Customer[] = [];
    for (const input of inputs) made.push(await createCustomer(tx, tenantId, customerFields.parse(input)));
    return made;
  });
}

/** Locations of the tenant's customers (`customer: { id }` in each). */
export function createLocations(
  t: TestApp,
  tenantId: string,
  inputs: (Input<LocationFields> & { customer: { id: string } })[],
): Promise<CustomerLocation[]> {
  return inTenant(t.database.db, tenantId, async (tx) => {
    const made: CustomerLocation[] = [];
    for (const input of inputs)
      made.push(await createLocation(tx, tenantId, locationFields.parse({ country: 'Australia', ...input })));
    return made;
  });
}

/** Catalogue items of the tenant. */
export function createItems(
  t: TestApp,
  tenantId: string,
  inputs: { code: string; description: string; price: string | number }[],
): Promise<Item[]> {
  return inTenant(t.database.db, tenantId, async (tx) => {
    const made: Item[] = [];
    for (const input of inputs) made.push(await createItem(tx, tenantId, itemFields.parse(input)));
    return made;
  });
}

/** Jobs of the tenant's customers (`customer: { id }` in each), with numbers 1, 2, 3, … on a new tenant. */
export function createJobs(
  t: TestApp,
  tenantId: string,
  inputs: (Record<string, unknown> & { customer: { id: string } })[],
): Promise<Job[]> {
  return inTenant(t.database.db, tenantId, async (tx) => {
    const made: Job[] = [];
    for (const input of inputs) made.push(await createJob(tx, tenantId, jobFields.parse(input)));
    return made;
  });
}
