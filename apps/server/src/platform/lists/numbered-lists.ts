import { and, asc, count, desc, eq, inArray, Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { getViewConfig, type PgColumn, type PgTable, type PgView } from 'drizzle-orm/pg-core';
import { type Buildable, type BuiltOnce, builtOnce, type Statement } from '../db/built-selects.ts';
import type { keptWordPairs, keptWords, keptWordsWithoutStatus } from '../db/columns.ts';
import type { Db, Tx } from '../db/database.ts';
import type { Member } from '../http/member-scope.ts';
import type { TextTerm } from './field-values.ts';
import { type HourCounts, hourRangeCount } from './hour-ranges.ts';
import type { LiqeAst, ListResource } from './list-query.ts';
import { cappedCount, type ListRequest } from './paged-list.ts';
import { pageRead } from './pagination.ts';
import { countedValues, hasRange, hasWord, type LoneRange, loneRange, searchesText } from './query-shapes.ts';
import type { Named } from './search-matches.ts';

// The parts of a fast list of numbered records (jobs, invoices) at a million rows in one tenant (docs/server.md,
// "Fast lists"): the count, kept where it can be, and the page read as numbers first, then whole records.

/** The one number a count statement gives. */
export const totalOf = async (query: PromiseLike<{ total: number | string }[]>) =>
  Number((await query)[0]?.total ?? 0);

/**
 * Up to this many matches of a search with a bare word, a page is read from all of them, sorted; beyond it, by
 * walking the records newest first until the page is full. The planner cannot tell which is quicker (it cannot
 * know how many customers a word names), and a wrong guess costs seconds at a million rows (docs/server.md).
 */
export const FEW_MATCHES = 2000;

/**
 * Up to this many matches of a search with a range, in a list whose dates follow its numbers, the page is read
 * from all of them, sorted: last month's invoices are thousands of numbers back from the newest, and walking
 * newest first skips every newer one (20 ms at 300,000 invoices, where sorting October's 12,700 took 11). Jobs
 * are scheduled in any order, so a week's jobs are spread among the numbers and the walk is short (15 ms for a
 * week at 1,000,000 jobs, 19 sorted).
 */
const FEW_RANGE_MATCHES = 20_000;

/**
 * A range's page on a list whose dates do not follow its numbers (a job's scheduled start) is walked through at
 * most this many of the newest (or oldest) numbers; if the page is not among them, it is read from the range's
 * matches, sorted (`rangePageNumbers`).
 */
const WALKED_AT_MOST = 1000;

/** A numbered list's view: its tenant and number columns. */
export interface NumberedView {
  view: PgView;
  tenantId: PgColumn;
  number: PgColumn;
  /**
   * Whether the dates its ranges search follow the numbers (an invoice's date does; a job's scheduled start does
   * not): then a range's matches sit together among the numbers, and a page is read from them, sorted.
   */
  rangesFollowNumbers?: boolean;
  /**
   * The newest number the tenant has given (its counter's value), as a select: where a bounded walk starts
   * counting back from (`rangePageNumbers`), cheaper to plan than the numbers' `max` (0.06 ms a request, not 0.17).
   * Any bound gives the right page (the walk reads every number past it, and the sorted read the rest).
   */
  newest?: (tenantId: string | Placeholder) => SQL;
}

/**
 * The numbers of one page of the records `where` matches, newest first, read from the indexes alone where they
 * can be (each filter's index ends with the number). `total` is how many match, counted already; `top`, for a
 * range, a number no match has a higher one than (`rangeTop`).
 */
export async function pageNumbers(
  tx: Tx,
  tenantId: string,
  numbered: NumberedView,
  where: SQL | undefined,
  ast: LiqeAst | null,
  total: number,
  { page, top }: Pick<ListRequest, 'page'> & { top?: SQL | undefined },
  /** `where` as a walk newest first reads it best (a word's names hashed, not looked up by index). */
  walkWhere: () => SQL | undefined = () => where,
): Promise<number[]> {
  const { view, number, rangesFollowNumbers } = numbered;
  const clustered = ast !== null && rangesFollowNumbers === true && hasRange(ast);
  const sorted =
    ast !== null && ((hasWord(ast) && total <= FEW_MATCHES) || (clustered && total <= FEW_RANGE_MATCHES));
  // Past the middle, the page is read oldest first from the far end (docs/server.md, "Fast lists"); but not a
  // range's many matches walked in number order: they sit together near one end, and a walk from the other end
  // would pass every record outside them first (250 ms for the oldest page of a recent range at 300,000).
  const read = pageRead(page, total, { fromEnd: sorted || !clustered });
  if (!read) return [];
  if (!sorted && !clustered && ast !== null && hasRange(ast) && !hasWord(ast)) {
    const { walked, sorted: matches } = rangePageNumbers(tx, numbered, tenantId, where, read, top);
    let rows = await walked;
    if (cameBackShort(rows.length, total, read)) rows = await matches;
    const numbers = rows.map((row) => Number(row.number));
    return read.fromEnd ? numbers.reverse() : numbers;
  }
  // `number + 0` is no index's order, so the planner reads the matches and sorts them.
  const key = sorted ? sql`${number} + 0` : number;
  const rows = await tx
    .select({ number })
    .from(view)
    .where(sorted || ast === null || !hasWord(ast) ? where : walkWhere())
    .orderBy(read.fromEnd ? asc(key) : desc(key))
    .limit(read.limit)
    .offset(read.offset);
  const numbers = rows.map((row) => Number(row.number));
  return read.fromEnd ? numbers.reverse() : numbers;
}

/**
 * The numbers of a page of a search with a range (not a word) on a list whose dates do not follow its numbers, as
 * two selects: `walked`, a walk newest first (or oldest, `fromEnd`) through at most `WALKED_AT_MOST` numbers, and
 * `sorted`, the range's matches read through the range's index and sorted (`number + 0` is no index's order), for
 * when the walk comes back short (`cameBackShort`). Jobs are mostly scheduled soon after they are made, so a past
 * week's jobs sit together far from the newest numbers: a walk alone passed every newer job (210 ms for a week nine
 * months back at 1,000,000 jobs, 576 ms for one two years back), and the planner, which cannot see that, chose it.
 * A walk that fills the page within its bound has found the page: every match nearer the end was in the bound.
 * Not one statement with both: planning the sorted read with the walk cost a week's page 0.7 ms of PostgreSQL's
 * CPU a request, where the walk alone mostly finds it.
 */
export function rangePageNumbers(
  db: Db,
  { view, number, tenantId, newest }: NumberedView,
  tenant: string,
  where: SQL | undefined,
  { limit, offset, fromEnd }: { limit: number; offset: number; fromEnd: boolean },
  /** A number no match has a higher one than (`rangeTop`): the walk newest first starts there. */
  top?: SQL,
) {
  const end = (of: SQL) => sql`(select ${of} from ${view} where ${eq(tenantId, tenant)})`;
  const bound = fromEnd
    ? sql`${end(sql`min(${number})`)} + ${WALKED_AT_MOST}`
    : sql`${top ?? newest?.(tenant) ?? end(sql`max(${number})`)} - ${WALKED_AT_MOST}`;
  const below = top && !fromEnd ? sql`${number} <= ${top}` : undefined;
  const order = (key: SQLWrapper) => (fromEnd ? asc(key) : desc(key));
  const read = (within: SQL | undefined, key: SQLWrapper) =>
    db.select({ number }).from(view).where(within).orderBy(order(key)).limit(limit).offset(offset);
  return {
    walked: read(and(where, fromEnd ? sql`${number} < ${bound}` : sql`${number} > ${bound}`, below), number),
    sorted: read(where, sql`${number} + 0`),
  };
}

/** Whether a page read `offset` rows from its end of `total` holds fewer rows than it should (`limit` or the rest). */
export const cameBackShort = (
  rows: number,
  total: number,
  { limit, offset }: { limit: number; offset: number },
) => rows < Math.max(0, Math.min(limit, total - offset));

/**
 * `tenant = :tenantId and number in (select unnest(:numbers))`: the records of a page, for a named statement. Not
 * `number = any(:numbers)`: every small organisation has numbers 1 to 40, so the planner took the oldest page's
 * numbers for thousands of rows and joined every customer of the tenant to them (30 ms for the last of 100,000
 * pages); from `unnest` it expects the ten rows there are, and looks each one up.
 */
export const numberedWhere = ({ tenantId, number }: NumberedView): SQL | undefined =>
  and(
    sql`${tenantId as SQLWrapper} = ${sql.placeholder('tenantId')}`,
    sql`${number as SQLWrapper} in (select unnest(${sql.placeholder('numbers')}::int[]))`,
  );

/** A table of counts kept per tenant and status by triggers (`job_counts`, `invoice_counts`). */
export type StatusCounts = PgTable & { tenantId: PgColumn; status: PgColumn; count: PgColumn };

/** A table of counts kept per tenant, status and block of numbers by triggers (`numberBlockCounts`). */
export type NumberBlocks = StatusCounts & { block: PgColumn };

/** What a numbered list is made of: what `q` searches, its view, its kept counts, and how it reads a page. */
export interface NumberedList<T> {
  /** Rows a page holds when `s` is not given. */
  pageSize: number;
  /**
   * Only the records a member sees, when they see only some (a Technician's own jobs): counted row by row, never
   * from kept counts. Undefined: every record.
   */
  scopeOf?: (member: Member) => SQL | undefined;
  resource: ListResource;
  /** The same search with its name matches written for a walk newest first (`nameIn`), where they differ. */
  walkResource?: ListResource;
  numbered: NumberedView;
  /** Its counts kept per status, and every status. */
  statusCounts: StatusCounts;
  statuses: readonly string[];
  /** Its counts kept per hour of a timestamp field, if it keeps any: a range of that field is counted from them. */
  hourCounts?: HourCounts;
  /** Its counts kept per status and block of numbers: where a deep page of the whole list or a status starts. */
  numberBlocks: NumberBlocks;
  /** How a lone word is counted and its page found, with the names it matches looked up once (`wordPage`). */
  word: WordSearch;
  /** The records with these numbers, whole, newest first. */
  read: (tx: Tx, tenantId: string, numbers: number[]) => Promise<T[]>;
  /** The records whole, as a select to put a where and an order on (`selectJobs`), and one of its rows as a record. */
  selectWhole: (db: Db) => WholeSelect;
  toRecord: (row: never) => T;
}

/**
 * What a lone word searches on a numbered list: the records' own columns (`own`: the number, the reference), and
 * the names of the records they point at (`names`: a job's customer and location), whose matching ids a statement
 * looks up once, into the columns of a CTE `named` (`named.customers`, an array), which its count and page read.
 */
export interface WordSearch {
  own: (term: TextTerm) => (SQL | undefined)[];
  /**
   * By the `named` column the ids go in: the named table, and the list's key to it (nullable or not). `notOf`:
   * only the records whose owner (`owner`, their key to another name's table) is not among that name's matches
   * (a job's locations whose customer the word does not name: their jobs are found by the customer already).
   */
  names: Record<string, { named: Named; key: SQLWrapper; notOf?: { name: string; owner: SQLWrapper } }>;
  /**
   * How many records the named ids account for, from kept counts, as a select of one number that reads `named`:
   * each record counted once, whichever of its names matched.
   */
  keptNamed: (tenantId: string) => SQL;
  /** Up to how many matches the page is read sorted, not walked (`FEW_MATCHES`; a test walks fewer). */
  sortedUpTo?: number;
  /**
   * The records' words kept a row a word by triggers (`job_words`), if the list keeps them: a lone word that starts
   * few of them is counted and paged from their index alone (`wordPage`).
   */
  kept?: KeptWords;
  /** Its records' pairs of words, kept with the words (`job_word_pairs`): two bare words are read from them. */
  pairs?: KeptWordPairs;
}

/**
 * A table of each record's words, keyed by tenant, word (compared byte by byte) and number, with the record's
 * status or without (`keptWords`, `keptWordsWithoutStatus`).
 */
export type KeptWords = ReturnType<typeof keptWords> | ReturnType<typeof keptWordsWithoutStatus>;

/** A table of each record's pairs of distinct words (`keptWordPairs`). */
export type KeptWordPairs = ReturnType<typeof keptWordPairs>;

/** A select of whole records (its joins made) that takes a where and an order (any Drizzle select does). */
interface WholeSelect {
  where(where: SQL | undefined): { orderBy(...keys: SQL[]): Buildable };
}

/** A count that is one select of `total`: a subquery of another statement, or a statement of its own. */
type CountQuery = SQLWrapper & PromiseLike<{ total: number | string }[]> & Buildable;

/** How many records of the tenant have these statuses (or this one, a placeholder), as a select of the kept counts. */
export const keptCount = (
  tx: Db,
  counts: StatusCounts,
  tenantId: string | Placeholder,
  statuses: readonly string[] | Placeholder,
) =>
  tx
    .select({ total: sql<number>`coalesce(sum(${counts.count}), 0)` })
    .from(counts)
    .where(
      and(
        eq(counts.tenantId, tenantId),
        statuses instanceof Placeholder
          ? sql`${counts.status} = ${statuses}`
          : inArray(counts.status, [...statuses]),
      ),
    );

/** What the screens call the list's statuses, when its `status:` field says. */
function statusNames<T>(list: NumberedList<T>): Readonly<Record<string, string>> | undefined {
  const field = list.resource.fields.status;
  return field?.kind === 'exact' ? field.names : undefined;
}

/**
 * How many records `q` matches, as one select: from the kept counts when `q` is nothing or a status (so a list of a
 * million is not counted row by row), or a range of a field counted per hour (`hourRangeCount`), else counted
 * through the search's indexes, up to `COUNTED_UP_TO` for a search of text (`cappedCount`). (A lone word is counted
 * with its page: `wordPage`.)
 */
export function countQuery<T>(
  tx: Db,
  tenantId: string,
  ast: LiqeAst | null,
  where: SQL | undefined,
  list: NumberedList<T>,
  within: SQL | undefined,
): CountQuery {
  const statuses = within ? undefined : countedValues(ast, 'status', list.statuses, statusNames(list));
  if (statuses) return keptCount(tx, list.statusCounts, tenantId, statuses);
  const hours = within ? undefined : list.hourCounts;
  const range = hours && loneRange(ast, hours.field);
  if (hours && range) return hourRangeCount(tx, tenantId, hours, range, list.numbered.view, where);
  if (searchesText(ast, list.resource)) return cappedCount(tx, list.numbered.view, where);
  return tx.select({ total: count() }).from(list.numbered.view).where(where);
}

/**
 * A lone range's first page (no word, not a technician's own jobs) as one named statement, one per list, way of
 * comparing with the bounds and page size, the tenant and bounds as placeholders: its count (`hourRangeCount`), and
 * the page's numbers left in `PAGE_NUMBERS` by the bounded walk newest first (`rangePageNumbers`), which the caller
 * follows with the sorted read when it comes back short. Planning it for its values was half of a week's PostgreSQL
 * CPU a request (0.6 ms). One plan is right for every tenant and range, and the text leaves the planner no other:
 * the walk's range is written so that no index serves it (`+ interval '0 s'`) and its numbers are bounded on both
 * sides, so a generic plan, which takes every tenant for an average one, walks the numbers' index too (reading a
 * week's 13,000 matches by their scheduled start and sorting them took 1.7 ms). Undefined for a list that keeps no
 * counts per hour or no counter of its numbers.
 */
export function rangeFirstPageOf<T>(
  list: NumberedList<T>,
  tenantId: string,
  range: LoneRange,
  limit: number,
): Statement<{ total: number | string }> | undefined {
  const hours = list.hourCounts;
  const { view, tenantId: tenant, number } = list.numbered;
  if (!hours) return undefined;
  const { strictFrom, inclusiveTo } = range;
  const name = `${getViewConfig(view).name}_range_${strictFrom ? 'gt' : 'ge'}_${inclusiveTo ? 'le' : 'lt'}_${limit}`;
  let first = rangeFirstPages.get(name);
  if (!first) {
    const from = sql`${sql.placeholder('from')}::timestamptz`;
    const to = sql`${sql.placeholder('to')}::timestamptz`;
    const bounds = (column: SQL) =>
      sql`${column} ${sql.raw(strictFrom ? '>' : '>=')} ${from} and ${column} ${sql.raw(inclusiveTo ? '<=' : '<')} ${to}`;
    const column = sql`${hours.column as SQLWrapper}`;
    const where = and(sql`${tenant as SQLWrapper} = ${TENANT}`, bounds(column));
    const walked = (top: SQL) => sql`select ${number} from ${view}
      where ${tenant as SQLWrapper} = ${TENANT} and ${bounds(sql`${column} + interval '0 s'`)}
        and ${number as SQLWrapper} > ${top} - ${sql.raw(String(WALKED_AT_MOST))} and ${number as SQLWrapper} <= ${top}
      order by ${number as SQLWrapper} desc limit ${sql.raw(String(limit))}`;
    const numbers = (top: SQL) => sql`set_config(${PAGE_NUMBERS}, array(${walked(top)})::text, true)`;
    first = builtOnce(
      (db) =>
        hourRangeCount(db, TENANT, hours, { from, to }, view, where, (top) => ({ numbers: numbers(top) })),
      name,
    );
    rangeFirstPages.set(name, first);
  }
  return first.with({ tenantId, from: range.from, to: range.to });
}

const TENANT = sql.placeholder('tenantId');
const rangeFirstPages = new Map<string, BuiltOnce<{ total: number | string }>>();

/**
 * The setting through which a first page's numbers go from the statement that finds them to the one that reads
 * their records (`pageRecordsOf`), sent together: local to the transaction, like the tenant's.
 */
export const PAGE_NUMBERS = 'fieldbook.page_numbers';

/**
 * Whether `number` is one of the page numbers a statement before left in `PAGE_NUMBERS`, in the form whose generic
 * plan reads each number through the key of `(tenant_id, number)` on both databases: `join` for the numbered lists
 * (the numbers hashed, then looked up; as `= any`, PGlite's plan read the jobs by another index ending in the number,
 * `jobs_customer_idx`, skipping through it: 32 ms), `array` for the sorted lists, whose page is ordered by number
 * and limited (`= any`; joined, PGlite's plan walked the tenant's customers by number up to the page's last: 4 ms
 * of a request's 7).
 */
export const amongPageNumbers = (number: SQLWrapper, form: 'join' | 'array'): SQL => {
  const numbers = sql`current_setting(${PAGE_NUMBERS})::int[]`;
  return form === 'join' ? sql`${number} in (select unnest(${numbers}))` : sql`${number} = any(${numbers})`;
};

/** Each list's records of the page numbers in `PAGE_NUMBERS`, whole, newest first: a named statement. */
const pageRecords = new Map<NumberedView, BuiltOnce<unknown>>();
export function pageRecordsOf<T>(list: NumberedList<T>): BuiltOnce<unknown> {
  let read = pageRecords.get(list.numbered);
  if (!read) {
    const { view, tenantId, number } = list.numbered;
    read = builtOnce(
      (db) =>
        list
          .selectWhole(db)
          .where(and(eq(tenantId, sql.placeholder('tenantId')), amongPageNumbers(number, 'join')))
          .orderBy(desc(number)),
      `${getViewConfig(view).name}_of_page`,
    );
    pageRecords.set(list.numbered, read);
  }
  return read;
}
