import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import type pg from 'pg';

/** How node-postgres writes a value as a parameter (its own queries' `valueMapper`); untyped in @types/pg. */
export const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * A statement ready to send as it is: its text, its name (a statement prepared once per connection) or none, its
 * values in order, the type parsers of its columns (Drizzle's, which keep dates as text), and how its rows
 * (arrays) become records.
 */
export interface ReadyStatement<Row = unknown> {
  text: string;
  name: string | undefined;
  values: unknown[];
  types: { getTypeParser(oid: number, format: 'text'): (value: string) => unknown };
  /** `names`: the columns' names, in order. */
  map: (rows: unknown[][], names: string[]) => Row[];
}

/** What node-postgres's connection gives a query (`Submittable`): the messages it sends, and what it has prepared. */
interface Connection extends EventEmitter {
  stream: { cork?: () => void; uncork?: () => void };
  parsedStatements: Record<string, string>;
  parse(query: { text: string; name?: string | undefined }): void;
  bind(config: { statement?: string | undefined; values: unknown[]; valueMapper: unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(config: { portal: string }): void;
  sync(): void;
  sendCopyFail(message: string): void;
}

/** One statement's answer: its rows as arrays, and its columns' names. */
interface Answer {
  rows: unknown[][];
  names: string[];
}

/**
 * Several statements sent to PostgreSQL in one write and answered in one round trip: each statement's Parse (when
 * this connection has not prepared it yet), Bind, Describe and Execute, then one Sync. Until the Sync they run in
 * one implicit transaction (the protocol's "extended query" flow): a setting made `local` by the first (the
 * tenant's scope) holds for the next, and all of them end, committed, at the Sync, so a read needs no BEGIN or
 * COMMIT of its own. An error stops the rest, rolls the transaction back and fails the whole. This is node-postgres's
 * way to extend a client's queries (a `Submittable`, as pg-cursor is one); its connection prepares the statements.
 */
class StatementPipeline extends EventEmitter implements pg.Submittable {
  readonly results: Answer[] = [];
  private answer: Answer | undefined;
  private parsers: ((value: string) => unknown)[] = [];
  /** Named statements parsed in this pipeline, in order, and how many PostgreSQL has confirmed. */
  private parsing: { name: string; text: string }[] = [];
  private parsed = 0;
  private connection: Connection | undefined;
  private readonly countParsed = () => {
    this.parsed++;
  };

  private readonly statements: ReadyStatement[];
  private readonly done: (error: Error | null, results?: Answer[]) => void;

  constructor(statements: ReadyStatement[], done: (error: Error | null, results?: Answer[]) => void) {
    super();
    this.statements = statements;
    this.done = done;
  }

  submit(connection: pg.Connection): void {
    const con = connection as unknown as Connection;
    this.connection = con;
    con.on('parseComplete', this.countParsed);
    con.stream.cork?.();
    try {
      for (const { text, name, values } of this.statements) {
        if (!name || con.parsedStatements[name] !== text) {
          con.parse({ text, name });
          if (name) this.parsing.push({ name, text });
        }
        con.bind({ statement: name, values, valueMapper: prepareValue });
        con.describe({ type: 'P', name: '' });
        con.execute({ portal: '' });
      }
      con.sync();
    } finally {
      con.stream.uncork?.();
    }
  }

  handleRowDescription(message: { fields: { name: string; dataTypeID: number }[] }): void {
    const { types } = this.statements[this.results.length] as ReadyStatement;
    this.parsers = message.fields.map((field) => types.getTypeParser(field.dataTypeID, 'text'));
    this.answer = { rows: [], names: message.fields.map((field) => field.name) };
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const { parsers } = this;
    this.answer?.rows.push(
      message.fields.map((value, index) => (value === null ? null : parsers[index]?.(value))),
    );
  }

  handleCommandComplete(): void {
    this.results.push(this.answer ?? { rows: [], names: [] });
    this.answer = undefined;
  }

  handleEmptyQuery(): void {
    this.results.push({ rows: [], names: [] });
  }

  handlePortalSuspended(): void {}

  handleCopyInResponse(connection: pg.Connection): void {
    (connection as unknown as Connection).sendCopyFail('No copy in a pipeline');
  }

  handleCopyData(): void {}

  handleError(error: Error): void {
    this.finish();
    this.done(error);
  }

  handleReadyForQuery(): void {
    this.finish();
    this.done(null, this.results);
  }

  /** Notes which statements this connection now has prepared: those PostgreSQL confirmed, in the order sent. */
  private finish(): void {
    const con = this.connection;
    if (!con) return;
    con.off('parseComplete', this.countParsed);
    for (const { name, text } of this.parsing.slice(0, this.parsed)) con.parsedStatements[name] = text;
    this.connection = undefined;
  }
}

/**
 * Runs statements in one round trip on this client (`StatementPipeline`) and gives each one's rows, mapped. Within
 * a transaction (BEGIN sent) they run in it and it stays open. `unnamed`: send every statement unnamed (behind a
 * transaction pooler, `platform/db/transaction-pooler.ts`).
 */
export async function runOnClient(
  client: pg.ClientBase,
  statements: ReadyStatement[],
  unnamed: boolean,
): Promise<unknown[][]> {
  const sent = unnamed ? statements.map((statement) => ({ ...statement, name: undefined })) : statements;
  const results = await new Promise<Answer[]>((resolve, reject) => {
    client.query(
      new StatementPipeline(sent, (error, results) => (error ? reject(error) : resolve(results ?? []))),
    );
  });
  return statements.map((statement, index) => {
    const { rows, names } = results[index] ?? { rows: [], names: [] };
    return statement.map(rows, names);
  });
}

/** `runOnClient` on one connection of the pool, in one implicit transaction. */
export async function runPipelined(
  pool: pg.Pool,
  statements: ReadyStatement[],
  unnamed: boolean,
): Promise<unknown[][]> {
  const client = await pool.connect();
  let failed: Error | undefined;
  try {
    return await runOnClient(client, statements, unnamed);
  } catch (error) {
    failed = error as Error;
    throw error;
  } finally {
    // A connection that broke mid-pipeline is dropped, not handed to the next request.
    client.release(failed && !('code' in failed) ? failed : undefined);
  }
}
