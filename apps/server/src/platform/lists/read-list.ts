import type { ListQuery } from '@fieldbook/domain';
import type { SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Statement } from '../db/built-selects.ts';
import type { Db, Tx } from '../db/database.ts';
import { tenantCallerOf } from '../http/api-scopes.ts';
import { asMember, type Member, readAsMember, type TenantCaller } from '../http/member-scope.ts';
import { cameBackShort, type NumberedList } from './numbered-lists.ts';
import {
  countedPage,
  type NumberedRead,
  searchedFirstPage,
  simpleFirstPage,
  simpleLaterPage,
  simpleShape,
} from './numbered-pages.ts';
import {
  type ListPage,
  type ListPlan,
  type ListRequest,
  listRequestOf,
  pageOfRows,
  planOf,
  reported,
  sendPage,
} from './paged-list.ts';
import { bareWords, hasRange, hasWord, loneWord, statusAndWords } from './query-shapes.ts';
import {
  type SortedList,
  sortedPageRecordsOf,
  sortedReads,
  sourceName as sourceNameOf,
} from './sorted-pages.ts';
import { keptWordsPage, keptWordsSortedPage, wordPage } from './word-pages.ts';

// Every list endpoint reads its page here (docs/server.md, "Lists"): `q` parsed once into a plan, the way its page
// is read chosen in one place (`numberedRead`, `sortedPage`), and its statements sent together with the member's
// scope in one round trip, or, where a step needs the one before it, run in a transaction.

/** A list: numbered (jobs, invoices: docs/server.md, "Fast lists") or read in the order of its keys (the rest). */
export type RecordList<T> = NumberedList<T> | SortedList<T>;

/** Sends statements and gives each one's rows: together with the member's scope, or one by one in a transaction. */
type Send = (statements: Statement[]) => Promise<unknown[][]>;

/**
 * A list endpoint's answer: `q`, `p` and `s` read (a bad one is a 400), the caller's page read (`readList`), and
 * the rows sent with `Total-Count` and `Link`.
 *
 *   api.get('/items', listSchema(list, itemRecord), (request, reply) => sendList(db, request, reply, itemList));
 */
export async function sendList<T>(
  db: Db,
  request: FastifyRequest<{ Querystring: ListQuery }>,
  reply: FastifyReply,
  list: RecordList<T>,
): Promise<T[]> {
  const asked = listRequestOf(request.query, list.pageSize);
  return sendPage(request, reply, asked.page, await readList(db, tenantCallerOf(request), asked, list));
}

/**
 * One page of the records the caller may see that `q` matches, and how many match: the page's statements sent with
 * the member's scope in one round trip, with no transaction (`readAsMember`); in a transaction of the member's
 * (`asMember`) when its reads follow one another (`countedPage`) or the member sees only some records (`scopeOf`:
 * a Technician's own jobs).
 */
export async function readList<T>(
  db: Db,
  caller: TenantCaller,
  request: ListRequest,
  list: RecordList<T>,
): Promise<ListPage<T>> {
  const plan = planOf(request);
  let member: Member | undefined;
  const send: Send = async (statements) => {
    const read = await readAsMember(db, caller, statements);
    member = read.member;
    return read.results;
  };
  const page = await pageSent(db, list, caller.tenantId, plan, undefined, send);
  if (page && member && scopeOf(list, member) === undefined) return page;
  return asMember(db, caller, (tx, member) =>
    pageInTransaction(tx, list, caller.tenantId, plan, scopeOf(list, member)),
  );
}

/**
 * `readList` in a transaction already scoped to the tenant (seeding, benchmarks, tests). `within`: only the records
 * this also matches (a Technician's own jobs).
 */
export const readListIn = <T>(
  tx: Tx,
  tenantId: string,
  request: ListRequest,
  list: RecordList<T>,
  within?: SQL,
): Promise<ListPage<T>> => pageInTransaction(tx, list, tenantId, planOf(request), within);

const scopeOf = <T>(list: RecordList<T>, member: Member): SQL | undefined =>
  list.numbered ? list.scopeOf?.(member) : undefined;

async function pageInTransaction<T>(
  tx: Tx,
  list: RecordList<T>,
  tenantId: string,
  plan: ListPlan,
  within: SQL | undefined,
): Promise<ListPage<T>> {
  const send: Send = async (statements) => {
    const results: unknown[][] = [];
    for (const statement of statements) results.push(await statement.run(tx));
    return results;
  };
  return (
    (await pageSent(tx, list, tenantId, plan, within, send)) ??
    reported(await countedPage(tx, list as NumberedList<T>, tenantId, plan, within))
  );
}

