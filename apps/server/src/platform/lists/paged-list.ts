import type { ListQuery } from '@fieldbook/domain';
import { and, asc, desc, eq, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Buildable, builtPerKey } from '../db/built-selects.ts';
import type { Db } from '../db/database.ts';
import { readAsMember, type TenantCaller } from '../http/member-scope.ts';
import { type ListResource, whereForList } from './list-query.ts';
import { listHeaders, type Page, pageRead, parsePage } from './pagination.ts';

/** What a list endpoint was asked for: the search and the page. */
export interface ListRequest {
  q: string | undefined;
  page: Page;
}

/** One page of a list and the number of records the query matches. */
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** Reads `q`, `p` and `s` (a bad page or size is a 400 naming it). */
export const listRequestOf = (query: ListQuery, defaultSize: number): ListRequest => ({
  q: query.q,
  page: parsePage(query, { size: defaultSize }),
});

/** The tenant's rows of a search view (or table) that `q` matches. */
export function listWhere(
  source: { tenantId: PgColumn },
  tenantId: string,
  q: string | undefined,
  resource: ListResource,
): SQL | undefined {
  return and(eq(source.tenantId, tenantId), whereForList(q, resource));
}

type CountQuery = SQLWrapper & PromiseLike<{ total: number }[]>;

/** One key of a list's order. */
export interface SortKey {
  key: SQLWrapper;
  descending: boolean;
}

export const ascending = (key: SQLWrapper): SortKey => ({ key, descending: false });
export const descending = (key: SQLWrapper): SortKey => ({ key, descending: true });

/** The `order by` of `keys`, or of their exact mirror (each direction turned, nulls with it) `fromEnd`. */
const orderOf = (keys: readonly SortKey[], fromEnd: boolean): SQL[] =>
  keys.map(({ key, descending }) => (descending === fromEnd ? asc(key) : desc(key)));

/** A select that a page's order, limit and offset can be put on (any Drizzle select is one). */
interface SortableQuery<Row> {
  orderBy(...keys: SQL[]): {
    limit(limit: number | Placeholder): {
      offset(offset: number | Placeholder): PromiseLike<Row[]> & Buildable;
    };
  };
}

/**
 * `readPage`'s first page as one statement: the page in the order of `keys`, with the count as a scalar subquery
 * in `total`, which PostgreSQL runs once. No rows: nothing matches, so the total is 0.
 */
export const firstPageQuery = <Row>(
  count: CountQuery,
  rows: (total: SQL<number>) => SortableQuery<Row>,
  keys: readonly SortKey[],
  limit: number,
) =>
  rows(sql<number>`(${count})`.mapWith(Number))
    .orderBy(...orderOf(keys, false))
    .limit(limit)
    .offset(0);

/** A page's rows without the `total` each carries, and that total (0 for none). */
export const pageOfRows = <Row extends { total: number }>(found: Row[]): ListPage<Omit<Row, 'total'>> => ({
  rows: found.map(({ total: _total, ...row }) => row),
  total: found[0]?.total ?? 0,
});

/**
 * One page of any select (joins included) in the order of `keys`, and the total it belongs to, in as few round
 * trips as the page allows. `keys` must be a total order (end with a unique column) so that the page read from
 * the far end is exactly the page read forwards. The select selects `total`, which it is handed:
 * - on page 1 the count as a scalar subquery, which PostgreSQL runs once: page and total in one statement;
 * - on a later page nothing (0): the count is asked first, then the page is read from the nearer end
 *   (`pageRead`), so a deep page skips at most half the rows, and a page past the end reads none.
 *
 *   readPage(
 *     page,
 *     tx.select({ total: count() }).from(view).where(where),
 *     (total) => tx.select({ ...columns, total }).from(view).where(where),
 *     [ascending(view.name), ascending(view.id)],
 *   )
 */
