import { MAX_PAGE_SIZE } from '@fieldbook/domain';
import { and, asc, count, eq, getTableName, is, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { getViewConfig, type PgColumn, type PgTable, PgView } from 'drizzle-orm/pg-core';
import {
  type Buildable,
  type BuiltOnce,
  builtOnce,
  builtPerKey,
  type Statement,
} from '../db/built-selects.ts';
import type { Db } from '../db/database.ts';
import type { LiqeAst } from './list-query.ts';
import type { ListResource } from './list-resource.ts';
import { amongPageNumbers, type KeptWords } from './numbered-lists.ts';
import {
  type CountQuery,
  cappedCount,
  countLeftForPage,
  firstPageQuery,
  orderOf,
  pageReadOfTotal,
  type SortableQuery,
  type SortKey,
} from './paged-list.ts';
import type { Page } from './pagination.ts';
import { searchesText } from './query-shapes.ts';
import { listQueryToSql } from './query-to-sql.ts';

// The statements of a list read in the order of its sort keys (every list but the numbered ones): `readList`
// (read-list.ts) chooses which and sends them.

/** A select of a list's columns from its source and joins, which takes the search's where. */
interface FromSource<Row> {
  where(where: SQL | undefined): SortableQuery<Row>;
}

/**
 * A list read in the order of its keys: its rows are the tenant's rows of `source` that `q` matches, with the
 * columns and joins of `select`, counted on `source` alone. `keys` must be a total order (end with a unique column)
 * so that a page read from the far end is the page read forwards.
 *
 *   export const taxRateList: SortedList<TaxRate> = {
 *     pageSize: PAGE_SIZES.taxRates,
 *     resource: { fields: { name: { kind: 'text', column: taxRates.name } }, searchable: [taxRates.name] },
 *     source: taxRates,
 *     select: (db, total) => db.select({ ...rateColumns, total }).from(taxRates),
 *     keys: [ascending(taxRates.name), ascending(taxRates.id)],
 *     toRecord: toTaxRate,
 *   };
 */
export interface SortedList<T> {
  /** Rows a page holds when `s` is not given. */
  pageSize: number;
  /** What `q` may search. */
  resource: ListResource;
  source: (PgTable | PgView) & { tenantId: PgColumn };
  /** The page's columns with `total` beside them, from `source` and its joins. */
  select: (db: Db, total: SQL<number>) => FromSource<{ total: number }>;
  keys: readonly SortKey[];
  /** The whole list's count kept by triggers, if it keeps one: a large organisation's is not counted row by row. */
  keptCount?: (db: Db, tenantId: Placeholder) => CountQuery;
  /**
   * The records' words kept by triggers, by `number`, the list's one key (ascending), if it keeps them: a search of
   * bare words is counted and paged from them (`keptWordsSortedPage`), its records then read by their numbers.
   */
  words?: { kept: KeptWords; number: PgColumn };
  /** A row of `select` (without `total`) as the API's record. */
  toRecord: (row: never) => T;
  /** Never numbered: `readList` tells the two kinds apart by it. */
  numbered?: undefined;
}

/** Searches' statements, kept per list, tenant, search and kind (unnamed: planned for their values). */
const searchReads = builtPerKey();
/** The whole list's, with the tenant a placeholder (named: planned once per connection for every tenant). */
const wholeListReads = builtPerKey(1000, 'page');

/** What a statement is rendered as no count: a page read after its count, or a search's first page. */
const none = sql<number>`0`.mapWith(Number);

/** Each list's table or view name, for its statements' keys. */
const sourceNames = new WeakMap<object, string>();
export function sourceName(source: SortedList<unknown>['source']): string {
  let name = sourceNames.get(source);
  if (name === undefined) {
    name = is(source, PgView) ? getViewConfig(source).name : getTableName(source);
    sourceNames.set(source, name);
  }
  return name;
}

/**
 * The statements of a sorted list's page, built once per list, search and kind: `first`, the whole list's first
 * page with its count as one statement (`firstPageQuery`); `rows`, a search's first page alone (its length is
 * its count when it is not full: `count` is asked only then); `later`, a later page's count, left for the
 * statements after it (`countLeftForPage`), and its rows read forwards and from the far end (`pageReadOfTotal`:
 * one of them reads nothing), sent together.
 */
export function sortedReads<T>(
  list: SortedList<T>,
  tenantId: string,
  q: string | undefined,
  ast: LiqeAst | null,
) {
  const whole = ast === null;
  const tenant = whole ? sql.placeholder('tenantId') : tenantId;
  // The statements are built once and kept: their conditions are made only when one is built.
  let conditions: SQL | undefined;
  const where = () => {
    conditions ??= and(eq(list.source.tenantId, tenant), listQueryToSql(ast, list.resource));
    return conditions;
  };
  const counted = (db: Db) =>
    whole && list.keptCount
      ? list.keptCount(db, sql.placeholder('tenantId'))
      : searchesText(ast, list.resource)
        ? cappedCount(db, list.source, where())
        : db.select({ total: count() }).from(list.source).where(where());
  const rows = (db: Db, total: SQL<number>) => list.select(db, total).where(where());
  const name = sourceName(list.source);
  const key = whole ? name : `${name}|${tenantId}|${q}`;
  const statement = (kind: string, build: (db: Db) => Buildable, values: Record<string, unknown> = {}) =>
    (whole ? wholeListReads : searchReads)(`${key}|${kind}`, build).with({ tenantId, ...values });
  return {
    first: (page: Page): Statement =>
      statement(`first ${page.limit}`, (db) =>
        firstPageQuery(counted(db), (total) => rows(db, total), list.keys, page.limit),
      ),
    rows: (page: Page): Statement =>
      statement(`rows ${page.limit}`, (db) =>
        rows(db, none)
          .orderBy(...orderOf(list.keys, false))
          .limit(page.limit)
          .offset(0),
      ),
    count: (): Statement => statement('count', counted),
    later: (page: Page): Statement[] => {
      const values = { offset: page.offset, limit: page.limit };
      const side = (fromEnd: boolean) =>
        statement(
          fromEnd ? 'from end' : 'forwards',
          (db) => {
            const { limit, offset } = pageReadOfTotal()[fromEnd ? 'fromEnd' : 'forwards'];
            return rows(db, none)
              .orderBy(...orderOf(list.keys, fromEnd))
              .limit(limit)
              .offset(offset);
          },
          values,
        );
      return [statement('count left', (db) => countLeftForPage(db, counted(db))), side(false), side(true)];
    },
  };
}

/** Each sorted list's records of the page numbers left in `PAGE_NUMBERS`, oldest first (`SortedList.words`): named. */
const pageRecords = new WeakMap<object, BuiltOnce<unknown>>();
export function sortedPageRecordsOf<T>(
  list: SortedList<T>,
  { number }: { number: PgColumn },
): BuiltOnce<unknown> {
  let read = pageRecords.get(list);
  if (!read) {
    read = builtOnce(
      (db) =>
        list
          .select(db, none)
          .where(
            and(eq(list.source.tenantId, sql.placeholder('tenantId')), amongPageNumbers(number, 'array')),
          )
          .orderBy(asc(number))
          .limit(MAX_PAGE_SIZE)
          .offset(0),
      `${sourceName(list.source)}_of_page`,
    );
    pageRecords.set(list, read);
  }
  return read;
}
