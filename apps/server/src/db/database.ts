import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations, Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { type DatabasePooler, TransactionPoolerClient } from './transaction-pooler.ts';

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

export interface DatabaseOptions {
  /** A PostgreSQL server; unset means embedded PGlite. */
  url?: string | undefined;
  /** PGlite data directory; unset means in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** Called with every statement's SQL and parameters (the load benchmark reads them to EXPLAIN them). */
  logQuery?: (query: string, params: unknown[]) => void;
  /** What stands between us and the server (`DATABASE_POOLER`); `transaction`: no statement is named. */
  pooler?: DatabasePooler | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const logger = options.logQuery ? { logQuery: options.logQuery } : undefined;
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.pooler ?? 'none', logger);
  return openPglite(options.dataDir, logger);
}

async function openPglite(dataDir: string | undefined, logger: Logger | undefined): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // pg_trgm serves the list search (ILIKE / ~*) from trigram indexes, as on a PostgreSQL server.
  const options = { extensions: { pg_trgm } };
  const client = dataDir ? await PGlite.create(dataDir, options) : await PGlite.create(options);
  const db = drizzlePglite(client, { logger }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
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
