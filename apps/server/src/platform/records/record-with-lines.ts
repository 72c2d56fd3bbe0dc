import { isUuid } from '@fieldbook/domain';
import { and, eq, getTableColumns, getTableName, gte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from 'uuidv7';
import { builtByShape, placeholdersOf, type Statement } from '../db/built-selects.ts';
import { runTogether, type Tx } from '../db/database.ts';
import { SQLSTATE } from '../db/postgres-errors.ts';
import { notFound, staleSave } from '../http/errors.ts';
import type { Lines, LinesTable, NumberedTable, RecordWithLines } from './lines.ts';
import { nextUpdated, ownColumns, type RecordTable, type RecordVersion, refusedAs } from './record-rows.ts';
import { allocateNumber, numberedInsert } from './tenant-counters.ts';

// What every record with lines (a job, an invoice) is written with: a create, a save over the version read and an
// import, each writing the record, its kept lines and its lines' rows together.

/** A record with lines as a command writes it: its own columns (but its tenant, id and number) and its lines. */
export type RecordWrite<T extends NumberedTable> = { values: Partial<T['$inferInsert']>; lines: Lines };

/** The record's own columns with the lines it keeps (`kept`), and its lines' rows. */
const rowsOf = <T extends NumberedTable, L extends LinesTable>(
  of: RecordWithLines<T, L>,
  tenantId: string,
  id: string,
  { values, lines }: RecordWrite<T>,
) => ({
  values: { ...values, [of.kept]: lines.kept },
  lines: lines.rows.map((row) => ({ tenantId, [of.record]: id, ...row })),
});

/** How a create is sent: by `together`, with `after`; and the columns it returns of the new row. */
type CreateSent = { returned?: Record<string, PgColumn>; together?: typeof runTogether; after?: Statement };

/**
 * Creates a record with its lines: the tenant's next number for it and the inserts in one statement
 * (`numberedInsert`), sent by `together` with `after` (the create's stored answer, `AnswerStore`). Creates in one
 * organisation queue for its counter until each commits, so `commitTogether` holds it for that round trip only. A
 * failed foreign key to a record it names is the field error its check gives (`referencesGone`). Gives the new
 * row: its id, its number and the `returned` columns, by their keys, as the driver gives them.
 */
export async function createWithLines<T extends NumberedTable, L extends LinesTable>(
  tx: Tx,
  of: RecordWithLines<T, L>,
  tenantId: string,
  id: string,
  record: RecordWrite<T>,
  { returned = {}, together = runTogether, after }: CreateSent = {},
): Promise<{ id: string; number: number } & Record<string, unknown>> {
  const { values, lines } = rowsOf(of, tenantId, id, record);
  const insert = numberedInsert(
    tx,
    tenantId,
    of.counter,
    { table: of.table, values: { tenantId, id, ...values } },
    { table: of.lines, rows: lines },
    returned,
  );
  const [inserted = []] = await of.referencesGone(() => together(tx, after ? [insert, after] : [insert]));
  const [row] = inserted as ({ number: number } & Record<string, unknown>)[];
  if (!row) throw new Error(`The new ${of.noun} was given no number`);
  return { ...row, id };
}

/**
 * Saves the record and its lines over the version the client read (`saveWithLines`), sent by `together`, and gives
 * its own columns as saved (`ownColumns`, as the driver gives them), so that the save answers without reading its
 * record back: 404 or 409 when nothing was saved. Its reads and checks come first (`versionReads`,
 * `currentVersion`).
 */
export function saveRecord<T extends NumberedTable, L extends LinesTable>(
  tx: Tx,
  of: RecordWithLines<T, L>,
  version: RecordVersion,
  record: RecordWrite<T>,
  together = runTogether,
): Promise<Record<string, unknown>> {
  const { values, lines } = rowsOf(of, version.tenantId, version.id, record);
  const written = saveWithLines(tx, of, version, values, lines, ownColumns(of.table));
  return written.withReturned(together, of.referencesGone);
}

const saves = builtByShape('save_with_lines');

/** The lines' column that names their record (`job_id`). */
const recordColumn = <T extends NumberedTable, L extends LinesTable>(of: RecordWithLines<T, L>) =>
  getTableColumns(of.lines)[of.record] as PgColumn;

/**
 * `saveVersion` of a record with lines, and its lines replaced, in one statement: the lines at the new positions
 * are written over (an upsert on their key) and those past them deleted, so the two never touch the same row. The
 * lines are written only when the record was saved: a save of a stale version (or of a record deleted since)
 * writes nothing, so it can go with the COMMIT (`commitTogether`). Its one row says whether the record was `saved`
 * and is still there (`found`, read only when it was not saved), and gives the saved row's `id` and `returned`
 * columns (by their keys; null when nothing was saved), so that a save can answer without reading its record
 * back. `guard` runs the statement (alone or with others), a record deleted since it was read being 404; `check`,
 * given its rows, is the 404 or 409 (as `saveVersion`) when nothing was saved; `withReturned` sends it by
 * `together` within `around` (a foreign key's error as a field's), checks it and gives the `returned` columns.
 */
export function saveWithLines<T extends NumberedTable, L extends LinesTable>(
  tx: Tx,
  of: RecordWithLines<T, L>,
  version: RecordVersion,
  values: Partial<T['$inferInsert']>,
  lines: readonly object[],
  returned: Record<string, PgColumn> = {},
) {
  const { table, noun } = of;
  const { tenantId, id, updated } = version;
  if (!isUuid(id)) throw notFound(noun);
  const placeholders: Record<string, unknown> = { tenantId, id, updated: new Date(updated).toISOString() };
  const set = placeholdersOf(table, 'v', values, placeholders);
  const rows = lines.map((line, index) => placeholdersOf(of.lines, `l${index}`, line, placeholders));
  const returning = Object.entries(returned);
  const shape = [
    `${getTableName(table)}:${set.shape}`,
    ...rows.map((row) => row.shape),
    returning.map(([key, column]) => `${key}=${column.name}`).join(),
  ].join('|');
  const build = () => {
    const saved = tx
      .update(table as RecordTable)
      .set({ ...set.row, updated: nextUpdated(table.updated) })
      .where(
        and(
          eq(table.tenantId, sql.placeholder('tenantId')),
          eq(table.id, sql.placeholder('id')),
          sql`${table.updated} = ${sql.placeholder('updated')}::timestamptz`,
        ),
      )
      .returning({
        id: table.id,
        ...Object.fromEntries(returning.map(([key, column]) => [key, sql`${column}`.as(key)])),
      });
    const wasSaved = sql`exists (select 1 from saved)`;
    const removed = tx
      .delete(of.lines)
      .where(
        and(
          eq(of.lines.tenantId, sql.placeholder('tenantId')),
          eq(recordColumn(of), sql.placeholder('id')),
          gte(of.lines.position, rows.length),
          wasSaved,
        ),
      );
    const steps = [sql`saved as (${saved.getSQL()})`, sql`removed as (${removed.getSQL()})`];
    if (rows.length > 0) steps.push(sql`written as (${linesWritten(of, rows, wasSaved)})`);
    // One row, saved or not; whether the record is there is read only when it was not saved.
    const present = sql`exists (select 1 from ${table} where ${and(
      eq(table.tenantId, sql.placeholder('tenantId')),
      eq(table.id, sql.placeholder('id')),
    )})`;
    const columns = returning.map(([key]) => sql`, saved.${sql.identifier(key)}`);
    return sql`with ${sql.join(steps, sql`, `)}
      select saved.id is not null as saved, (saved.id is not null or ${present}) as found, saved.id${sql.join(columns)}
      from (values (1)) as one left join saved on true`;
  };
  const statement = saves.statement(tx, shape, build, placeholders);
  // Deleted since it was read: its new lines name no record.
  const guard = refusedAs([SQLSTATE.foreignKeyViolation], () => notFound(noun), of.foreignKey);
  const check = (rows: unknown[]): void => {
    const [row] = rows as { saved?: boolean; found?: boolean }[];
    if (row?.saved) return;
    if (!row?.found) throw notFound(noun);
    throw staleSave(noun);
  };
  return {
    statement,
    guard,
    check,
    withReturned: async (
      together: (tx: Tx, statements: Statement[]) => Promise<unknown[][]>,
      around: <R>(write: () => Promise<R>) => Promise<R> = (write) => write(),
    ) => {
      const [saved = []] = await around(() => guard(() => together(tx, [statement])));
      check(saved);
      return saved[0] as Record<string, unknown>;
    },
  };
}

/**
 * The lines' upsert, when `condition` holds: an `insert … select` of the rows' values, each cast to its column's
 * type (in a `values` list PostgreSQL would take an untyped parameter for text), a value a row does not set being
 * null (line tables have no defaults). Lines at positions already there are written over.
 */
function linesWritten<T extends NumberedTable, L extends LinesTable>(
  of: RecordWithLines<T, L>,
  rows: { row: Record<string, SQL> }[],
  condition: SQL,
): SQL {
  const table: LinesTable = of.lines;
  const columns = getTableColumns(table);
  const names = Object.keys(columns).filter((name) => rows.some(({ row }) => name in row));
  const typed = (name: string, value: SQL | undefined) => {
    const column = columns[name] as PgColumn;
    if (value === undefined && column.hasDefault) throw new Error(`${column.name} has a default to write`);
    return sql`${value ?? sql`null`}::${sql.raw(column.getSQLType())}`;
  };
  const listed = rows.map(
    ({ row }) =>
      sql`(${sql.join(
        names.map((name) => typed(name, row[name])),
        sql`, `,
      )})`,
  );
  const key = new Set<PgColumn>([table.tenantId, recordColumn(of), table.position]);
  const all = Object.values(columns) as PgColumn[];
  const identifiers = (list: PgColumn[]) =>
    sql.join(
      list.map((column) => sql.identifier(column.name)),
      sql`, `,
    );
  const replaced = all
    .filter((column) => !key.has(column))
    .map((column) => sql`${sql.identifier(column.name)} = excluded.${sql.identifier(column.name)}`);
  return sql`insert into ${table} (${identifiers(names.map((name) => columns[name] as PgColumn))})
    select * from (values ${sql.join(listed, sql`, `)}) as line where ${condition}
    on conflict (${identifiers([...key])}) do update set ${sql.join(replaced, sql`, `)}`;
}

const CHUNK = 1000;

/**
 * Inserts many records of the tenant with their lines at once, numbered in the order given, in statements of a
 * thousand rows. For trusted input only (the demo seed, a benchmark): what they name is held to the tenant by the
 * foreign keys, not checked first. Gives the new records' ids, in the order given.
 */
export async function importWithLines<T extends NumberedTable, L extends LinesTable>(
  tx: Tx,
  of: RecordWithLines<T, L>,
  tenantId: string,
  records: readonly RecordWrite<T>[],
): Promise<string[]> {
  const first = await allocateNumber(tx, tenantId, of.counter, records.length);
  const rows = records.map((record, index) => {
    const id = uuidv7();
    const { values, lines } = rowsOf(of, tenantId, id, record);
    return { row: { tenantId, id, number: first + index, ...values }, lines };
  });
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    await tx.insert(of.table).values(chunk.map(({ row }) => row as T['$inferInsert']));
    const lines = chunk.flatMap(({ lines }) => lines);
    if (lines.length > 0) await tx.insert(of.lines).values(lines as L['$inferInsert'][]);
  }
  return rows.map(({ row }) => row.id);
}
