import type { ListQuery } from '@fieldbook/domain';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ListResource, whereForList } from './list-query.ts';
import { listHeaders, type Page, parsePage } from './pagination.ts';

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

/** An ordered select that a page's limit and offset can be put on (any Drizzle select is one). */
interface OrderedQuery<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of any select (joins included) and the total it belongs to, in as few round trips as the page
 * allows. The page query selects `total`, which it is handed:
 * - on page 1 the count as a scalar subquery, which PostgreSQL runs once: page and total in one statement;
 * - on a later page nothing (0): a page that is not full tells the total itself (the last page costs no
 *   count), and only a full or empty page asks the count query on its own.
 *
 *   readPage(page, tx.select({ total: count() }).from(view).where(where), (total) =>
 *     tx.select({ ...columns, total }).from(view).where(where).orderBy(…))
 */
export async function readPage<Row extends { total: number }>(
  page: Page,
  count: CountQuery,
  rows: (total: SQL<number>) => OrderedQuery<Row>,
): Promise<ListPage<Omit<Row, 'total'>>> {
  const firstPage = page.offset === 0;
  const total = (firstPage ? sql<number>`(${count})` : sql<number>`0`).mapWith(Number);
  const found = await rows(total).limit(page.limit).offset(page.offset);
  const pageRows = found.map(({ total: _total, ...row }) => row);
  if (firstPage) return { rows: pageRows, total: found[0]?.total ?? 0 };
  if (found.length > 0 && found.length < page.limit)
    return { rows: pageRows, total: page.offset + found.length };
  return { rows: pageRows, total: Number((await count)[0]?.total ?? 0) };
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
