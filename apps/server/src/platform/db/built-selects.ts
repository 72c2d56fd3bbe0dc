import {
  Column,
  fillPlaceholders,
  getTableColumns,
  getTableName,
  is,
  type Query,
  SQL,
  type SQLWrapper,
  Subquery,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Statement, Tx } from './database.ts';
import type { ReadyStatement } from './statement-pipeline.ts';

/** What a prepared select of Drizzle's (either driver's) holds: its text, parameters and how rows map to fields. */
interface PreparedSelect {
  queryString: string;
  /** node-postgres's query configs (their type parsers). */
  queryConfig: { types: ReadyStatement['types'] };
  rawQueryConfig?: { types: ReadyStatement['types'] };
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}

/** A select of Drizzle's query builder, with its values as `sql.placeholder`s. */
export interface Buildable {
  prepare(name?: string): unknown;
}

/** A selected field as Drizzle orders them: where it goes in the record, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type RowMapper = (rows: unknown[][]) => unknown[];

/** The session's `prepareQuery` (PgSession's own method), which only pairs a built text with a connection. */
type PrepareQuery = (
  query: Query,
  fields: unknown,
  name: string | undefined,
  isResponseInArrayMode: boolean,
  customResultMapper?: RowMapper,
) => PreparedSelect;

/** An SQL's decoder (`mapWith`): internal to Drizzle's types. */
const sqlDecoder = (sql: unknown) => (sql as { decoder: Decoder }).decoder;

/** The decoder Drizzle's `mapResultRow` takes for a field: the column's, or its SQL's. */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return sqlDecoder(field);
  if (is(field, Subquery)) return sqlDecoder((field as unknown as { _: { sql: SQL } })._.sql);
  return sqlDecoder((field as { sql: SQL }).sql);
}

/** A record's fields as a tree of object literals, in the order Drizzle's mapping first sets each key. */
interface LiteralNode {
  children: Map<string, LiteralNode | number>;
}

/**
 * Maps rows (arrays, in the order of `fields`) to records exactly as Drizzle's `mapResultRow` does, with what it
 * works out again for every value of every row (each field's decoder, its path, its table) worked out once. The
 * mapping is one function written for these fields, each record one object literal (nested for nested paths), so
 * every record of a select has one shape. A left-joined table's object is null when its first column is null and
 * the join may be null (`joinsNotNullableMap`), as there: which objects may be is known from the fields.
 */
export function rowMapper(fields: SelectedField[], joinsNotNullableMap?: Record<string, boolean>): RowMapper {
  const decoders = fields.map(({ field }) => decoderOf(field));
  const root: LiteralNode = { children: new Map() };
  fields.forEach(({ path }, index) => {
    let node = root;
    for (const key of path.slice(0, -1)) {
      let child = node.children.get(key);
      if (typeof child !== 'object') {
        child = { children: new Map() };
        node.children.set(key, child);
      }
      node = child;
    }
    node.children.set(path[path.length - 1] as string, index);
  });
  const literal = (node: LiteralNode): string =>
    `{${[...node.children]
      .map(
        ([key, child]) =>
          `${JSON.stringify(key)}: ${typeof child === 'number' ? `v${child}` : literal(child)}`,
      )
      .join(', ')}}`;
  const values = fields
    .map(
      (_, index) =>
        `const v${index} = r[${index}] === null ? null : d[${index}].mapFromDriverValue(r[${index}]);`,
    )
    .join('\n');
  const nulled = nullableObjects(fields, joinsNotNullableMap)
    .map(({ object, first }) => `if (v${first} === null) record[${JSON.stringify(object)}] = null;`)
    .join('\n');
  const body = `return (rows) => rows.map((r) => {\n${values}\nconst record = ${literal(root)};\n${nulled}\nreturn record;\n});`;
  return new Function('d', body)(decoders) as RowMapper;
}

/**
 * The left-joined objects of a select that Drizzle's mapping makes null when their first column is null: a
 * top-level object whose columns (paths of two) are all of one table, one the join may not find
 * (`joinsNotNullableMap`). `first`: the index of that object's first such column.
 */
