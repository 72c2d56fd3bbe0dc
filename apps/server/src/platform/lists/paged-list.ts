import type { ListQuery } from '@fieldbook/domain';
import { asc, desc, type Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Buildable } from '../db/built-selects.ts';
import type { Db } from '../db/database.ts';
import { type LiqeAst, parseListQuery } from './list-query.ts';
import { listHeaders, type Page, parsePage } from './pagination.ts';

/** What a list endpoint was asked for: the search and the page. */
export interface ListRequest {
  q: string | undefined;
  page: Page;
}

/** One page of a list and the number of records the query matches (`atLeast`: that many or more). */
export interface ListPage<T> {
  rows: T[];
  total: number;
  atLeast?: boolean;
}

/** A search of text counts its matches exactly up to this many; past it, the count says "at least" (docs/api.md). */
export const COUNTED_UP_TO = 1000;

/**
 * What a count that stopped gives (`cappedCount`): more than any page's offset, so every page of such a search is
 * read forwards, and walked, not sorted; `reported` makes it `COUNTED_UP_TO`, at least.
 */
const PAST_COUNTED = 2_000_000_000;

/**
 * How many rows of `source` match `where`, counted up to `COUNTED_UP_TO` and no further: past it, `PAST_COUNTED`.
 * An exact count of a common word's thousands of matches cost more than a whole request may.
 */
export const cappedCount = (db: Db, source: SQLWrapper, where: SQL | undefined): CountQuery =>
  db
    .select({
      total: sql<number>`case when count(*) > ${sql.raw(String(COUNTED_UP_TO))}
        then ${sql.raw(String(PAST_COUNTED))} else count(*) end`.mapWith(Number),
    })
    .from(
      sql`(select 1 from ${source} where ${where ?? sql`true`} limit ${sql.raw(String(COUNTED_UP_TO + 1))}) as matches`,
    );

/**
 * A total as `cappedCount` gives it, of `counted` matches counted another way (a scalar subquery, run once: without
 * `offset 0` PostgreSQL pulled the inner select up and ran `counted` once for each `n`, twice below the cap).
 */
export const cappedTotal = (counted: SQL) =>
  sql`(select case when n > ${sql.raw(String(COUNTED_UP_TO))} then ${sql.raw(String(PAST_COUNTED))} else n end
    from (select ${counted} as n offset 0) as counted_matches)`;

/** A page as the API reports it: a count that stopped is `COUNTED_UP_TO`, at least. */
export const reported = <T>(page: ListPage<T>): ListPage<T> =>
  page.total >= PAST_COUNTED ? { rows: page.rows, total: COUNTED_UP_TO, atLeast: true } : page;

/** A list's request with its `q` parsed, once (`planOf`): what every statement of its page is built from. */
export interface ListPlan extends ListRequest {
  ast: LiqeAst | null;
}

export const planOf = (request: ListRequest): ListPlan => ({ ...request, ast: parseListQuery(request.q) });

/** Reads `q`, `p` and `s` (a bad page or size is a 400 naming it). */
export const listRequestOf = (query: ListQuery, defaultSize: number): ListRequest => ({
  q: query.q,
  page: parsePage(query, { size: defaultSize }),
});

/** A count: one row of `total`, as a subquery of another statement or a statement of its own. */
export type CountQuery = SQLWrapper & PromiseLike<{ total: number }[]> & Buildable;

/** One key of a list's order. */
export interface SortKey {
  key: SQLWrapper;
  descending: boolean;
}

export const ascending = (key: SQLWrapper): SortKey => ({ key, descending: false });
export const descending = (key: SQLWrapper): SortKey => ({ key, descending: true });

/** The `order by` of `keys`, or of their exact mirror (each direction turned, nulls with it) `fromEnd`. */
export const orderOf = (keys: readonly SortKey[], fromEnd: boolean): SQL[] =>
  keys.map(({ key, descending }) => (descending === fromEnd ? asc(key) : desc(key)));

/** A select that a page's order, limit and offset can be put on (any Drizzle select is one). */
export interface SortableQuery<Row> {
  orderBy(...keys: SQL[]): {
    limit(limit: number | Placeholder): {
      offset(offset: number | Placeholder): PromiseLike<Row[]> & Buildable;
    };
  };
}

/**
 * A first page as one statement: the page in the order of `keys`, with the count as a scalar subquery
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

/** The request's own URL, so the Link header points wherever the client reached the API. */
const requestUrl = (request: FastifyRequest) => `${request.protocol}://${request.host}${request.url}`;

/** Sends a page: the rows as the body, `Total-Count` (and `Total-Count-Relation`) and `Link` as headers. */
export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  list: ListPage<T>,
): T[] {
  reply.headers(
    listHeaders({
      url: requestUrl(request),
      page: page.page,
      size: page.size,
      total: list.total,
      atLeast: list.atLeast === true,
      full: list.rows.length >= page.size,
    }),
  );
  return list.rows;
}
