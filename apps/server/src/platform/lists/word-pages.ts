import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { getViewConfig } from 'drizzle-orm/pg-core';
import { builtByShape } from '../db/built-selects.ts';
import type { Db } from '../db/database.ts';
import type { TextTerm } from './field-values.ts';
import { FEW_MATCHES, type NumberedList, PAGE_NUMBERS, pageRecordsOf } from './numbered-lists.ts';
import type { NumberedRead } from './numbered-pages.ts';
import { asLimit, COUNTED_UP_TO, cappedTotal, type ListRequest, pageReadOfTotal } from './paged-list.ts';
import { idsNamed } from './search-matches.ts';

// A lone word on a numbered list (docs/server.md, "Fast lists"): its count and page in one statement, the names it
// matches looked up once.

/** Lone words' counts and page numbers, kept per list, tenant and word (unnamed: planned for the word). */
const wordPages = builtByShape('word_page', { limit: 1000, named: false });

/**
 * Any page of a lone word (`loneWord`) as two statements, sent together: its count and the page's numbers, which
 * it leaves in `PAGE_NUMBERS`, then the records of those numbers (`pageRecordsOf`).
 */
export function wordPage<T>(
  db: Db,
  list: NumberedList<T>,
  tenantId: string,
  { q, page }: ListRequest,
  term: TextTerm,
): NumberedRead {
  const key = `${getViewConfig(list.numbered.view).name}|${tenantId}|${q}`;
  return {
    count: wordPages.statement(db, key, () => wordPageSql(db, list, tenantId, term), {
      offset: page.offset,
      limit: page.limit,
      sortedUpTo: list.word.sortedUpTo ?? FEW_MATCHES,
    }),
    records: pageRecordsOf(list).with({ tenantId }),
  };
}

/**
 * A lone word's count and page in one statement, the names it matches looked up once (`WordSearch`), in a CTE both
 * read (they were looked up twice, for the count and for the page: 18 of a word's 55 ms at a million jobs). The
 * count: the records the names account for, from kept counts, and the others whose own columns match. The page
 * (`pageReadOfTotal` of that count, forwards or from the far end): up to `FEW_MATCHES` matches read whole and
 * sorted (each name's ids through the key's index); past that, a walk newest first (or oldest), each row's key
 * looked up in a hash of the ids, which stops after the page's rows (`pageNumbers`). The arms the total does not
 * choose have a limit of 0 and read nothing.
 */
function wordPageSql<T>(db: Db, list: NumberedList<T>, tenantId: string, term: TextTerm) {
  const { view, number, tenantId: tenant } = list.numbered;
  const { own, names, keptNamed } = list.word;
  const ownMatches = own(term).filter((match) => match !== undefined);
  const columns = Object.entries(names).map(([column, name]) => ({
    ...name,
    column: sql.identifier(column),
  }));
  // The names that leave out another's matches (`notOf`) are looked up after it, its ids hashed.
  const lookedUp = (dependent: boolean) =>
    sql.join(
      columns.flatMap(({ named, column, notOf }) => {
        if ((notOf !== undefined) !== dependent) return [];
        const owned =
          notOf && sql`${notOf.owner} not in (select unnest(first.${sql.identifier(notOf.name)}))`;
        return [sql`${idsNamed(named, term, owned)} as ${column}`];
      }),
      sql`, `,
    );
  const named = columns.some(({ notOf }) => notOf !== undefined)
    ? sql`first as materialized (select ${lookedUp(false)}),
      named as materialized (select first.*, ${lookedUp(true)} from first)`
    : sql`named as materialized (select ${lookedUp(false)})`;
  const anyNamed = columns.map(({ key, column }) => sql`coalesce(${key} = any(named.${column}), false)`);
  // Counted up to `COUNTED_UP_TO` past what the names account for, and no further (`cappedTotal`).
  const others = sql`(select count(*) from (select 1 from ${view}, named
    where ${tenant} = ${tenantId} and ${or(...ownMatches) ?? sql`false`} and not (${sql.join(anyNamed, sql` or `)})
    limit ${sql.raw(String(COUNTED_UP_TO + 1))}) as others)`;
  const total = sql`(select total from counted)`;
  const read = pageReadOfTotal({ total });
  const sorted = sql`${total} <= ${sql.placeholder('sortedUpTo')}::int`;
  // The ids as an array (`= any`, an index condition) for the sorted read; as a set (`in`, hashed) for the walk.
  const idsOf = (walk: boolean) =>
    columns.map(({ key, column }) =>
      walk
        ? sql`${key} in (select unnest(${column}) from named)`
        : sql`${key} = any((select ${column} from named)::uuid[])`,
    );
  const arm = (walk: boolean, fromEnd: boolean) => {
    // `number + 0` is no index's order: the sorted read reads the matches and sorts them.
    const order = walk ? number : sql`${number} + 0`;
    const { limit, offset } = read[fromEnd ? 'fromEnd' : 'forwards'];
    return db
      .select({ number })
      .from(view)
      .where(and(eq(tenant, tenantId), or(...ownMatches, ...idsOf(walk))))
      .orderBy(fromEnd ? asc(order) : desc(order))
      .limit(asLimit(sql`case when ${walk ? sql`not ` : sql``}${sorted} then ${limit} else 0 end`))
      .offset(offset);
  };
  return sql`with ${named},
    counted as materialized (select ${cappedTotal(sql`((${keptNamed(tenantId)}) + ${others})`)} as total)
    select ${total} as total, set_config(${PAGE_NUMBERS}, array(
      (${arm(false, false)}) union all (${arm(false, true)})
      union all (${arm(true, false)}) union all (${arm(true, true)}))::text, true)`;
}