function nullableObjects(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): { object: string; first: number }[] {
  if (!joinsNotNullableMap) return [];
  const objects = new Map<string, { first: number; table: string | false }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length !== 2 || !is(field, Column)) return;
    const object = path[0] as string;
    const table = getTableName(field.table);
    const seen = objects.get(object);
    if (!seen) objects.set(object, { first: index, table });
    else if (seen.table !== table) seen.table = false;
  });
  return [...objects]
    .filter(([, { table }]) => table !== false && !joinsNotNullableMap[table])
    .map(([object, { first }]) => ({ object, first }));
}

/**
 * A select whose SQL text is built once per process instead of at every run, as Drizzle's query builder does:
 * for the wide selects of whole records (a job: its customer, site, territory, priority, technician and lines,
 * through joins) building it costs more than the rest of the request (docs/performance.md). The text never
 * changes, as every value is a `sql.placeholder` given at run time. `name`: a named statement, which each
 * connection also plans once (sent unnamed behind a pooler).
 *
 *   const jobById = builtOnce<JobRow>((tx) => selectJobs(tx).where(eq(visible.id, sql.placeholder('id'))));
 *   const rows = await jobById(tx, { id });
 */
export function builtOnce<Row>(build: (db: Db) => Buildable, name?: string) {
  let built:
    | { query: Query; fields: SelectedField[]; map: RowMapper; types: ReadyStatement['types'] }
    | undefined;
  const builtOn = (db: Db) => {
    if (!built) {
      const prepared = build(db).prepare(name) as PreparedSelect;
      const fields = prepared.fields as SelectedField[];
      built = {
        query: { sql: prepared.queryString, params: prepared.params },
        fields,
        map: rowMapper(fields, prepared.joinsNotNullableMap),
        // Drizzle's type parsers, which keep dates and times as text.
        types: prepared.queryConfig.types,
      };
    }
    return built;
  };
  const run = async (tx: Tx, values: Record<string, unknown>): Promise<Row[]> => {
    const { query, fields, map } = builtOn(tx);
    // The transaction's session: internal to Drizzle's types, but what every query of the transaction runs on.
    const { session } = tx as unknown as { session: { prepareQuery: PrepareQuery } };
    const prepared = session.prepareQuery(query, fields, name, true, map);
    return (await prepared.execute(values)) as Row[];
  };
  /** The statement with these values, to send as it is. */
  const ready = (db: Db, values: Record<string, unknown>): ReadyStatement<Row> => {
    const { query, map, types } = builtOn(db);
    return {
      text: query.sql,
      name,
      values: fillPlaceholders(query.params, values),
      types,
      map: map as (rows: unknown[][]) => Row[],
    };
  };
  /** The statement with these values, to run or send with others (`runTogether`, `readAsMember`). */
  const withValues = (values: Record<string, unknown>): Statement<Row> => ({
    run: (tx) => run(tx, values),
    ready: (db) => ready(db, values),
  });
  return Object.assign(run, { with: withValues });
}

/**
 * Selects built once for each key (`builtOnce`), unnamed, so each is planned for its values: a list's search, kept
 * per tenant, search and page size (its values may be written in, not placeholders: the key names them). At most
 * `limit` are kept, the least recently used dropped first. With a `prefix`, each is a named statement (`prefix_<n>`), for keys whose text names no
 * value (the whole list's pages, for any tenant): keep their number small, as a connection keeps each it prepared.
 */
export function builtPerKey(limit = 1000, prefix?: string) {
  const kept = new Map<string, BuiltOnce<unknown>>();
  let names = 0;
  return <Row>(key: string, build: (db: Db) => Buildable): BuiltOnce<Row> => {
    let built = kept.get(key);
    if (built) kept.delete(key);
    else built = builtOnce<unknown>(build, prefix === undefined ? undefined : `${prefix}_${++names}`);
    kept.set(key, built);
    if (kept.size > limit) kept.delete(kept.keys().next().value as string);
    return built as BuiltOnce<Row>;
  };
}

/** A select built once (`builtOnce`): run it in a transaction, or make a `Statement` of it with its values. */
export type BuiltOnce<Row> = ReturnType<typeof builtOnce<Row>>;

export type { Statement } from './database.ts';

