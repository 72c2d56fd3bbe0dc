import pg from 'pg';

/**
 * Runs one statement on a PostgreSQL server on a connection of its own: CREATE and DROP DATABASE cannot
 * run in a transaction or in the database they name, nor VACUUM in a transaction. For tests and benchmarks
 * (throwaway databases, the load benchmark's vacuum).
 */
export async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
