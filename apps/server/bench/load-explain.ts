import { type SQL, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../src/platform/db/database.ts';
import { percentile } from './bench-kit.ts';

// The database's own time for a request's SQL: the statements one request runs are recorded (through the
// database's logQuery), then run again under EXPLAIN ANALYZE in one transaction, as the request ran them.

export interface Statement {
  query: string;
  params: unknown[];
}

/** Records the statements run while `record` waits for its function; drizzle's logger feeds it (`logQuery`). */
export function statementRecorder() {
  let recording: Statement[] | undefined;
  return {
    logQuery(query: string, params: unknown[]) {
      recording?.push({ query, params });
    },
    async record(fn: () => Promise<unknown>): Promise<Statement[]> {
      recording = [];
      try {
        await fn();
        return recording;
      } finally {
        recording = undefined;
      }
    },
  };
}

/**
 * Transaction control is the request's own round trips, not SQL work: it is left out of the timing. So are writes:
 * only reads are timed, and a write recorded meanwhile is the server's own background work (a sweep of expired
 * password resets), which the app role may not run.
 */
const control = /^\s*(begin|commit|rollback|savepoint|release|delete|insert|update)\b/i;

/** `EXPLAIN ANALYZE` of a recorded statement, its `$n` placeholders bound to the recorded values again. */
function explained({ query, params }: Statement, format: 'json' | 'text' = 'json'): SQL {
  const parts = query.split(/\$(\d+)/);
  const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(params[Number(part) - 1])));
  return format === 'json'
    ? sql`explain (analyze, timing off, summary on, format json) ${sql.join(chunks)}`
    : sql`explain (analyze, buffers) ${sql.join(chunks)}`;
}

/** Prints each statement and its plan with timings (BENCH_PLANS=1), in one transaction as the request ran them. */
export async function printPlans(database: Database, title: string, statements: Statement[]) {
  console.log(`\n== ${title}`);
  await database.db
    .transaction(async (tx) => {
      for (const statement of statements.filter((each) => !control.test(each.query))) {
        const result = (await tx.execute(explained(statement, 'text'))) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        console.log(
          `-- ${statement.query.replace(/\s+/g, ' ').slice(0, Number(process.env.BENCH_PLANS_CHARS ?? 400))}\n-- ${JSON.stringify(statement.params).slice(0, 300)}`,
        );
        for (const row of result.rows) console.log(row['QUERY PLAN']);
      }
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
}

interface Plan {
  'Planning Time': number;
  'Execution Time': number;
}

/**
 * The median over `runs` of the summed execution (and planning) time of the statements, each run in one
 * transaction as the request ran them (the first statement scopes it to the tenant).
 */
export async function sqlTime(database: Database, statements: Statement[], runs = 15) {
  const work = statements.filter((statement) => !control.test(statement.query));
  const execution: number[] = [];
  const planning: number[] = [];
  for (let run = 0; run < runs + 2; run++) {
    let executed = 0;
    let planned = 0;
    await database.db
      .transaction(async (tx) => {
        for (const statement of work) {
          const result = (await tx.execute(explained(statement))) as unknown as {
            rows: { 'QUERY PLAN': Plan[] | string }[];
          };
          const cell = result.rows[0]?.['QUERY PLAN'];
          const [plan] = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Plan[];
          executed += plan?.['Execution Time'] ?? 0;
          planned += plan?.['Planning Time'] ?? 0;
        }
        // Nothing the statements did is kept (a read writes nothing, but a claim of the sign-in could).
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    if (run < 2) continue;
    execution.push(executed);
    planning.push(planned);
  }
  execution.sort((a, b) => a - b);
  planning.sort((a, b) => a - b);
  return {
    statements: work.length,
    execution: percentile(execution, 50),
    planning: percentile(planning, 50),
  };
}