export async function readPage<Row extends { total: number }>(
  page: Page,
  count: CountQuery,
  rows: (total: SQL<number>) => SortableQuery<Row>,
  keys: readonly SortKey[],
): Promise<ListPage<Omit<Row, 'total'>>> {
  if (page.offset === 0) return pageOfRows(await firstPageQuery(count, rows, keys, page.limit));
  const total = Number((await count)[0]?.total ?? 0);
  const read = pageRead(page, total);
  if (!read) return { rows: [], total };
  const found = await rows(sql<number>`0`.mapWith(Number))
    .orderBy(...orderOf(keys, read.fromEnd))
    .limit(read.limit)
    .offset(read.offset);
  return { rows: pageOfRows(read.fromEnd ? found.reverse() : found).rows, total };
}

/**
 * A search's first page, then its count only if the page is full: a page that is not full holds every match, so
 * its length is the total. A search's statements are planned for its words at each run, and planning the count
 * with the page took most of a search's time when it matched few records (0.8 ms of the customers' 1 ms with no
 * match: five trigram-indexed columns' selectivities, each from its histogram, twice). A full page's count is a
 * second round trip, its own statement, after the page's.
 */
async function firstPageOfSearch<Row extends { total: number }>(
  limit: number,
  rows: () => Promise<Row[]>,
  total: () => Promise<number>,
): Promise<ListPage<Omit<Row, 'total'>>> {
  const found = pageOfRows(await rows()).rows;
  return { rows: found, total: found.length < limit ? found.length : await total() };
}

/** What a list searches, as `readPage` takes it: its count, and its rows given the `total` to select. */
export interface ListSearch<Row> {
  count: CountQuery & Buildable;
  rows: (total: SQL<number>) => SortableQuery<Row>;
}

/**
 * The setting through which a later page's count reaches the statements that read its rows, sent with it
 * (`readAsMember`): local to the transaction, like the tenant's.
 */
const PAGE_TOTAL = 'fieldbook.page_total';

/** A count (one row of `total`) that also leaves its total in `PAGE_TOTAL`, for the statements sent after it. */
export const countLeftForPage = (db: Db, count: SQLWrapper) =>
  db
    .select({
      total: sql<number>`total`.mapWith(Number),
      left: sql<string>`set_config(${PAGE_TOTAL}, total::text, true)`,
    })
    .from(sql`(${count}) as counted(total)`);

/** Drizzle writes whatever SQL it is given as a limit or offset, though its types say a number or placeholder. */
export const asLimit = (value: SQL) => value as unknown as Placeholder;

/**
 * `pageRead` in SQL, of the total a count left in `PAGE_TOTAL` (or `total`, counted in the same statement) and the
 * `offset` and `limit` placeholders: the limit and offset of the page read forwards, and read from the far end, one
 * of which has a limit of 0 (its statement reads nothing), or both when the page is past the end. So a later page
 * is read with its count in one round trip. With `far`, a page at least that many rows from both ends is read by
 * neither but from its block (`fromBlock`: `numbered-pages.ts`, kept counts per block of numbers), whose `when`
 * says so.
 */
export function pageReadOfTotal({
  far,
  total = sql`current_setting(${PAGE_TOTAL})::bigint`,
}: {
  far?: number;
  total?: SQL;
} = {}) {
  const offset = sql`${sql.placeholder('offset')}::bigint`;
  const limit = sql`${sql.placeholder('limit')}::bigint`;
  const rows = sql`least(${limit}, ${total} - ${offset})`;
  const after = sql`(${total} - ${offset} - ${rows})`;
  const inRange = sql`${offset} < ${total}`;
  const fromBlock =
    far === undefined ? sql`false` : sql`(${inRange} and least(${offset}, ${after}) >= ${far})`;
  const near = sql`${inRange} and not ${fromBlock}`;
  return {
    forwards: {
      limit: asLimit(sql`case when ${near} and ${after} >= ${offset} then ${limit} else 0 end`),
      offset: asLimit(offset),
    },
    fromEnd: {
      limit: asLimit(sql`case when ${near} and ${after} < ${offset} then ${rows} else 0 end`),
      offset: asLimit(sql`greatest(${after}, 0)`),
    },
    fromBlock: { when: fromBlock, offset, limit: sql`case when ${fromBlock} then ${rows} else 0 end` },
  };
}

