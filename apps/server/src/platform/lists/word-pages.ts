import { searchWords } from '@fieldbook/domain';
import { and, asc, desc, eq, getTableName, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { getViewConfig } from 'drizzle-orm/pg-core';
import { builtByShape, type Statement } from '../db/built-selects.ts';
import type { Db } from '../db/database.ts';
import type { TextTerm } from './field-values.ts';
import type { LiqeAst } from './list-query.ts';
import {
  FEW_MATCHES,
  type KeptWordPairs,
  type KeptWords,
  type NumberedList,
  PAGE_NUMBERS,
  pageRecordsOf,
} from './numbered-lists.ts';
import type { NumberedRead } from './numbered-pages.ts';
import { asLimit, COUNTED_UP_TO, cappedTotal, type ListRequest, pageReadOfTotal } from './paged-list.ts';
import { bareWords, loneWord } from './query-shapes.ts';
import { idsNamed } from './search-matches.ts';

// A lone word on a numbered list (docs/server.md, "Fast lists"): its count and page in one statement, from the
// list's kept words where it keeps them and the word starts few of them, else with the names it matches looked up
// once.

/** Lone words' counts and page numbers, kept per list, tenant and word (unnamed: planned for the word). */
const wordPages = builtByShape('word_page', { limit: 1000, named: false });

/**
 * Lone words' counts and page numbers from the kept words, one statement per list (named: one plan, from the
 * indexes alone, suits every word; planning the names' way with it took 4 of its 6 ms).
 */
const keptWordPages = builtByShape('kept_word_page');

/**
 * Any page of a lone word (`loneWord`) as two statements, sent together: its count and the page's numbers, which
 * it leaves in `PAGE_NUMBERS`, then the records of those numbers (`pageRecordsOf`). From the kept words where the
 * list keeps them (`keptWordRange`); when the word starts too many of them, their count is null and the names'
 * way is sent instead (`instead`).
 */
export function wordPage<T>(
  db: Db,
  list: NumberedList<T>,
  tenantId: string,
  { q, page }: ListRequest,
  term: TextTerm,
): NumberedRead {
  const named = {
    count: wordPages.statement(
      db,
      `${viewOf(list)}|${tenantId}|${q}`,
      () => wordPageSql(db, list, tenantId, term),
      {
        offset: page.offset,
        limit: page.limit,
        sortedUpTo: list.word.sortedUpTo ?? FEW_MATCHES,
      },
    ),
    records: pageRecordsOf(list).with({ tenantId }),
  };
  const kept = keptWordsPage(db, list, tenantId, page, [term]);
  return kept ? { ...kept, instead: [named.count, named.records] } : named;
}

const viewOf = <T>(list: NumberedList<T>) => getViewConfig(list.numbered.view).name;

/**
 * Bare words together (`thompson physio`: each must match), with one `status` or without, from the list's kept
 * words, as `wordPage` reads one: undefined when the list keeps none or a word is not one they answer
 * (`keptWordRange`). Its count is null when a word starts too many kept words; the page is then read the way any
 * search's is.
 */
export function keptWordsPage<T>(
  db: Db,
  list: NumberedList<T>,
  tenantId: string,
  page: ListRequest['page'],
  terms: TextTerm[],
  status?: string,
): NumberedRead | undefined {
  const { kept, pairs } = list.word;
  const count =
    kept && keptWordsRead(db, { kept, pairs, name: viewOf(list) }, tenantId, page, terms, { status });
  return count && { count, records: pageRecordsOf(list).with({ tenantId }) };
}

/**
 * The count and page numbers of a sorted list's search when `q` is one to four bare words and nothing else, from
 * its kept words as a numbered list's are (`keptWordsPage`), oldest number first (the list's one key,
 * `SortedList.words`), leaving the numbers in `PAGE_NUMBERS` for the page's records (`sortedPageRecordsOf`).
 * Undefined for any other search or a word the kept words do not answer (`keptWordRange`); its total is null when a
 * word starts too many kept words, and the page is then read the list's way.
 */
export function keptWordsSortedPage(
  db: Db,
  kept: KeptWords,
  name: string,
  tenantId: string,
  page: ListRequest['page'],
  ast: LiqeAst | null,
): Statement | undefined {
  const word = loneWord(ast);
  const terms = word ? [word] : bareWords(ast);
  return terms && keptWordsRead(db, { kept, name }, tenantId, page, terms, { order: 'oldest' });
}

/**
 * The statement of `keptWordsSql` for these terms, named per list (`name`), number of terms, status or none, and
 * order (`newest` number first, as the numbered lists are read, or `oldest`).
 */
function keptWordsRead(
  db: Db,
  { kept, pairs, name }: { kept: KeptWords; pairs?: KeptWordPairs | undefined; name: string },
  tenantId: string,
  page: Pick<ListRequest['page'], 'offset' | 'limit'>,
  terms: TextTerm[],
  { status, order = 'newest' }: { status?: string | undefined; order?: Order } = {},
): Statement | undefined {
  const ranges = terms.map(keptWordRange);
  if (ranges.some((range) => range === undefined)) return undefined;
  const bounds = Object.fromEntries(
    ranges.flatMap((range, index) => [
      [`from${index}`, range?.from],
      [`to${index}`, range?.to],
    ]),
  );
  return keptWordPages.statement(
    db,
    `${name}|${terms.length}|${status === undefined ? '' : 'status'}|${order}`,
    () => keptWordsSql(kept, terms.length, status !== undefined, order, pairs),
    {
      tenantId,
      ...(status !== undefined && { status }),
      ...bounds,
      offset: page.offset,
      limit: page.limit,
    },
  );
}

/** Which numbers a page of kept words starts from: the newest (jobs, invoices) or the oldest (customers). */
type Order = 'newest' | 'oldest';

/** Up to how many kept words a bare word may start for its matches to be read from them (`keptWordsSql`). */
export const KEPT_WORDS_UP_TO = 32;

/**
 * The kept words a bare word matches, as a range of the key: the words it starts (`wil`, `wil*`), or itself (a
 * quoted word). Undefined when the kept words cannot answer it: a term of several words (`cu-15`, a phrase of two),
 * a `*` within, or digits alone, which also find the record's own number (`wholeNumber`).
 */
export function keptWordRange(term: TextTerm): { from: string; to: string } | undefined {
  const text = term.text.endsWith('*') ? term.text.slice(0, -1) : term.text;
  const [word, more] = text.includes('*') ? [] : searchWords(text);
  if (word === undefined || more !== undefined || /^\d+$/.test(word)) return undefined;
  // Byte by byte (`COLLATE "C"`), the words that start with `word` sort from it to below it and the last code point.
  return { from: word, to: `${word}${term.phrase ? '\u0001' : '\u{10ffff}'}` };
}

/**
 * The count and page of `terms` bare words from the kept words (`KeptWords`). Each word's kept words (from `from{i}`
 * to `to{i}`) found one by one along the index (a skip scan), up to one more than `KEPT_WORDS_UP_TO`. One word: for
 * each of its kept words, the newest numbers (or the oldest, `order`) from the index alone, up to the page's end to
 * read it, and to count (`cappedTotal`): past 1,000 as soon as one kept word has more, else each number once. Two,
 * where the list keeps `pairs` and no status is asked: the numbers of the pairs they make (`pairMatches`). Else
 * several: the numbers every word has, from the index alone (each word's every number: 25,000 and 34,000 for a
 * first and a last name at a million jobs, 17 ms), intersected as arrays (intarray's `&`). A null count when a word
 * starts more kept words than that (none are then read). `status`: only the words of records in the status
 * `status` names, from the index by tenant, status and word.
 */
function keptWordsSql(table: KeptWords, terms: number, status: boolean, order: Order, pairs?: KeptWordPairs) {
  const { word, number } = table;
  // The tenant's words, or those of its records in one status: the first columns of the key or of the status index.
  if (status && !('status' in table)) throw new Error(`${getTableName(table)} keeps no status`);
  const tenant =
    status && 'status' in table
      ? sql`${table.tenantId} = ${sql.placeholder('tenantId')}::uuid and ${table.status} = ${sql.placeholder('status')}::text`
      : sql`${table.tenantId} = ${sql.placeholder('tenantId')}::uuid`;
  const each = Array.from({ length: terms }, (_, index) => {
    const to = sql`${sql.placeholder(`to${index}`)}::text`;
    const next = (after: SQL) =>
      sql`(select ${word} from ${table} where ${tenant} and ${after} and ${word} < ${to}
        order by ${word} limit 1)`;
    const started = sql.identifier(`started${index}`);
    const words = sql.identifier(`kept_words${index}`);
    return {
      words,
      ctes: sql`${started}(word) as (${next(sql`${word} >= ${sql.placeholder(`from${index}`)}::text`)}
          union all select ${next(sql`${word} > ${started}.word`)} from ${started} where ${started}.word is not null),
        ${words} as materialized (select word from ${started} where word is not null
          limit ${sql.raw(String(KEPT_WORDS_UP_TO + 1))})`,
      few: sql`(select count(*) from ${words}) <= ${sql.raw(String(KEPT_WORDS_UP_TO))}`,
      // Each kept word's numbers through the index, for each word (`offset 0` keeps the lateral a loop: joined,
      // the generic plan read the tenant's every word and hashed them, 860 ms on PGlite at a tenth).
      numbers: sql`select matched.number from ${words}, lateral (select ${number} as number from ${table}
        where ${tenant} and ${word} = ${words}.word offset 0) as matched`,
    };
  });
  const offset = sql`${sql.placeholder('offset')}::int`;
  const limit = sql`${sql.placeholder('limit')}::int`;
  const few = sql`(select few from kept)`;
  const [first] = each as [(typeof each)[number]];
  const direction = sql.raw(order === 'newest' ? 'desc' : 'asc');
  const newest = (upTo: SQL) => sql`select distinct matched.number from ${first.words}, lateral (
      select ${number} as number from ${table} where ${tenant} and ${word} = ${first.words}.word
      order by ${number} ${direction} limit ${upTo}) as matched`;
  // Past the cap as soon as one kept word has more numbers than it: its 1,001st, from the index alone.
  const past = sql`exists (select 1 from ${first.words}, lateral (select 1 from ${table}
      where ${tenant} and ${word} = ${first.words}.word
      order by ${number} desc offset ${sql.raw(String(COUNTED_UP_TO))} limit 1) as beyond)`;
  const matches =
    terms === 2 && !status && pairs
      ? pairMatches(table, pairs, each as [(typeof each)[number], (typeof each)[number]])
      : terms === 1
        ? {
            ctes: sql``,
            count: sql`case when ${past} then ${sql.raw(String(COUNTED_UP_TO + 1))}
            else (select count(*) from (${newest(sql.raw(String(COUNTED_UP_TO + 1)))}) as counted_words) end`,
            page: sql`select number from (${newest(sql`${offset} + ${limit}`)}) as paged`,
          }
        : {
            // Each word's numbers as an array, intersected by intarray's `&` (migration 0050), sorted in C, each
            // number once: about half the time of INTERSECT, which hashes every row of both.
            ctes: sql`, every_word as materialized (select unnest(${sql.join(
              each.map(({ numbers }) => sql`array(${numbers})`),
              sql` & `,
            )}) as number)`,
            count: sql`(select count(*) from every_word)`,
            page: sql`select number from every_word`,
          };
  return sql`with recursive ${sql.join(
    each.map(({ ctes }) => ctes),
    sql`, `,
  )},
    kept as materialized (select ${sql.join(
      each.map(({ few }) => few),
      sql` and `,
    )} as few)${matches.ctes}
    select case when ${few} then ${cappedTotal(matches.count)} end as total,
      set_config(${PAGE_NUMBERS}, (case when ${few}
        then array(${matches.page} order by number ${direction} offset ${offset} limit ${limit}) else '{}' end)::text,
        true)`;
}

/**
 * Two bare words' matches from the kept pairs (`keptWordPairs`): each pair the two words' kept words make (a kept
 * word of each, in byte order), its numbers through the pairs' key, or a word's own numbers where both words start
 * the same kept word. Every match is read (a first and a last name: tens, where each word alone has thousands).
 */
function pairMatches(
  table: KeptWords,
  pairs: KeptWordPairs,
  [one, two]: [{ words: SQLWrapper }, { words: SQLWrapper }],
): { ctes: SQL; count: SQL; page: SQL } {
  const tenant = (of: KeptWords | KeptWordPairs) =>
    sql`${of.tenantId} = ${sql.placeholder('tenantId')}::uuid`;
  const first = sql`${one.words}.word collate "C"`;
  const second = sql`${two.words}.word collate "C"`;
  return {
    ctes: sql`, word_pairs as materialized (select distinct least(${first}, ${second}) as word,
        greatest(${first}, ${second}) as other from ${one.words}, ${two.words}),
      every_word as materialized (
        select matched.number from word_pairs, lateral (select ${pairs.number} as number from ${pairs}
          where ${tenant(pairs)} and ${pairs.word} = word_pairs.word and ${pairs.other} = word_pairs.other
            and word_pairs.word < word_pairs.other offset 0) as matched
        union
        select matched.number from word_pairs, lateral (select ${table.number} as number from ${table}
          where ${tenant(table)} and ${table.word} = word_pairs.word and word_pairs.word = word_pairs.other
          offset 0) as matched)`,
    count: sql`(select count(*) from every_word)`,
    page: sql`select number from every_word`,
  };
}

/**
 * A lone word's count and page in one statement, the names it matches looked up once (`WordSearch`), in a CTE both
 * read (they were looked up twice, for the count and for the page: 18 of a word's 55 ms at a million jobs). The count:
 * the records the names account for, from kept counts, and the others whose own columns match. The page
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
