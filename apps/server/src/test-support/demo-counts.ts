import { sql } from 'drizzle-orm';
import { JOB_PRIORITY_NAMES } from '../features/jobs/index.ts';
import type { Db } from '../platform/db/database.ts';
import { DEMO_INVOICES_PER_ORGANISATION } from '../seed/demo-invoices.ts';
import { DEMO_JOBS_PER_ORGANISATION } from '../seed/demo-jobs.ts';
import { DEMO_JOBS_FROM_QUOTES, DEMO_QUOTES } from '../seed/demo-quotes.ts';
import { DEMO_ORGANISATIONS, DEMO_TEAM } from '../seed/demo-records.ts';

/** How many rows of each kind the demo seed writes; for checking that a database is seeded wholly or not at all. */
export interface SeedRowCounts {
  users: number;
  tenants: number;
  memberships: number;
  customers: number;
  locations: number;
  items: number;
  territories: number;
  jobPriorities: number;
  jobs: number;
  invoices: number;
  quotes: number;
}

export const NO_SEED_ROWS: SeedRowCounts = {
  users: 0,
  tenants: 0,
  memberships: 0,
  customers: 0,
  locations: 0,
  items: 0,
  territories: 0,
  jobPriorities: 0,
  jobs: 0,
  invoices: 0,
  quotes: 0,
};

/** What a whole demo seed leaves in an empty database. */
export const DEMO_SEED_ROWS: SeedRowCounts = (() => {
  const organisations = DEMO_ORGANISATIONS.map(([, records]) => records);
  const sum = (count: (o: (typeof organisations)[number]) => number) =>
    organisations.reduce((total, o) => total + count(o), 0);
  return {
    users: 1 + DEMO_TEAM.length,
    tenants: organisations.length,
    memberships: organisations.length + DEMO_TEAM.length,
    customers: sum((o) => o.customers.length),
    locations: sum((o) => o.customers.reduce((total, c) => total + (c.sites?.length ?? 1), 0)),
    items: sum((o) => o.items.length),
    territories: sum((o) => o.territories.length),
    jobPriorities: organisations.length * JOB_PRIORITY_NAMES.length,
    jobs: organisations.length * (DEMO_JOBS_PER_ORGANISATION + DEMO_JOBS_FROM_QUOTES),
    invoices: organisations.length * DEMO_INVOICES_PER_ORGANISATION,
    quotes: organisations.length * DEMO_QUOTES.length,
  };
})();

/** The rows a database holds of each kind the seed writes, across every tenant (read as the owner, past RLS). */
export async function countSeedRows(db: Db): Promise<SeedRowCounts> {
  const result = (await db.execute(sql`select
    (select count(*)::int from users) as users, (select count(*)::int from tenants) as tenants,
    (select count(*)::int from memberships) as memberships, (select count(*)::int from customers) as customers,
    (select count(*)::int from locations) as locations, (select count(*)::int from items) as items,
    (select count(*)::int from territories) as territories,
    (select count(*)::int from job_priorities) as "jobPriorities", (select count(*)::int from jobs) as jobs,
    (select count(*)::int from invoices) as invoices, (select count(*)::int from quotes) as quotes`)) as {
    rows: SeedRowCounts[];
  };
  const [counts] = result.rows;
  if (!counts) throw new Error('No counts');
  return counts;
}
