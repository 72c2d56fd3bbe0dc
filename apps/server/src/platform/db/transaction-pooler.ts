import pg from 'pg';

/** What stands between the server and PostgreSQL (`DATABASE_POOLER`): nothing, or a pooler in transaction mode. */
export const DATABASE_POOLERS = ['none', 'transaction'] as const;
export type DatabasePooler = (typeof DATABASE_POOLERS)[number];

/**
 * A connection through a pooler in transaction mode (PgBouncer's `pool_mode = transaction`). Each transaction may
 * run on another server connection, so a statement prepared by name (`jobs_numbered`) on one is missing on the
 * next: PgBouncer keeps them across server connections only from 1.21. This client sends every statement
 * unnamed: the same SQL, planned at each run instead of once per connection.
 */
export class TransactionPoolerClient extends pg.Client {
  // `never` and `unknown` fit every overload of `query`; what it returns is pg's own answer, unchanged.
  override query(config: unknown, ...rest: unknown[]): never {
    const query = super.query as (config: unknown, ...rest: unknown[]) => never;
    return query.call(this, withoutName(config), ...rest);
  }
}

function withoutName(config: unknown): unknown {
  // Only a plain query config: a Query object (with `submit`) is passed on as it is.
  if (typeof config !== 'object' || config === null || Object.getPrototypeOf(config) !== Object.prototype)
    return config;
  if (!('name' in config)) return config;
  const { name: _name, ...unnamed } = config;
  return unnamed;
}
