import { searchWords } from '@fieldbook/domain';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { getViewConfig } from 'drizzle-orm/pg-core';
import { builtByShape } from '../db/built-selects.ts';
import type { Db } from '../db/database.ts';
import type { TextTerm } from './field-values.ts';
import {
  FEW_MATCHES,
  type KeptWords,
  type NumberedList,
  PAGE_NUMBERS,
  pageRecordsOf,
} from './numbered-lists.ts';
import type { NumberedRead } from './numbered-pages.ts';
import { asLimit, COUNTED_UP_TO, cappedTotal, type ListRequest, pageReadOfTotal } from './paged-list.ts';
import { idsNamed } from './search-matches.ts';

// A lone word on a numbered list (docs/server.md, "Fast lists"): its count and page in one statement, from the
// list's kept words where it keeps them and the word starts few of them, else with the names it matches looked up
// once.

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

/** Up to how many kept words a lone word may start for its count and page to be read from them (`keptWordsSql`). */
export const KEPT_WORDS_UP_TO = 32;

/**
 * The kept words a lone word matches, as a range of the key: the words it starts (a bare word, `wil*`), or itself
 * (a quoted word). Undefined when the kept words cannot answer it: a term of several words (`cu-15`, a phrase of
 * two), a `*` within, or digits alone, which also find the record's own number (`wholeNumber`).
 */
export function keptWordRange(term: TextTerm): { from: string; to: string } | undefined {
  const text = term.text.endsWith('*') ? term.text.slice(0, -1) : term.text;
  const [word, more] = text.includes('*') ? [] : searchWords(text);
  if (word === undefined || more !== undefined || /^\d+$/.test(word)) return undefined;
  // Byte by byte (`COLLATE "C"`), the words that start with `word` sort from it to below it and the last code point.
  return { from: word, to: `${word}${term.phrase ? '\u0001' : '\u{10ffff}'}` };
}

/**
 * A lone word's count and page from the kept words (`KeptWords`): the words it starts, found one by one along the
 * index (a skip scan), up to one more than `KEPT_WORDS_UP_TO`; then, for each, its newest numbers from the index
 * alone, up to 1,001 to count (`cappedTotal`) and up to the page's end to read it. `few`: whether it starts few
 * enough words for these to be read (else the statement reads the names' way).
 */
function keptWordsSql(kept: KeptWords, tenantId: string, range: { from: string; to: string }) {
  const { table, tenantId: tenant, word, number } = kept;
  const next = (after: SQL) =>
    sql`(select ${word} from ${table} where ${tenant} = ${tenantId} and ${after} and ${word} < ${range.to}
      order by ${word} limit 1)`;
  const matches = (upTo: SQL) => sql`select distinct matched.number from kept_words, lateral (
      select ${number} as number from ${table}
      where ${tenant} = ${tenantId} and ${word} = kept_words.word order by ${number} desc limit ${upTo}) as matched`;
  const offset = sql`${sql.placeholder('offset')}::int`;
  const limit = sql`${sql.placeholder('limit')}::int`;
  return {
    ctes: sql`started(word) as (${next(sql`${word} >= ${range.from}`)}
        union all select ${next(sql`${word} > started.word`)} from started where started.word is not null),
      kept_words as materialized (select word from started where word is not null
        limit ${sql.raw(String(KEPT_WORDS_UP_TO + 1))}),
      kept as materialized (select count(*) <= ${sql.raw(String(KEPT_WORDS_UP_TO))} as few from kept_words)`,
    few: sql`(select few from kept)`,
    count: cappedTotal(
      sql`(select count(*) from (${matches(sql.raw(String(COUNTED_UP_TO + 1)))}) as counted_words)`,
    ),
    page: sql`array(select number from (${matches(sql`${offset} + ${limit}`)}) as paged
      order by number desc offset ${offset} limit ${limit})`,
  };
}

/**
 * A lone word's count and page in one statement. Where the list keeps its records' words and the word starts few of
 * them, from those (`keptWordsSql`). Else the names it matches looked up once (`WordSearch`), in a CTE both read
 * (they were looked up twice, for the count and for the page: 18 of a word's 55 ms at a million jobs). The count:
 * the records the names account for, from kept counts, and the others whose own columns match. The page
 * (`pageReadOfTotal` of that count, forwards or from the far end): up to `FEW_MATCHES` matches read whole and
 * sorted (each name's ids through the key's index); past that, a walk newest first (or oldest), each row's key
 * looked up in a hash of the ids, which stops after the page's rows (`pageNumbers`). The arms the total does not
 * choose have a limit of 0 and read nothing, and the names are not looked up when the kept words answer.
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
  const namedCount = cappedTotal(sql`((${keptNamed(tenantId)}) + ${others})`);
  const namedPage = sql`array((${arm(false, false)}) union all (${arm(false, true)})
      union all (${arm(true, false)}) union all (${arm(true, true)}))`;
  const range = list.word.kept && keptWordRange(term);
  if (!list.word.kept || !range) {
    return sql`with ${named},
      counted as materialized (select ${namedCount} as total)
      select ${total} as total, set_config(${PAGE_NUMBERS}, ${namedPage}::text, true)`;
  }
  const kept = keptWordsSql(list.word.kept, tenantId, range);
  return sql`with recursive ${kept.ctes}, ${named},
    counted as materialized (select case when ${kept.few} then ${kept.count} else ${namedCount} end as total)
    select ${total} as total, set_config(${PAGE_NUMBERS},
      (case when ${kept.few} then ${kept.page} else ${namedPage} end)::text, true)`;
}
