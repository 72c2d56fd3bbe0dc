import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { intarray } from '@electric-sql/pglite/contrib/intarray';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PglitePgConnection } from '@electric-sql/pglite/node-postgres';
import { type ExtractTablesWithRelations, type Logger, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type ReadyStatement, runOnClient, runPipelined } from './statement-pipeline.ts';
import { type DatabasePooler, TransactionPoolerClient } from './transaction-pooler.ts';

/**
 * One statement with its values: run in a transaction, or made ready to send as it is, with others in one round
 * trip (`runTogether`, `readAsMember`; node-postgres only).
 */
export interface Statement<Row = unknown> {
  run(tx: Tx): Promise<Row[]>;
  ready(db: Db): ReadyStatement<Row>;
}

/**
 * A process's connections to PostgreSQL by default: about twice the database server's cores, where more only
 * queue inside PostgreSQL for the same cores and fewer leave them idle while answers travel (docs/performance.md).
 */
export const DEFAULT_POOL_SIZE = 4;

// Without a schema: the app writes its statements with the query builder and never uses Drizzle's relational
// queries (`db.query.…`), whose builders Drizzle would otherwise make again for every table at every transaction.
type NoSchema = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoSchema>;
export type Tx = PgTransaction<PgQueryResultHKT, NoSchema, ExtractTablesWithRelations<NoSchema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(options: {
  /** A PostgreSQL server; unset means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; unset means in memory. */
  dataDir?: string | undefined;
  /** PostgreSQL connections kept (`DATABASE_POOL_SIZE`). */
  poolSize?: number;
  /** Called with every statement's SQL and parameters (the load benchmark reads them to EXPLAIN them). */
  logQuery?: (query: string, params: unknown[]) => void;
  /** What stands between us and the server (`DATABASE_POOLER`); `transaction`: no statement is named. */
  pooler?: DatabasePooler | undefined;
}): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if (options.url)
    return openPostgres(options.url, options.poolSize ?? DEFAULT_POOL_SIZE, options.pooler ?? 'none', logger);
  return openPglite(options.dataDir, logger);
}

async function openPglite(dataDir: string | undefined, logger: Logger | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm serves the list search (ILIKE / ~*) from trigram indexes, and intarray intersects a search's words'
  // numbers (migration 0050), as on a PostgreSQL server.
  const options = { extensions: { pg_trgm, intarray } };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const pool = new pg.Pool({ Client: pgliteClient(client), max: 1 });
  const db = drizzlePg(pool, { logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await pool.end();
      await client.close();
    },
  };
}

/**
 * node-postgres's clients of PGlite in this process (PGlite's `PglitePgConnection`): every statement goes through the
 * same driver, and the same pipelines and named statements, as on a PostgreSQL server (docs/server.md). PGlite is
 * one session, so the pool has one client at a time; each client the pool makes gets a connection of its own (one
 * shared would hand a client that the pool dropped its predecessor's end, as node-postgres's pool drops a client
 * whose query failed) that knows the session's named statements (`parsedStatements`, shared: they outlive a
 * client). A query's Parse carries node-postgres's type parsers as `types`, which its own writer ignores and
 * PGlite's takes for the parameters' type oids: they are left out.
 */
function pgliteClient(pglite: PGlite): typeof pg.Client {
  const parsedStatements: Record<string, string> = {};
  class Connection extends PglitePgConnection {
    constructor() {
      super({ pglite });
      this.parsedStatements = parsedStatements;
    }
    override parse(query: { types?: unknown }): void {
      super.parse({ ...query, types: Array.isArray(query.types) ? query.types : undefined });
    }
  }
  return class extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connection: new Connection() } as pg.ClientConfig);
    }
  };
}

async function openPostgres(
  url: string,
  poolSize: number,
  pooler: DatabasePooler,
  logger: Logger | undefined,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // A server that does not answer within 5 s fails the request (503) instead of holding it indefinitely.
    connectionTimeoutMillis: 5_000,
    ...(pooler === 'transaction' ? { Client: TransactionPoolerClient } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries in flight report their own errors.
  });
  const db = drizzlePg(pool, { logger }) as unknown as Db;
  return { db, kind: 'postgres', close: () => pool.end() };
}

/** A string as an SQL literal, for a statement sent as a simple query (which takes no parameters). */
export const sqlLiteral: (text: string) => string = pg.escapeLiteral;

interface NodePgInternals {
  client: unknown;
  dialect: never;
  options: never;
  logger: Logger;
}

/** A statement with no values and no rows, sent as it is (`begin`, `commit`). */
const bare = (text: string): ReadyStatement => ({
  text,
  name: undefined,
  values: [],
  types: pg.types,
  map: () => [],
});
const BEGIN = bare('begin');
const COMMIT = bare('commit');

