import type { Query } from 'drizzle-orm';
import type { Tx } from './database.ts';

/** What a prepared select of Drizzle's (either driver's) holds: its text, parameters and how rows map to fields. */
interface PreparedSelect {
  queryString: string;
  params: unknown[];
  fields: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
  execute(values?: Record<string, unknown>): Promise<unknown[]>;
}

/** A select of Drizzle's query builder, with its values as `sql.placeholder`s. */
interface Buildable {
  prepare(name?: string): unknown;
}

/** The session's `prepareQuery` (PgSession's own method), which only pairs a built text with a connection. */
type PrepareQuery = (
  query: Query,
  fields: unknown,
  name: string | undefined,
  isResponseInArrayMode: boolean,
) => PreparedSelect;

/**
 * A select whose SQL text is built once per process instead of at every run. Drizzle builds a query builder's
 * text again each time it runs it; for the wide selects of whole records (a job: its customer, site, territory,
 * priority, technician and lines, through joins) that was the largest cost of a request in the server's CPU
 * profile (docs/performance.md). The text never changes, as every value is a `sql.placeholder` given at run
 * time. `name`: a named statement, which each connection also plans once (sent unnamed behind a pooler).
 *
 *   const jobById = builtOnce<JobRow>((tx) => selectJobs(tx).where(eq(visible.id, sql.placeholder('id'))));
 *   const rows = await jobById(tx, { id });
 */
export function builtOnce<Row>(build: (tx: Tx) => Buildable, name?: string) {
  let built:
    | { query: Query; fields: unknown; joinsNotNullableMap: Record<string, boolean> | undefined }
    | undefined;
  return async (tx: Tx, values: Record<string, unknown>): Promise<Row[]> => {
    if (!built) {
      const prepared = build(tx).prepare(name) as PreparedSelect;
      built = {
        query: { sql: prepared.queryString, params: prepared.params },
        fields: prepared.fields,
        joinsNotNullableMap: prepared.joinsNotNullableMap,
      };
    }
    // The transaction's session: internal to Drizzle's types, but what every query of the transaction runs on.
    const { session } = tx as unknown as { session: { prepareQuery: PrepareQuery } };
    const prepared = session.prepareQuery(built.query, built.fields, name, true);
    if (built.joinsNotNullableMap) prepared.joinsNotNullableMap = built.joinsNotNullableMap;
    return (await prepared.execute(values)) as Row[];
  };
}
