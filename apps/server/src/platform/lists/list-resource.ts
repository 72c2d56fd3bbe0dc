import type { SQL, SQLWrapper } from 'drizzle-orm';
import { type ApiError, validationFailed } from '../http/errors.ts';

/**
 * How one allow-listed field of a list may be searched with `field:value`.
 * Only fields named here reach SQL; anything else in `q` is a 400.
 */
export type ListField =
  /**
   * The field's words (docs/api.md, "How text is split into words"): `field:wil` finds a word starting with wil,
   * `field:"hot water"` those words in that order, `field:=Acme` the whole value. `words`: the column's words as
   * PostgreSQL keeps them (`searchWordsOf`), trigram-indexed; without it the column's words are made as it is read
   * (a short list).
   */
  | { kind: 'text'; column: SQLWrapper; words?: SQLWrapper }
  /**
   * Case-sensitive equality (ids, codes, statuses); `field:val*` is starts-with.
   * `uuid` and `values` let us turn a value the column cannot hold into a 400 instead of a database error.
   * A field of fixed `values` also takes each in any case, and by what the screens call it (`names`: `fixedValue`).
   */
  | {
      kind: 'exact';
      column: SQLWrapper;
      uuid?: true;
      values?: readonly string[];
      names?: Readonly<Record<string, string>>;
    }
  /**
   * Equality, comparisons (`price:>10`) and ranges (`price:[1 TO 5]`). `integer` for an `integer` column:
   * a value it cannot hold (1.5, 2147483648) is a 400, not a database error.
   */
  | { kind: 'number'; column: SQLWrapper; integer?: true }
  /** Comparisons on ISO dates or date-times; a bare date means that whole day. */
  | { kind: 'timestamp'; column: SQLWrapper }
  /** A condition the record meets or not (`overdue:true`, `overdue:false`), written by the list. */
  | { kind: 'flag'; when: SQL };

/**
 * A searched piece of text: `phrase` when the user quoted it (its words whole, in order; else the last word matches
 * the start of a word), `prefix` when they ended an unquoted value with `*` (a number's first digits).
 */
export interface TextTerm {
  text: string;
  prefix: boolean;
  phrase: boolean;
}

/** A bare word's own condition on a list, or undefined where the word cannot match (letters for a number). */
export type SearchMatch = (term: TextTerm) => SQL | undefined;

/** What `q` may touch on one list endpoint. */
export interface ListResource {
  /** Field names as users type them; they may contain dots (`customer.id`). */
  fields: Record<string, ListField>;
  /**
   * Where bare words and phrases are matched: columns, whose words are made as they are read (a short list), or a
   * `SearchMatch` that writes its own condition (`search-matches.ts`: `wordsIn`, a column of kept words).
   */
  searchable: (SQLWrapper | SearchMatch)[];
}

/** Every problem with `q` is reported the same way: a 400 with a field error on `q`. */
export const invalidQuery = (reason: string): ApiError =>
  validationFailed(`Invalid search query: ${reason}`, [{ field: 'q', message: reason }]);