/**
 * Runs fn in a transaction on one connection of the pool, whose BEGIN and first statements (`ReadyStatement`s,
 * `runOnClient`) reach PostgreSQL in one round trip, so a request's transaction takes none of its own: each round
 * trip costs the server and PostgreSQL about as much CPU as a small query (docs/performance.md). fn gets each
 * opening statement's rows. `closing`, given fn's result, may give one more statement, its values inlined
 * (`sqlLiteral`), which goes with the COMMIT (a create's idempotency answer). Commit, rollback and the
 * connection's release are as in Drizzle's `transaction`.
 */
export async function openTransaction<T>(
  db: Db,
  opening: ReadyStatement[],
  fn: (tx: Tx, results: unknown[][]) => Promise<T>,
  closing: (result: T) => string | undefined = () => undefined,
): Promise<T> {
  const { pool, dialect, options, logger } = poolOf(db);
  const client = await pool.connect();
  const tx = new NodePgTransaction(
    dialect,
    new NodePgSession(client, dialect, undefined, options),
    undefined,
  ) as unknown as Tx;
  try {
    const statements = [BEGIN, ...opening];
    for (const { text, values } of statements) logger.logQuery(text, values);
    const opened = await runOnClient(client, statements, client instanceof TransactionPoolerClient);
    const result = await fn(tx, opened.slice(1));
    const last = closing(result);
    if (committed.has(tx)) {
      if (last) throw new Error('A transaction committed with its last statements has no closing statement');
    } else if (last) {
      logger.logQuery(last, []);
      logger.logQuery('commit', []);
      await client.query(`${last}; commit`);
    } else await tx.execute(sql`commit`);
    return result;
  } catch (error) {
    await tx.execute(sql`rollback`);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * The database's pool and Drizzle's dialect, options and logger (internal to Drizzle's types). Every database is
 * node-postgres's pool, PGlite too (`pgliteClient`); a transaction (`Tx`) has no pool.
 */
function poolOf(db: Db): NodePgInternals & { pool: pg.Pool } {
  const { session } = db as unknown as { session: unknown };
  const internals = session instanceof NodePgSession ? (session as unknown as NodePgInternals) : undefined;
  const pool = internals?.client;
  if (!internals || !(pool instanceof pg.Pool)) throw new Error('Not a database opened by openDatabase');
  return { ...internals, pool };
}

/** How statements go to PostgreSQL in one round trip on this database (`runPipelined`, logged as Drizzle logs them). */
export function pipelineOf(db: Db): (statements: ReadyStatement[]) => Promise<unknown[][]> {
  const { pool, logger } = poolOf(db);
  // Behind a transaction pooler the pool's connections are TransactionPoolerClients: no statement is named.
  const unnamed =
    (pool as unknown as { options: { Client?: unknown } }).options.Client === TransactionPoolerClient;
  return (statements) => {
    for (const { text, values } of statements) logger.logQuery(text, values);
    return runPipelined(pool, statements, unnamed);
  };
}

/** The transaction's own connection, and Drizzle's logger. */
function clientOf(tx: Tx): { client: pg.Client; logger: Logger } {
  const { session } = tx as unknown as { session: unknown };
  const internals = session instanceof NodePgSession ? (session as unknown as NodePgInternals) : undefined;
  const client = internals?.client;
  if (!internals || !(client instanceof pg.Client)) throw new Error('Not a transaction of openDatabase');
  return { client, logger: internals.logger };
}

/** The statements' texts as sent to this transaction's connection, logged as Drizzle logs them. */
function readyOn(tx: Tx, logger: Logger, statements: Statement[]): ReadyStatement[] {
  const ready = statements.map((statement) => statement.ready(tx));
  for (const { text, values } of ready) logger.logQuery(text, values);
  return ready;
}

/**
 * Runs statements of a transaction in one round trip (`runOnClient`): each runs after the one before it, so a
 * later one reads what an earlier one wrote, and the transaction stays open. Gives each one's rows.
 */
export async function runTogether(tx: Tx, statements: Statement[]): Promise<unknown[][]> {
  const { client, logger } = clientOf(tx);
  return runOnClient(client, readyOn(tx, logger, statements), client instanceof TransactionPoolerClient);
}

/** Transactions that `commitTogether` committed: `openTransaction` sends no COMMIT of its own for them. */
const committed = new WeakSet<Tx>();

/**
 * `runTogether` for a transaction's last statements, with its COMMIT in the same round trip: a save then holds its
 * row locks one round trip less. Nothing may be sent in the transaction after them, so they must refuse in SQL
 * what they cannot do (write nothing, as a save of a stale version does) and the caller answers from their rows.
 * If one fails, the rest and the COMMIT do not run, and the transaction rolls back. So the function may fail after
 * them only when they wrote nothing (a refused save's 404 or 409): what they wrote is committed already.
 */
export async function commitTogether(tx: Tx, statements: Statement[]): Promise<unknown[][]> {
  const { client, logger } = clientOf(tx);
  const ready = readyOn(tx, logger, statements);
  logger.logQuery('commit', []);
  const results = await runOnClient(client, [...ready, COMMIT], client instanceof TransactionPoolerClient);
  committed.add(tx);
  return results.slice(0, -1);
}
