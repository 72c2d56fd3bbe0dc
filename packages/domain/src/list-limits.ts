// Free of zod, so the web app's list screens can use them without downloading it.

/** The largest page any list serves (the scheduler loads up to 1000 rows at once). */
export const MAX_PAGE_SIZE = 1000;

/** The default page size of each list, as the specification's screens show them. */
export const PAGE_SIZES = {
  customers: 15,
  locations: 15,
  items: 10,
  jobs: 10,
  invoices: 10,
  territories: 15,
  taxRates: 100,
  templates: 100,
  technicians: 100,
  members: 100,
  outbox: 25,
} as const;

/** The query that matches everything; an empty search means this. */
export const MATCH_ALL = '*';
