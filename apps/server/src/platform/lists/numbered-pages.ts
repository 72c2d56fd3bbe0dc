import { and, asc, count, desc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { getViewConfig } from 'drizzle-orm/pg-core';
import { type BuiltOnce, builtByShape, builtOnce, type Statement } from '../db/built-selects.ts';
import { ALL_STATUSES, NUMBER_BLOCK } from '../db/columns.ts';
import type { Db, Tx } from '../db/database.ts';
import { rangeTop } from './hour-ranges.ts';
import { type LiqeAst, listQueryToSql } from './list-query.ts';
import {
  countQuery,
  keptCount,
  type NumberedList,
  PAGE_NUMBERS,
  pageNumbers,
  pageRecordsOf,
  rangeFirstPageOf,
  rangePageNumbers,
  totalOf,
} from './numbered-lists.ts';
import { countLeftForPage, type ListPage, type ListPlan, pageReadOfTotal } from './paged-list.ts';
import type { Page } from './pagination.ts';
import { hasRange, loneRange, loneValue } from './query-shapes.ts';

// A numbered list's pages (docs/server.md, "Fast lists"; "Statements together in one round trip"): the statements
// of each way a page is read, which `readList` (read-list.ts) chooses among and sends.

/** The first page whole and its count, as two statements built once (`builtOnce`), per list, field and page size. */
const firstPageReads = new Map<
  string,
  { records: BuiltOnce<unknown>; count: BuiltOnce<{ total: number | string }> }
>();

/**
 * A page of `where`, newest first, whole: the records whose numbers the page's numbers are. The first page's limit
 * is written in; a later page's numbers are read forwards and from the far end, where its count left them
 * (`pageReadOfTotal`), and, for the whole list or a status (`blocks`), from the block of numbers it starts in
 * when it is at least a block from both ends (`numbersFromBlock`): all but one of them read nothing. Those are
 * gathered into an array first (`numberedWhere`): in a named statement's plan for any page the planner cannot know
 * the limits, and joined all the tenant's million jobs to them (0.8 s a page).
 */
const recordsOfPage = <T>(
  db: Db,
  list: NumberedList<T>,
  where: SQL | undefined,
  tenant: unknown,
  page: { limit: number } | 'later',
  blocks?: { ofStatus: boolean },
) => {
  const { view, number, tenantId } = list.numbered;
  const numbered = (fromEnd: boolean) =>
    db
      .select({ number })
      .from(view)
      .where(where)
      .orderBy(fromEnd ? asc(number) : desc(number));
  const read = pageReadOfTotal({ far: blocks && NUMBER_BLOCK });
  const fromBlock = blocks ? sql` union all ${numbersFromBlock(list, where, read.fromBlock, blocks)}` : sql``;
  const numbers =
    page === 'later'
      ? sql`${number as SQLWrapper} in (select unnest(array(
          ${numbered(false).limit(read.forwards.limit).offset(read.forwards.offset)}
          union all ${numbered(true).limit(read.fromEnd.limit).offset(read.fromEnd.offset)}${fromBlock})))`
      : inArray(number, numbered(false).limit(page.limit));
  return list
    .selectWhole(db)
    .where(and(eq(tenantId, tenant), numbers))
    .orderBy(desc(number));
};

/**
 * The numbers of a page of the whole list or of one status (`ofStatus`: the `VALUE`) that lies at least a block
 * from both ends (`fromBlock`), found from the kept counts per block of numbers (`numberBlockCounts`: the whole
 * list's are those of `ALL_STATUSES`, one row a block) in the
 * statement's own snapshot: the blocks newest first with how many records come before each, the block the page
 * starts in, and the page read from there, on into older blocks as far as it needs. It skips at most a block's
 * index entries, where an OFFSET skipped half a million (docs/server.md, "Fast lists"), and none when the block is
 * full (every number of it is there: numbers are unique, so a count of the block's size is all of them; block 0's
 * numbers may go below 1, so it is never taken for full): then the page starts at the number as many below the
 * block's end as it would skip.
 */
function numbersFromBlock<T>(
  list: NumberedList<T>,
  where: SQL | undefined,
  read: { when: SQL; offset: SQL; limit: SQL },
  { ofStatus }: { ofStatus: boolean },
) {
  const { view, number } = list.numbered;
  const blocks = list.numberBlocks;
  const size = sql.raw(String(NUMBER_BLOCK));
  return sql`(with placed as (
      select ${blocks.block} as block, ${blocks.count} as count,
        sum(${blocks.count}) over (order by ${blocks.block} desc) - ${blocks.count} as before
      from ${blocks}
      where ${blocks.tenantId} = ${TENANT} and ${blocks.status} = ${ofStatus ? VALUE : ALL_STATUSES}
    ), start as (
      select block, ${read.offset} - before as skipped, block > 0 and count = ${size} as complete
      from placed where before <= ${read.offset} and count > 0 order by block limit 1
    )
    select ${number} from ${view}
    where ${where}
      and ${number} < (select ((block + 1) * ${size} - case when complete then skipped else 0 end)::int from start)
    order by ${number} desc
    limit ${read.limit}
    offset case when ${read.when} then (select case when complete then 0 else skipped end from start)::bigint else 0 end)`;
}

const TENANT = sql.placeholder('tenantId');
const VALUE = sql.placeholder('value');

/**
 * The whole list (`*`) or one id or status (`loneValue`): a shape whose page is read newest first whatever the
 * total (or from the nearer end), by statements with the tenant and value as placeholders, for one plan is right for
 * every tenant and value (the newest numbers by the field's index, the kept counts). Undefined for any other
 * search.
 */
export function simpleShape<T>(list: NumberedList<T>, ast: LiqeAst | null) {
  // `where` is made only when a statement is built: they are kept per list and field.
  if (ast === null) return { field: '*', value: undefined, where: () => eq(list.numbered.tenantId, TENANT) };
  const lone = loneValue(ast, list.resource, list.statuses);
  if (!lone) return undefined;
  const where = () => and(eq(list.numbered.tenantId, TENANT), sql`${lone.column} = ${VALUE}`);
  return { field: lone.field, value: lone.value, where };
}

/** How many records of a simple shape (`simpleShape`) there are: kept counts, or one id's counted by its index. */
const simpleCount = <T>(db: Db, list: NumberedList<T>, field: string, where: SQL | undefined) =>
  field !== '*' && field !== 'status'
    ? db.select({ total: count() }).from(list.numbered.view).where(where)
    : keptCount(db, list.statusCounts, TENANT, field === 'status' ? VALUE : list.statuses);

/**
 * A page's statements, sent together: its count (which may leave the page's numbers in `PAGE_NUMBERS`) and its
 * records; then `short`, if the records came back fewer than the page should hold (a range's bounded walk:
 * `rangePageNumbers`), the page's numbers read another way and their records.
 */
export interface NumberedRead {
  count: Statement;
  records: Statement;
  short?: Statement[] | undefined;
  /** A count and records to send instead when `count` gives a null total (it could not answer: `wordPage`). */
  instead?: [Statement, Statement];
}

/**
 * The first page of a simple shape (`simpleShape`: the whole list, one id or status): the records of the page's
 * numbers in one statement and its count in another, the tenant and value as placeholders, for one plan is right
 * for every tenant and value (the newest numbers by the field's index, the kept counts): named statements, planned
 * once per connection, built once per list, field and page size.
 */
export function simpleFirstPage<T>(
  list: NumberedList<T>,
  tenantId: string,
  page: Page,
  simple: SimpleShape,
): NumberedRead {
  const viewName = getViewConfig(list.numbered.view).name;
  const shape = `${viewName}|${simple.field}|${page.limit}`;
  let reads = firstPageReads.get(shape);
  if (!reads) {
    const name = `first_page_${firstPageReads.size + 1}`;
    const { field } = simple;
    const where = simple.where();
    reads = {
      records: builtOnce((db) => recordsOfPage(db, list, where, TENANT, page), `${name}_records`),
      count: builtOnce((db) => simpleCount(db, list, field, where), `${name}_count`),
    };
    firstPageReads.set(shape, reads);
  }
  const values = { tenantId, value: simple.value };
  return { records: reads.records.with(values), count: reads.count.with(values) };
}

type SimpleShape = NonNullable<ReturnType<typeof simpleShape>>;

/**
 * The first page of any other search whose first page is read newest first whatever the total (no word, no range
 * whose matches sit together: `pageNumbers`): the count with the page's numbers, which it leaves in a setting of
 * the transaction (`PAGE_NUMBERS`), kept per tenant, search and page size and unnamed, so it is planned for its
 * values (a technician's own jobs, `within`, built at each run); but a lone range's first page is one named
 * statement (`rangeFirstPageOf`); then the records of those numbers, one named statement per list (its joins took
 * longer to plan than to run).
 */
export function searchedFirstPage<T>(
  db: Db,
  list: NumberedList<T>,
  tenantId: string,
  { q, page, ast }: ListPlan,
  within: SQL | undefined,
): NumberedRead {
  const { view, number } = list.numbered;
  const where = and(eq(list.numbered.tenantId, tenantId), listQueryToSql(ast, list.resource), within);
  const range = ast !== null && hasRange(ast);
  const lone = list.hourCounts && loneRange(ast, list.hourCounts.field);
  const rangeFirst = lone && !within ? rangeFirstPageOf(list, tenantId, lone, page.limit) : undefined;
  const newest = (on: Db) =>
    on.select({ number }).from(view).where(where).orderBy(desc(number)).limit(page.limit);
  const top = topOfRange(list, tenantId, ast);
  const rangeRead = (on: Db) =>
    rangePageNumbers(
      on,
      list.numbered,
      tenantId,
      where,
      { limit: page.limit, offset: 0, fromEnd: false },
      top,
    );
  const build = () => {
    const numbers = range ? rangeRead(db).walked : newest(db);
    const counted = countQuery(db, tenantId, ast, where, list, within);
    return sql`select (${counted}) as total, set_config(${PAGE_NUMBERS}, array(${numbers})::text, true)`;
  };
  const statements = within ? pageNumbersBuiltEachTime : searchedFirstPages;
  const key = `${getViewConfig(view).name}|${tenantId}|${page.limit}|${q}`;
  const records = pageRecordsOf(list).with({ tenantId });
  // A range's walk that came back short: the page's numbers from the range's matches sorted, and their records.
  const sorted = () => sql`select set_config(${PAGE_NUMBERS}, array(${rangeRead(db).sorted})::text, true)`;
  return {
    count: rangeFirst ?? statements.statement(db, key, build),
    records,
    short: range ? [statements.statement(db, `${key}|sorted`, sorted), records] : undefined,
  };
}

/** Any other search's first page numbers and count, kept per list, tenant, search and page size (unnamed). */
const searchedFirstPages = builtByShape('searched_first_page', { limit: 1000, named: false });
/** A technician's own jobs' (built at each run: the key is never asked for again). */
const pageNumbersBuiltEachTime = builtByShape('own_first_page', { limit: 0, named: false });

/**
 * A later page of a simple shape (`simpleShape`): its count, left for the next (`countLeftForPage`), and the
 * records of the page's numbers, whole, read from the nearer end (`recordsOfPage`). Each is one named statement per
 * list and field.
 */
export function simpleLaterPage<T>(
  list: NumberedList<T>,
  tenantId: string,
  page: Page,
  simple: SimpleShape,
): NumberedRead {
  const shape = `${getViewConfig(list.numbered.view).name}|${simple.field}`;
  let reads = laterPageReads.get(shape);
  if (!reads) {
    const name = `later_page_${laterPageReads.size + 1}`;
    const { field } = simple;
    const where = simple.where();
    reads = {
      count: builtOnce((db) => countLeftForPage(db, simpleCount(db, list, field, where)), `${name}_count`),
      records: builtOnce(
        (db) => recordsOfPage(db, list, where, TENANT, 'later', blocksOf(field)),
        `${name}_records`,
      ),
    };
    laterPageReads.set(shape, reads);
  }
  const values = { tenantId, value: simple.value, offset: page.offset, limit: page.limit };
  return { count: reads.count.with(values), records: reads.records.with(values) };
}

/** Whether a later page of a simple shape's field may be read from its block: the whole list's, a status's. */
const blocksOf = (field: string) =>
  field === '*' || field === 'status' ? { ofStatus: field === 'status' } : undefined;

/** Later pages' count and records, built once per list and field. */
const laterPageReads = new Map<string, { count: BuiltOnce<unknown>; records: BuiltOnce<unknown> }>();

/**
 * For a lone range of a field the list counts per hour, a number no match has a higher one than (`rangeTop`), where
 * a walk through its matches newest first starts; undefined for any other search.
 */
const topOfRange = <T>(list: NumberedList<T>, tenantId: string, ast: LiqeAst | null) => {
  const range = list.hourCounts && loneRange(ast, list.hourCounts.field);
  return list.hourCounts && range ? rangeTop(list.hourCounts, tenantId, range) : undefined;
};

/**
 * Any page of any search, in a transaction, one step after another: the count, then the page's numbers (from the
 * indexes alone where they can: sorted or walked by how many match, `pageNumbers`), then those records whole.
 */
export async function countedPage<T>(
  tx: Tx,
  list: NumberedList<T>,
  tenantId: string,
  { page, ast }: ListPlan,
  within: SQL | undefined,
): Promise<ListPage<T>> {
  const where = and(eq(list.numbered.tenantId, tenantId), listQueryToSql(ast, list.resource), within);
  const total = await totalOf(countQuery(tx, tenantId, ast, where, list, within));
  const walkWhere = () =>
    and(
      eq(list.numbered.tenantId, tenantId),
      listQueryToSql(ast, list.walkResource ?? list.resource),
      within,
    );
  const top = topOfRange(list, tenantId, ast);
  const numbers = await pageNumbers(tx, tenantId, list.numbered, where, ast, total, { page, top }, walkWhere);
  if (numbers.length === 0) return { rows: [], total };
  return { rows: await list.read(tx, tenantId, numbers), total };
}
