import { getTableColumns, SQL, sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  type ExtraConfigColumn,
  foreignKey,
  index,
  integer,
  type PgColumn,
  type PgTable,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenant-table.ts';

export { created, recordTimes, updated } from './timestamps.ts';

/** Bytes (a logo, an attachment), as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** The owning tenant: the first column of every tenant table's primary key and of its foreign keys. */
export const tenantId = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/**
 * A foreign key within the tenant (`name`): `column` of `t` names a row of `to` by its id, `tenant_id` first in
 * both, as in every key.
 */
export const tenantForeignKey = (
  name: string,
  t: { tenantId: PgColumn },
  column: PgColumn,
  to: { tenantId: PgColumn; id: PgColumn },
) => foreignKey({ name, columns: [t.tenantId, column], foreignColumns: [to.tenantId, to.id] });

/**
 * The search words of a text column (`search_words`, migration 0028: folded, one space between words and around
 * them), which PostgreSQL writes with the row on every insert and update. Lists match bare words and text fields
 * on them (`matchWords`, `platform/lists/query-to-sql.ts`), through a `trigram` index.
 */
export const searchWordsOf = (name: string, source: string) =>
  text(name).generatedAlwaysAs(sql.raw(`search_words(${source})`));

/** The keys of the search words' columns (`searchWordsOf`): each is named for its source, `nameWords`. */
type WordsKey = `${string}Words`;

/** A record's row without its search words. */
export type WithoutWords<Row> = Omit<Row, WordsKey>;

/**
 * Columns (a table's or a view's) without the search words (`searchWordsOf`): what a read or a write's RETURNING
 * of whole records selects. The words are for matching, never answered: a customer's four doubled the bytes of
 * its row from PostgreSQL and cost the customers' list 10 % of its throughput.
 */
export function withoutWords<Columns extends Record<string, unknown>>(
  columns: Columns,
): WithoutWords<Columns> {
  return Object.fromEntries(
    Object.entries(columns).filter(([key]) => !key.endsWith('Words')),
  ) as WithoutWords<Columns>;
}

/** Each table's `storedColumns`, made once. */
const storedOf = new WeakMap<PgTable, Record<string, PgColumn>>();

/** A table's columns without its search words (`withoutWords`): what reads and writes of whole rows select. */
export function storedColumns<Table extends PgTable>(table: Table): WithoutWords<Table['_']['columns']> {
  let columns = storedOf.get(table);
  if (!columns) {
    columns = withoutWords(getTableColumns(table) as Record<string, PgColumn>);
    storedOf.set(table, columns);
  }
  return columns as WithoutWords<Table['_']['columns']>;
}

/**
 * A trigram index, so `ilike '%word%'` and `~* '\\mword'` searches stay fast on large tenants. Without
 * fastupdate: new entries go straight into the index instead of a pending list that every search must read
 * until a vacuum merges it, and PGlite runs no autovacuum. Inserts cost a little more; searches stay fast.
 */
export const trigram = (name: string, column: ExtraConfigColumn | SQL) =>
  index(name)
    .using('gin', column instanceof SQL ? sql`${column} gin_trgm_ops` : column.op('gin_trgm_ops'))
    .with({ fastupdate: false });

/**
 * How many records a tenant has in each status, kept by statement triggers on their table, so the whole list and a
 * status's list are counted without reading every index entry. Read-only to the application.
 */
export const statusCounts = (name: string) =>
  pgTable(
    name,
    {
      tenantId: tenantId(),
      status: text('status').notNull(),
      count: bigint('count', { mode: 'number' }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.tenantId, t.status] })],
  );

/**
 * Each record's words, one row a word, keyed by tenant, word and number, with the record's status (`job_words`,
 * `invoice_words`: migrations 0043 to 0045), written only by triggers in the writing transaction: bare words, alone
 * or with one status, are counted and paged from an index alone (`keptWordsSql`). The migrations declare `word`
 * `COLLATE "C"` (byte by byte, which Drizzle cannot express), so the words a prefix starts are one range of the key,
 * and of the status index after its status. Read-only to the application.
 */
export const keptWords = (name: string) =>
  pgTable(name, { ...keptWordColumns(), status: text('status').notNull() }, (t) => [
    ...keptWordIndexes(name, t),
    index(`${name}_status_idx`).on(t.tenantId, t.status, t.word, t.number),
  ]);

/** Kept words (`keptWords`) of records that have no status (`customer_words`, migration 0046). */
export const keptWordsWithoutStatus = (name: string) =>
  pgTable(name, keptWordColumns(), (t) => keptWordIndexes(name, t));

/**
 * Each record's pairs of distinct words, the first before the second byte by byte, one row a pair (`job_word_pairs`,
 * migration 0049), written with its words (`keptWords`) by the same triggers: two bare words together are counted
 * and paged from the pairs they make, not from every number of each (`keptWordsSql`). The migration declares both
 * words `COLLATE "C"`. Read-only to the application.
 */
export const keptWordPairs = (name: string) =>
  pgTable(
    name,
    {
      tenantId: tenantId(),
      word: text('word').notNull(),
      other: text('other').notNull(),
      number: integer('number').notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.tenantId, t.word, t.other, t.number] }),
      index(`${name}_number_idx`).on(t.tenantId, t.number),
    ],
  );

const keptWordColumns = () => ({
  tenantId: tenantId(),
  word: text('word').notNull(),
  number: integer('number').notNull(),
});

const keptWordIndexes = (
  name: string,
  t: { tenantId: ExtraConfigColumn; word: ExtraConfigColumn; number: ExtraConfigColumn },
) => [
  primaryKey({ columns: [t.tenantId, t.word, t.number] }),
  index(`${name}_number_idx`).on(t.tenantId, t.number),
];

/**
 * How many numbers one block of `numberBlockCounts` spans. The migrations' triggers (0019) write the same
 * `number / 8192`: change both or neither.
 */
export const NUMBER_BLOCK = 8192;

/**
 * The status of `numberBlockCounts`' rows that count every status of a block together, which a later page of the
 * whole list reads. The migration's triggers (0025) write the same `'*'`.
 */
export const ALL_STATUSES = '*';

/**
 * How many records a tenant has in each status in each block of `NUMBER_BLOCK` numbers (`number / NUMBER_BLOCK`),
 * and in all of them (`ALL_STATUSES`), kept by statement triggers as the per-status counts are: a deep page of the whole list or of a status finds the
 * block it starts in from these few rows, and skips at most a block's index entries (docs/server.md, "Fast lists").
 * Read-only to the application.
 */
export const numberBlockCounts = (name: string) =>
  pgTable(
    name,
    {
      tenantId: tenantId(),
      status: text('status').notNull(),
      block: integer('block').notNull(),
      count: bigint('count', { mode: 'number' }).notNull(),
    },
    (t) => [primaryKey({ columns: [t.tenantId, t.status, t.block] })],
  );

/** `('A', 'B')`: the domain's own list of codes, written into a check constraint. */
export const oneOf = (codes: readonly string[]) =>
  sql.raw(`(${codes.map((code) => `'${code}'`).join(', ')})`);
