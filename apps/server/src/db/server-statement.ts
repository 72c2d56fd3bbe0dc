import pg from 'pg';

/**
 * Runs one statement on a PostgreSQL server on a connection of its own: CREATE and DROP DATABASE cannot
 * run in a transaction or in the database they name. For tests and benchmarks that make throwaway databases.
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
