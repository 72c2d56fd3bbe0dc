import { and, asc, count, desc, eq, inArray, Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { getViewConfig, type PgColumn, type PgTable, type PgView } from 'drizzle-orm/pg-core';
import {
  type Buildable,
  type BuiltOnce,
  builtByShape,
  builtOnce,
  type Statement,
} from '../db/built-selects.ts';
import type { Db, Tx } from '../db/database.ts';
import { type Member, readAsMember, type TenantCaller } from '../db/tenant-scope.ts';
import type { TextTerm } from './field-values.ts';
import { type LiqeAst, type ListResource, listQueryToSql, parseListQuery } from './list-query.ts';
import { countLeftForPage, type ListPage, type ListRequest, pageReadOfTotal } from './paged-list.ts';
import { pageRead } from './pagination.ts';
import { countedValues, hasRange, hasWord, loneValue, loneWord } from './query-shapes.ts';

// The parts of a fast list of numbered records (jobs, invoices) at a million rows in one tenant (docs/server.md,
// "Fast lists"): the count, kept where it can be, and the page read as numbers first, then whole records.

/** The one number a count statement gives. */
export const totalOf = async (query: PromiseLike<{ total: number | string }[]>) =>
  Number((await query)[0]?.total ?? 0);

/** The `total` of a raw statement's one row. */
export const rawTotal = (result: unknown) =>
  Number((result as { rows: { total: string | number }[] }).rows[0]?.total ?? 0);

/**
 * Up to this many matches of a search with a bare word, a page is read from all of them, sorted; beyond it, by
 * walking the records newest first until the page is full. The planner cannot tell which is quicker (it cannot
 * know how many customers a word names), and a wrong guess costs seconds at a million rows (docs/server.md).
 */
const FEW_MATCHES = 2000;

/**
 * Up to this many matches of a search with a range, in a list whose dates follow its numbers, the page is read
 * from all of them, sorted: last month's invoices are thousands of numbers back from the newest, and walking
 * newest first skips every newer one (20 ms at 300,000 invoices, where sorting October's 12,700 took 11). Jobs
 * are scheduled in any order, so a week's jobs are spread among the numbers and the walk is short (15 ms for a
 * week at 1,000,000 jobs, 19 sorted).
 */
const FEW_RANGE_MATCHES = 20_000;

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
}

/**
 * The numbers of one page of the records `where` matches, newest first, read from the indexes alone where they
 * can be (each filter's index ends with the number). `total` is how many match, counted already.
 */
