import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { TextTerm } from './field-values.ts';
import type { SearchMatch } from './list-resource.ts';
import { matchWords } from './query-to-sql.ts';

// Bare-word matches that a plain "contains" on a column would make slow on a big table (docs/server.md, "Fast
// lists"). Each gives a condition that one b-tree index serves, so a list can OR them into one bitmap scan.

/** The largest integer column value (PostgreSQL `integer`). */
const INTEGER_MAX = 2_147_483_647;

/**
 * A record's number, as the list shows it: a word of digits finds that number (`1042`), and `104*` the numbers
 * that start with those digits (104, 1040 to 1049, 10400 to 10499, …) as index ranges. Other words match nothing
 * here. Containment (`04` finding 1042) is not offered: on a million numbers every short run of digits is in
 * thousands of them, which no index serves, and people look a job up by its number, not by part of it.
 */
export const wholeNumber =
  (column: SQLWrapper): SearchMatch =>
  ({ text, prefix }) => {
    if (!/^\d{1,10}$/.test(text)) return undefined;
    const value = Number(text);
    if (value > INTEGER_MAX || (prefix && text.startsWith('0'))) return undefined;
    if (!prefix) return sql`${column} = ${value}`;
    const ranges: SQL[] = [sql`${column} = ${value}`];
    for (let scale = 10; value * scale <= INTEGER_MAX; scale *= 10) {
      ranges.push(
        sql`${column} between ${value * scale} and ${Math.min(INTEGER_MAX, (value + 1) * scale - 1)}`,
      );
    }
    return sql`(${sql.join(ranges, sql` or `)})`;
  };

/** Bare words on a column of kept search words (`searchWordsOf`), through its trigram index. */
export const wordsIn =
  (words: SQLWrapper): SearchMatch =>
  (term) =>
    matchWords(words, term);

/** A table whose names a list's bare words also search (a job's customers): `words`, its name's kept words. */
export interface Named {
  table: SQLWrapper;
  id: SQLWrapper;
  words: SQLWrapper;
}

/**
 * The ids of the records of `named` whose name the word matches (and `also`, if given), as an array, found through
 * its trigram index.
 */
export const idsNamed = (named: Named, term: TextTerm, also?: SQL): SQL =>
  sql`array(select ${named.id} from ${named.table} where ${matchWords(named.words, term)}${also ? sql` and ${also}` : sql``})`;

/**
 * A word in the name of the record a foreign key points at (a job's customer): the key is one of the ids whose
 * name matches, found first through the named table's own trigram index, and the list's rows through the index
 * on the key (`= any(array)`), so neither table is read whole and the list needs no join to count. The same ids
 * as a set (`in`, hashed) come first: where another term chose the rows (a second word, a status), each row's key
 * is looked up in the hash, and only a match is checked against the array, which PostgreSQL reads element by
 * element (two words on a million jobs: 1.3 s of a row's key against thousands of ids; 0.12 s with the hash).
 */
export const nameOf =
  (key: SQLWrapper, named: Named): SearchMatch =>
  (term) =>
    sql`(${key} in (select ${named.id} from ${named.table} where ${matchWords(named.words, term)}) and ${key} = any(${idsNamed(named, term)}))`;

/**
 * `nameOf` for a walk through a list newest first (a word that matches thousands of records: `pageNumbers`):
 * `key in (select id …)`, which PostgreSQL runs once into a hash and looks each row's key up in, so the walk
 * stops after the page's rows. With `nameOf`'s array it reads every match through the key's index and sorts them
 * (54 ms for the 24,556 jobs of "estate" at 1,000,000; the walk reads about 500 jobs).
 */
export const nameIn =
  (key: SQLWrapper, named: Named): SearchMatch =>
  (term) =>
    sql`${key} in (select ${named.id} from ${named.table} where ${matchWords(named.words, term)})`;
