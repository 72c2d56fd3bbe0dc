import { type SQL, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Database } from '../src/platform/db/database.ts';
import { customers, locations, tenantCounters, territories } from '../src/schema.ts';
import { fakeCustomers, generator } from './fake-customers.ts';

// What the list benchmarks (jobs, invoices) seed alike: customers with their locations, and SQL helpers for the
// statements that generate the records in the database itself.

const BATCH = 1000;
const SITES = ['Head office', 'Warehouse', 'Shopfront', 'Rear yard', 'Unit 2', 'Plant room', 'Residence'];
const REGIONS = ['Inner North', 'Inner South', 'Eastern Suburbs', 'Western Suburbs', 'Bayside', 'Hills'];

const random = generator(20_261_123);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

/** A line of work as the seeders bill it: its item code (none for a one-off), description and unit price. */
export type Work = readonly [code: string | null, description: string, price: string];

/** The plumbing work both jobs and invoices are made of; each list adds its own to it. */
export const PLUMBING_WORK: readonly Work[] = [
  ['LAB-HR', 'Labour, per hour', '95.00'],
  ['CALL', 'Call-out fee', '120.00'],
  ['HWS-250', 'Hot water service 250 L', '1450.00'],
  ['PIPE-15', 'Copper pipe 15 mm, per metre', '18.5000'],
  ['VALVE-TMV', 'Thermostatic mixing valve', '265.00'],
];

/** How many of a line's item a line takes, picked at random. */
export const QUANTITIES = ['1', '1', '2', '0.5', '1.5', '3', '2.25'];

/** The work's codes, descriptions and prices, each as a SQL array for the seeding statement's random picks. */
export const workArrays = (work: readonly Work[]) => ({
  codes: textArray(work.map(([code]) => code)),
  descriptions: textArray(work.map(([, description]) => description)),
  prices: textArray(work.map(([, , price]) => price)),
});

/**
 * 1 to 3 lines of `work`, as the API gives them (a record's kept lines: `jobs.items`, `invoices.line_items`), as a
 * JSON array: a subquery of a seeding statement, drawn afresh for each of its rows (`row`, a column of the
 * statement, makes it correlated). `taxRate`: each line's tax rate as the API gives it, SQL over its `work`.
 */
export function drawnLines(work: readonly Work[], row: SQL, taxRate?: SQL) {
  const { codes, descriptions, prices } = workArrays(work);
  return sql`(select json_agg(json_build_object('code', (${codes})[work], 'description', (${descriptions})[work],
      'quantity', trim_scale(quantity)::text, 'price', round(price, greatest(scale(trim_scale(price)), 2))::text,
      ${taxRate ? sql`'taxRate', ${taxRate},` : sql``} 'amount', round(quantity * price, 2)::text) order by position)
    from (select position, work, quantity, (${prices})[work]::numeric as price
      from (select position, 1 + floor(random() * ${work.length})::int as work,
          (${textArray(QUANTITIES)})[1 + floor(random() * ${QUANTITIES.length})::int]::numeric as quantity
        from generate_series(0, floor(random() * 3 + ${row} * 0)::int) as line (position)) as drawn
    ) as priced)`;
}

/** A SQL array literal of texts (nulls allowed), for the seeding statement's random picks. */
export const textArray = (values: readonly (string | null)[]) =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}::text`),
    sql`, `,
  )}]`;

/** The tenant's regions, as territories. */
export const seedRegions = (db: Database['db'], tenantId: string) =>
  db.insert(territories).values(REGIONS.map((name) => ({ tenantId, id: uuidv7(), name })));

/**
 * Customers (with their numbers counted), 1 to 3 locations each, and the tenant's regions as territories;
 * another `seed` gives other customers.
 */
export async function seedCustomers(database: Database, tenantId: string, count: number, seed?: number) {
  const { db } = database;
  const rows = fakeCustomers(count, seed).map((row) => ({ ...row, tenantId, id: uuidv7() }));
  const places = rows.flatMap((customer) =>
    Array.from({ length: between(1, 3) }, (_, i) => {
      const [street = '', place = ''] = customer.billingAddress.split(', ');
      const [postcode = '', state = '', ...suburb] = place.split(' ').reverse();
      const location = {
        tenantId,
        id: uuidv7(),
        customerId: customer.id,
        name: i === 0 ? customer.name : `${customer.name} ${pick(SITES)}`,
        street1: street,
        suburb: suburb.reverse().join(' '),
        state,
        postcode,
        country: 'Australia',
      };
      return location;
    }),
  );
  for (let from = 0; from < rows.length; from += BATCH)
    await db.insert(customers).values(rows.slice(from, from + BATCH));
  for (let from = 0; from < places.length; from += BATCH)
    await db.insert(locations).values(places.slice(from, from + BATCH));
  await db.insert(tenantCounters).values({ tenantId, name: 'customer', value: rows.length });
  await seedRegions(db, tenantId);
  return { rows, locations: places.length };
}

/** What a list benchmark's timed searches need from a seeded database. */
export interface Seeded {
  tenantId: string;
  userId: string;
  /** The first customer: its id, and the last word of its name as the word searched for. */
  customer: { id: string; name: string };
}

/**
 * The benchmark's tenant in a kept database (BENCH_KEEP), if it was seeded whole: its records, summed from their
 * kept counts (`counts`), must be the `expected` number.
 */
export async function seededBefore(
  db: Database['db'],
  { tenant, counts, expected, noun }: { tenant: string; counts: string; expected: number; noun: string },
): Promise<Seeded | undefined> {
  const result = await db.execute(sql`
    select tenants.id as "tenantId", memberships.subject as "userId",
      (select sum(count)::int from ${sql.identifier(counts)} where tenant_id = tenants.id) as records,
      (select json_build_object('id', id, 'name', name) from customers
        where tenant_id = tenants.id order by number limit 1) as customer
    from tenants join memberships on memberships.tenant_id = tenants.id where tenants.name = ${tenant}`);
  const [found] = (result as unknown as { rows: (Seeded & { records: number | null })[] }).rows;
  if (!found) return undefined;
  if (found.records !== expected)
    throw new Error(
      `The kept database has ${found.records ?? 0} ${noun}, not ${expected}: drop it, or name another one.`,
    );
  return found;
}
