import type { ListQuery } from '@fieldbook/domain';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Buildable } from '../db/built-selects.ts';
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
    limit(limit: number): { offset(offset: number): PromiseLike<Row[]> & Buildable };
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