/** The page read by statements sent together; undefined when its reads must follow one another (`countedPage`). */
async function pageSent<T>(
  db: Db,
  list: RecordList<T>,
  tenantId: string,
  plan: ListPlan,
  within: SQL | undefined,
  send: Send,
): Promise<ListPage<T> | undefined> {
  if (!list.numbered) return sortedPage(db, list, tenantId, plan, send);
  const read = numberedRead(db, list, tenantId, plan, within);
  if (!read) return undefined;
  let [counted = [], found = []] = await send([read.count, read.records]);
  if ((counted as { total: unknown }[])[0]?.total === null) {
    // The kept words could not answer (`keptWordsPage`): the names' way, or the way any search is read.
    if (!read.instead) return undefined;
    [counted = [], found = []] = await send(read.instead);
  }
  const total = Number((counted as { total: number | string }[])[0]?.total ?? 0);
  const rows =
    read.short && cameBackShort(found.length, total, plan.page) ? ((await send(read.short))[1] ?? []) : found;
  return reported({ rows: rows.map((row) => list.toRecord(row as never)), total });
}

/**
 * How a numbered list's page is read (docs/server.md, "Fast lists"), by the shape of its search:
 * - the whole list, one id or one status (`simpleShape`): named statements, from the kept counts and, for a deep
 *   page, from the block of numbers it starts in;
 * - a lone word: its count and page in one statement, from the kept words or the names it matches looked up once
 *   (`wordPage`); bare words together, alone or with one status, from the kept words where they answer
 *   (`keptWordsPage`);
 * - any other first page read newest first whatever the total, a lone range's from its hours' kept counts
 *   (`searchedFirstPage`);
 * - anything else (a word with other terms, a range whose matches sit together, a later page of a search):
 *   undefined, for `countedPage`, which needs the count before it can choose how to read the page.
 * `within` (a Technician's own jobs) is never counted from kept counts.
 */
function numberedRead<T>(
  db: Db,
  list: NumberedList<T>,
  tenantId: string,
  plan: ListPlan,
  within: SQL | undefined,
): NumberedRead | undefined {
  const { ast, page } = plan;
  const simple = within ? undefined : simpleShape(list, ast);
  if (simple) {
    return page.offset === 0
      ? simpleFirstPage(list, tenantId, page, simple)
      : simpleLaterPage(list, tenantId, page, simple);
  }
  const word = within ? undefined : loneWord(ast);
  if (word) return wordPage(db, list, tenantId, plan, word);
  const words = within ? undefined : bareWords(ast);
  const withStatus = within || words ? undefined : statusAndWords(ast, list.resource, list.statuses);
  const kept = withStatus
    ? keptWordsPage(db, list, tenantId, page, withStatus.words, withStatus.status)
    : words && keptWordsPage(db, list, tenantId, page, words);
  if (kept) return kept;
  if (page.offset !== 0) return undefined;
  // A word, or a range whose matches sit together, may have its first page sorted, which depends on the total.
  const sortedByTotal =
    ast !== null && (hasWord(ast) || (list.numbered.rangesFollowNumbers === true && hasRange(ast)));
  if (sortedByTotal) return undefined;
  return searchedFirstPage(db, list, tenantId, plan, within);
}

/**
 * A sorted list's page: the whole list's first page and its count as one named statement; bare words' count and
 * page numbers from the list's kept words where they answer, then those records (`keptWordsSortedPage`); any
 * other search's first page alone, then its count only if the page is full (a page that is not full holds every
 * match; planning the count with the page took most of a search's time when it matched few records: 0.8 ms of the
 * customers' 1 ms); a later page's count and rows together (`sortedReads`).
 */
async function sortedPage<T>(
  db: Db,
  list: SortedList<T>,
  tenantId: string,
  { q, ast, page }: ListPlan,
  send: Send,
): Promise<ListPage<T>> {
  const reads = sortedReads(list, tenantId, q, ast);
  const records = (found: ListPage<unknown>) =>
    reported({ rows: found.rows.map((row) => list.toRecord(row as never)), total: found.total });
  if (page.offset === 0 && ast === null) {
    const [first = []] = await send([reads.first(page)]);
    return records(pageOfRows(first as { total: number }[]));
  }
  const { words } = list;
  const kept = words && keptWordsSortedPage(db, words.kept, sourceNameOf(list.source), tenantId, page, ast);
  if (words && kept) {
    const [[counted] = [], found = []] = (await send([
      kept,
      sortedPageRecordsOf(list, words).with({ tenantId }),
    ])) as [{ total: number | string | null }[], { total: number }[]];
    // A word that starts too many kept words (a null total) is read the way any search is, below.
    if (counted?.total !== null)
      return records({ rows: pageOfRows(found).rows, total: Number(counted?.total ?? 0) });
  }
  if (page.offset === 0) {
    const [found = []] = await send([reads.rows(page)]);
    const rows = pageOfRows(found as { total: number }[]).rows;
    if (rows.length < page.limit) return records({ rows, total: rows.length });
    const [[counted] = []] = (await send([reads.count()])) as { total: number | string }[][];
    return records({ rows, total: Number(counted?.total ?? 0) });
  }
  const [[counted] = [], forwards = [], fromEnd = []] = (await send(reads.later(page))) as [
    { total: number | string }[],
    { total: number }[],
    { total: number }[],
  ];
  const found = forwards.length > 0 ? forwards : fromEnd.reverse();
  return records({ rows: pageOfRows(found).rows, total: Number(counted?.total ?? 0) });
}