export async function pageNumbers(
  tx: Tx,
  { view, number, rangesFollowNumbers }: NumberedView,
  where: SQL | undefined,
  ast: LiqeAst | null,
  total: number,
  { page }: Pick<ListRequest, 'page'>,
  /** `where` as a walk newest first reads it best (a word's names hashed, not looked up by index). */
  walkWhere: () => SQL | undefined = () => where,
): Promise<number[]> {
  const clustered = ast !== null && rangesFollowNumbers === true && hasRange(ast);
  const sorted =
    ast !== null && ((hasWord(ast) && total <= FEW_MATCHES) || (clustered && total <= FEW_RANGE_MATCHES));
  // Past the middle, the page is read oldest first from the far end (docs/server.md, "Fast lists"); but not a
  // range's many matches walked in number order: they sit together near one end, and a walk from the other end
  // would pass every record outside them first (250 ms for the oldest page of a recent range at 300,000).
  const read = pageRead(page, total, { fromEnd: sorted || !clustered });
  if (!read) return [];
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

/** What a numbered list is made of: what `q` searches, its view, its kept counts, and how it reads a page. */
export interface NumberedList<T> {
  resource: ListResource;
  /** The same search with its name matches written for a walk newest first (`nameIn`), where they differ. */
  walkResource?: ListResource;
  numbered: NumberedView;
  /** Its counts kept per status, and every status. */
  statusCounts: StatusCounts;
  statuses: readonly string[];
  /** How many records a lone word matches, from the kept counts of what it names where it can. */
  countWord: (tx: Tx, tenantId: string, term: TextTerm) => Promise<number>;
  /** The records with these numbers, whole, newest first. */
  read: (tx: Tx, tenantId: string, numbers: number[]) => Promise<T[]>;
  /** The records whole, as a select to put a where and an order on (`selectJobs`), and one of its rows as a record. */
  selectWhole: (db: Db) => WholeSelect;
  toRecord: (row: never) => T;
}

/** A select of whole records (its joins made) that takes a where and an order (any Drizzle select does). */
interface WholeSelect {
  where(where: SQL | undefined): { orderBy(...keys: SQL[]): Buildable };
}

/** A count that is one select of `total`: a subquery of another statement, or a statement of its own. */
type CountQuery = SQLWrapper & PromiseLike<{ total: number | string }[]> & Buildable;

/** How many records of the tenant have these statuses (or this one, a placeholder), as a select of the kept counts. */
const keptCount = (
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

/**
 * How many records `q` matches, as one select: from the kept counts when `q` is nothing or a status (so a list of a
 * million is not counted row by row), else counted through the search's indexes. (A lone word is counted by the
 * list's `countWord`.)
 */
function countQuery<T>(
  tx: Db,
  tenantId: string,
  ast: LiqeAst | null,
  where: SQL | undefined,
  list: NumberedList<T>,
  within: SQL | undefined,
): CountQuery {
  const statuses = within ? undefined : countedValues(ast, 'status', list.statuses);
  if (statuses) return keptCount(tx, list.statusCounts, tenantId, statuses);
  return tx.select({ total: count() }).from(list.numbered.view).where(where);
}

/** The first page whole and its count, as two statements built once (`builtOnce`), per list, field and page size. */
const firstPageReads = new Map<
  string,
  { records: BuiltOnce<unknown>; count: BuiltOnce<{ total: number | string }> }
>();

/**
 * A page of `where`, newest first, whole: the records whose numbers the page's numbers are. The first page's limit
 * is written in; a later page's numbers are read forwards and from the far end, where its count left them
 * (`pageReadOfTotal`): one of the two reads nothing. Those are gathered into an array first (`numberedWhere`): in
 * a named statement's plan for any page the planner cannot know the limits, and joined all the tenant's million
 * jobs to them (0.8 s a page).
 */
const recordsOfPage = <T>(
  db: Db,
  list: NumberedList<T>,
  where: SQL | undefined,
  tenant: unknown,
  page: { limit: number } | 'later',
) => {
  const { view, number, tenantId } = list.numbered;
  const numbered = (fromEnd: boolean) =>
    db
      .select({ number })
      .from(view)
      .where(where)
      .orderBy(fromEnd ? asc(number) : desc(number));
  const read = pageReadOfTotal();
  const numbers =
    page === 'later'
      ? sql`${number as SQLWrapper} in (select unnest(array(
          ${numbered(false).limit(read.forwards.limit).offset(read.forwards.offset)}
          union all ${numbered(true).limit(read.fromEnd.limit).offset(read.fromEnd.offset)})))`
      : inArray(number, numbered(false).limit(page.limit));
  return list
    .selectWhole(db)
    .where(and(eq(tenantId, tenant), numbers))
    .orderBy(desc(number));
};

const TENANT = sql.placeholder('tenantId');
const VALUE = sql.placeholder('value');

/**
 * The whole list (`*`) or one id or status (`loneValue`): a shape whose page is read newest first whatever the
 * total (or from the nearer end), by statements with the tenant and value as placeholders, for one plan is right for
 * every tenant and value (the newest numbers by the field's index, the kept counts). Undefined for any other
 * search, and for a technician's own jobs (`within`).
 */
function simpleShape<T>(list: NumberedList<T>, ast: LiqeAst | null, within: SQL | undefined) {
  if (within) return undefined;
  if (ast === null) return { field: '*', value: undefined, where: eq(list.numbered.tenantId, TENANT) };
  const lone = loneValue(ast, list.resource, list.statuses);
  if (!lone) return undefined;
  const where = and(eq(list.numbered.tenantId, TENANT), sql`${lone.column} = ${VALUE}`);
  return { field: lone.field, value: lone.value, where };
}

/** How many records of a simple shape (`simpleShape`) there are: kept counts, or one id's counted by its index. */
const simpleCount = <T>(db: Db, list: NumberedList<T>, field: string, where: SQL | undefined) =>
  field !== '*' && field !== 'status'
    ? db.select({ total: count() }).from(list.numbered.view).where(where)
    : keptCount(db, list.statusCounts, TENANT, field === 'status' ? VALUE : list.statuses);

/**
 * A first page's count and records as two statements (`Statement`s), the count first, for a search whose first page
 * is read newest first whatever the total (no word, no clustered range: `pageNumbers`). The whole list (`*`) and
 * one id or status (`loneValue`): the records by the page's numbers in one statement, the tenant and value as
 * placeholders, for one plan is right for every tenant and value (the newest numbers by the field's index, the
 * kept counts), so each is a named statement, planned once per connection. Any other search: the count with the
 * page's numbers, which it leaves in a setting of the transaction (`PAGE_NUMBERS`), kept per tenant, search and
 * page size and unnamed, so it is planned for its values (a technician's own jobs, `within`, built at each run);
 * then the records of those numbers, one named statement per list (its joins took longer to plan than to run).
 * Undefined for a later page, a word or a clustered range.
 */
export function firstPageOf<T>(
  db: Db,
  list: NumberedList<T>,
  tenantId: string,
  { q, page }: ListRequest,
  within?: SQL,
): { records: Statement; count: Statement } | undefined {
  if (page.offset !== 0) return undefined;
  const ast = parseListQuery(q);
  const simple = simpleShape(list, ast, within);
  if (simple) {
    const viewName = getViewConfig(list.numbered.view).name;
    const shape = `${viewName}|${simple.field}|${page.limit}`;
    let reads = firstPageReads.get(shape);
    if (!reads) {
      const name = `first_page_${firstPageReads.size + 1}`;
      const { field, where } = simple;
      reads = {
        records: builtOnce((db) => recordsOfPage(db, list, where, TENANT, page), `${name}_records`),
        count: builtOnce((db) => simpleCount(db, list, field, where), `${name}_count`),
      };
      firstPageReads.set(shape, reads);
    }
    const values = { tenantId, value: simple.value };
    return { records: reads.records.with(values), count: reads.count.with(values) };
  }
  // A word, or a range whose matches sit together, may have its first page sorted, which depends on the total.
  if (ast !== null && hasWord(ast)) return undefined;
  if (ast !== null && list.numbered.rangesFollowNumbers === true && hasRange(ast)) return undefined;
  const { view, number } = list.numbered;
  const where = and(eq(list.numbered.tenantId, tenantId), listQueryToSql(ast, list.resource), within);
  const build = () => {
    const numbers = db.select({ number }).from(view).where(where).orderBy(desc(number)).limit(page.limit);
    const counted = countQuery(db, tenantId, ast, where, list, within);
    return sql`select (${counted}) as total, set_config(${PAGE_NUMBERS}, array(${numbers})::text, true)`;
  };
  const key = `${getViewConfig(view).name}|${tenantId}|${page.limit}|${q}`;
  return {
    count: within
      ? pageNumbersBuiltEachTime.statement(db, key, build)
      : searchedFirstPages.statement(db, key, build),
    records: pageRecordsOf(list).with({ tenantId }),
  };
}

/**
 * The setting through which a first page's numbers go from the statement that finds them to the one that reads
 * their records (`pageRecordsOf`), sent together: local to the transaction, like the tenant's.
 */
const PAGE_NUMBERS = 'fieldbook.page_numbers';

/** Any other search's first page numbers and count, kept per list, tenant, search and page size (unnamed). */
const searchedFirstPages = builtByShape('searched_first_page', { limit: 1000, named: false });
/** A technician's own jobs' (built at each run: the key is never asked for again). */
const pageNumbersBuiltEachTime = builtByShape('own_first_page', { limit: 0, named: false });

/** Each list's records of the page numbers in `PAGE_NUMBERS`, whole, newest first: a named statement. */
const pageRecords = new Map<NumberedView, BuiltOnce<unknown>>();
function pageRecordsOf<T>(list: NumberedList<T>): BuiltOnce<unknown> {
  let read = pageRecords.get(list.numbered);
  if (!read) {
    const { view, tenantId, number } = list.numbered;
    read = builtOnce(
      (db) =>
        list
          .selectWhole(db)
          .where(
            and(
              eq(tenantId, sql.placeholder('tenantId')),
              sql`${number as SQLWrapper} in (select unnest(current_setting(${PAGE_NUMBERS})::int[]))`,
            ),
          )
          .orderBy(desc(number)),
      `${getViewConfig(view).name}_of_page`,
    );
    pageRecords.set(list.numbered, read);
  }
  return read;
}

/**
 * A later page of a simple shape (`simpleShape`) as two statements, sent together: its count, left for the next
 * (`countLeftForPage`), and the records of the page's numbers, whole, read from the nearer end (`recordsOfPage`).
 * Each is one named statement per list and field.
 */
function laterPageOf<T>(list: NumberedList<T>, tenantId: string, { q, page }: ListRequest) {
  const simple = simpleShape(list, parseListQuery(q), undefined);
  if (!simple) return undefined;
  const shape = `${getViewConfig(list.numbered.view).name}|${simple.field}`;
  let reads = laterPageReads.get(shape);
  if (!reads) {
    const name = `later_page_${laterPageReads.size + 1}`;
    const { field, where } = simple;
    reads = {
      count: builtOnce((db) => countLeftForPage(db, simpleCount(db, list, field, where)), `${name}_count`),
      records: builtOnce((db) => recordsOfPage(db, list, where, TENANT, 'later'), `${name}_records`),
    };
    laterPageReads.set(shape, reads);
  }
  const values = { tenantId, value: simple.value, offset: page.offset, limit: page.limit };
  return { count: reads.count.with(values), records: reads.records.with(values) };
}

/** Later pages' count and records, built once per list and field. */
const laterPageReads = new Map<string, { count: BuiltOnce<unknown>; records: BuiltOnce<unknown> }>();

/**
 * A page for the caller with the caller's membership, read with the member's scope and no transaction
 * (`readAsMember`), in one round trip: a first page (`firstPageOf`) and its count; a later page of the whole list
 * or of one id or status (`laterPageOf`). Undefined for a later page of any other search, and when `readsAll`
 * says the member sees only some records (a technician's own jobs), which are read in a transaction
 * (`listNumbered`).
 */
export async function readListPage<T>(
  db: Db,
  caller: TenantCaller,
  request: ListRequest,
  list: NumberedList<T>,
  readsAll: (member: Member) => boolean = () => true,
): Promise<{ member: Member; page: ListPage<T> } | undefined> {
  const read = firstPageOf(db, list, caller.tenantId, request) ?? laterPageOf(list, caller.tenantId, request);
  if (!read) return undefined;
  const { member, results } = await readAsMember(db, caller, [read.count, read.records]);
  if (!readsAll(member)) return undefined;
  const [counted = [], records = []] = results;
  return {
    member,
    page: { rows: records.map((row) => list.toRecord(row as never)), total: totalRow(counted) },
  };
}

const totalRow = (rows: unknown[]) => Number((rows as { total: number | string }[])[0]?.total ?? 0);

/**
 * One page of the records `q` matches, newest number first, and how many match in all: a first page read newest
 * first whatever the total, whole, and its count (`firstPageOf`); else the count, then the page's numbers (from
 * the indexes alone where they can), then those records whole.
 */
export async function listNumbered<T>(
  tx: Tx,
  tenantId: string,
  { q, page }: ListRequest,
  list: NumberedList<T>,
  /** Only the records this also matches (a technician's own jobs): counted row by row, not from kept counts. */
  within?: SQL,
): Promise<ListPage<T>> {
  const first = firstPageOf(tx, list, tenantId, { q, page }, within);
  if (first) {
    const total = totalRow(await first.count.run(tx));
    const rows = await first.records.run(tx);
    return { rows: rows.map((row) => list.toRecord(row as never)), total };
  }
  const ast = parseListQuery(q);
  const where = and(eq(list.numbered.tenantId, tenantId), listQueryToSql(ast, list.resource), within);
  const word = within ? undefined : loneWord(ast);
  const total = word
    ? await list.countWord(tx, tenantId, word)
    : await totalOf(countQuery(tx, tenantId, ast, where, list, within));
  const walkWhere = () =>
    and(
      eq(list.numbered.tenantId, tenantId),
      listQueryToSql(ast, list.walkResource ?? list.resource),
      within,
    );
  const numbers = await pageNumbers(tx, list.numbered, where, ast, total, { page }, walkWhere);
  if (numbers.length === 0) return { rows: [], total };
  return { rows: await list.read(tx, tenantId, numbers), total };
}