/** Pages' statements, built once per list, tenant, search and page (`builtPerKey`): unnamed, or named. */
const pageReads = builtPerKey();
const namedPageReads = builtPerKey(1000, 'page');

/**
 * Which statements `readPageAsMember` reads a page with: `key` names the list and everything the search's text
 * depends on (the tenant, `q`); `named` when the text names no tenant or search (they are placeholders, given in
 * `values`), so one named statement, planned once per connection, serves every tenant.
 */
export interface PageStatements {
  key: string;
  named?: boolean;
  values?: Record<string, unknown>;
}

/**
 * `readPage` for a caller, with the member's scope and no transaction (`readAsMember`), in one round trip: a
 * first page of named statements (the whole list, its count kept) as one statement; a first page of a search as
 * its rows alone, which are its count when the page is not full (`firstPageOfSearch`); a later page as its count
 * (`countLeftForPage`) and its rows read forwards and from the far end (`pageReadOfTotal`: one of them reads
 * nothing). Each statement is built once per key and kind (`PageStatements`, `builtPerKey`).
 */
export async function readPageAsMember<Row extends { total: number }>(
  db: Db,
  caller: TenantCaller,
  page: Page,
  { key, named = false, values: given = {} }: PageStatements,
  search: (db: Db) => ListSearch<Row>,
  keys: readonly SortKey[],
): Promise<ListPage<Omit<Row, 'total'>>> {
  const statement = (kind: string, build: (db: Db) => Buildable, values: Record<string, unknown> = {}) =>
    (named ? namedPageReads : pageReads)(`${key}|${kind}`, build).with({ ...given, ...values });
  if (page.offset === 0 && !named) {
    const read = async (kind: string, build: (db: Db) => Buildable) =>
      ((await readAsMember(db, caller, [statement(kind, build)])).results[0] ?? []) as Row[];
    return firstPageOfSearch(
      page.limit,
      () =>
        read(`rows ${page.limit}`, (on) =>
          search(on)
            .rows(sql<number>`0`.mapWith(Number))
            .orderBy(...orderOf(keys, false))
            .limit(page.limit)
            .offset(0),
        ),
      async () => Number((await read('total', (on) => search(on).count))[0]?.total ?? 0),
    );
  }
  if (page.offset === 0) {
    const first = statement(`first ${page.limit}`, (on) => {
      const { count, rows } = search(on);
      return firstPageQuery(count, rows, keys, page.limit);
    });
    return pageOfRows(((await readAsMember(db, caller, [first])).results[0] ?? []) as Row[]);
  }
  const read = pageReadOfTotal();
  const rows = (fromEnd: boolean) =>
    statement(
      fromEnd ? 'from end' : 'forwards',
      (on) => {
        const { limit, offset } = read[fromEnd ? 'fromEnd' : 'forwards'];
        return search(on)
          .rows(sql<number>`0`.mapWith(Number))
          .orderBy(...orderOf(keys, fromEnd))
          .limit(limit)
          .offset(offset);
      },
      { offset: page.offset, limit: page.limit },
    );
  const counted = statement('count', (on) => countLeftForPage(on, search(on).count));
  const [[count] = [], forwards = [], fromEnd = []] = (
    await readAsMember(db, caller, [counted, rows(false), rows(true)])
  ).results as [{ total: number }[], Row[], Row[]];
  const found = forwards.length > 0 ? forwards : fromEnd.reverse();
  return { rows: pageOfRows(found).rows, total: count?.total ?? 0 };
}

/** The request's own URL, so the Link header points wherever the client reached the API. */
const requestUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;

/** Sends a page: the rows as the body, `Total-Count` and `Link` as headers. */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  list: ListPage<T>,
): T[] {
  reply.headers(
    listHeaders({ url: requestUrl(request), page: page.page, size: page.size, total: list.total }),
  );
  return list.rows;
}