/** The dialect of the transaction's database, which writes a statement's text: internal to Drizzle's types. */
type WithDialect = { dialect: { sqlToQuery(sql: SQL): Query } };

/** Drizzle's raw result of a statement without selected fields (rows as objects). */
export interface RawResult {
  rows: Record<string, unknown>[];
}

/**
 * Statements whose text depends on the shape of what they write (which columns a save sets, how many lines it
 * has) or of what they read (a list's search), built by Drizzle once per shape, not at every run
 * (docs/performance.md). `shape` must name everything the
 * text depends on; values are `sql.placeholder`s given at run time, or are part of the shape (a list's search
 * and its tenant). `named`: each shape is a named statement, planned once per connection (for a few shapes of
 * writes); else sent unnamed and planned with its values at each run (a list's search, whose best plan depends on
 * them). At most `limit` shapes are kept, the least recently used going first (a kept named statement is never
 * dropped: past the limit, new shapes are built at each run and sent unnamed).
 *
 *   const saves = builtByShape('job_save');
 *   await saves(tx, `${keys}|${lines}`, () => sql`…${sql.placeholder('id')}…`, { id });
 */
export function builtByShape(prefix: string, { limit = 200, named = true } = {}) {
  const built = new Map<string, { query: Query; name: string | undefined }>();
  let names = 0;
  const entryOf = (tx: Db, shape: string, build: () => SQLWrapper) => {
    let entry = built.get(shape);
    if (entry && !named) {
      // Most recently used last: the first key is the one to drop.
      built.delete(shape);
      built.set(shape, entry);
    }
    if (!entry) {
      const query = (tx as unknown as WithDialect).dialect.sqlToQuery(build().getSQL());
      const kept = !named || built.size < limit;
      entry = { query, name: named && kept ? `${prefix}_${++names}` : undefined };
      if (kept) built.set(shape, entry);
      if (built.size > limit) built.delete(built.keys().next().value as string);
    }
    return entry;
  };
  const prepare = (tx: Db, { query, name }: { query: Query; name: string | undefined }) => {
    const { session } = tx as unknown as { session: { prepareQuery: PrepareQuery } };
    return session.prepareQuery(query, undefined, name, false);
  };
  const run = async (
    tx: Tx,
    shape: string,
    build: () => SQLWrapper,
    values: Record<string, unknown> = {},
  ): Promise<RawResult> =>
    (await prepare(tx, entryOf(tx, shape, build)).execute(values)) as unknown as RawResult;
  /** The statement of this shape with these values, to run or send with others (`runTogether`). */
  const statement = (
    tx: Db,
    shape: string,
    build: () => SQLWrapper,
    values: Record<string, unknown> = {},
  ): Statement<Record<string, unknown>> => ({
    run: async (on) => (await run(on, shape, build, values)).rows,
    ready: (db) => {
      const entry = entryOf(tx, shape, build);
      const types = prepare(db, entry).rawQueryConfig?.types;
      if (!types) throw new Error('A ready statement is for node-postgres only');
      return {
        text: entry.query.sql,
        name: entry.name,
        values: fillPlaceholders(entry.query.params, values),
        types,
        map: (rows, columns) =>
          rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, row[index]]))),
      };
    },
  });
  return Object.assign(run, { statement });
}

/**
 * The values of a row a statement built by shape writes (`builtByShape`): each set value becomes a placeholder
 * named `prefix_key`, and goes into `into` as its column writes it (a timestamp's `Date` as text). Drizzle's own
 * encoding of a placeholder bound to a column fails on null, so the placeholders are left unbound. `shape` is
 * which keys are set (Drizzle leaves an undefined value out of a write): the text depends on it.
 */
export function placeholdersOf(
  table: PgTable,
  prefix: string,
  values: object,
  into: Record<string, unknown>,
): { shape: string; row: Record<string, SQL> } {
  const columns = getTableColumns(table);
  const keys: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    into[`${prefix}_${key}`] = value === null ? null : column.mapToDriverValue(value);
    keys.push(key);
  }
  return {
    shape: keys.join(),
    // Only the text's first build needs the placeholders' SQL, so it is made then.
    get row() {
      return Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(`${prefix}_${key}`)}`]));
    },
  };
}
