import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database, Db } from '../src/platform/db/database.ts';
import { prepareValue } from '../src/platform/db/statement-pipeline.ts';
import { percentile } from './bench-kit.ts';

// The database's own time for a request's SQL: the statements one request runs are recorded (through the
// database's logQuery), then run again under EXPLAIN ANALYZE in one transaction, as the request ran them, each
// prepared first and executed, so that it gets the plan the server's did: the generic plan where the request's
// scope asked for one (`plan_cache_mode`, `memberScope`), else one planned for its values.

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

/**
 * A value as a literal of unknown type (written as the server's statements send it, `prepareValue`), which the
 * prepared statement's parameter takes as its own type.
 */
function literal(value: unknown): string {
  const text = prepareValue(value);
  if (text === null || text === undefined) return 'null';
  return `'${String(text).replaceAll("'", "''")}'`;
}

/** How many statements have been replayed: each prepared under a name of its own. */
let replays = 0;

/**
 * `EXPLAIN ANALYZE` of a recorded statement as the server ran it: prepared (its `$n` placeholders' types inferred,
 * as its own Parse had them), executed with the recorded values, then deallocated.
 */
async function explained(tx: Db, { query, params }: Statement, format: 'json' | 'text' = 'json') {
  const name = `bench_replay_${++replays}`;
  await tx.execute(sql.raw(`prepare ${name} as ${query}`));
  const options = format === 'json' ? 'analyze, timing off, summary on, format json' : 'analyze, buffers';
  const values = params.length > 0 ? `(${params.map(literal).join(', ')})` : '';
  const result = (await tx.execute(sql.raw(`explain (${options}) execute ${name}${values}`))) as unknown as {
    rows: { 'QUERY PLAN': Plan[] | string }[];
  };
  await tx.execute(sql.raw(`deallocate ${name}`));
  return result;
}

/** Prints each statement and its plan with timings (BENCH_PLANS=1), in one transaction as the request ran them. */
export async function printPlans(database: Database, title: string, statements: Statement[]) {
  console.log(`\n== ${title}`);
  await database.db
    .transaction(async (tx) => {
      for (const statement of statements.filter((each) => !control.test(each.query))) {
        const result = await explained(tx as unknown as Db, statement, 'text');
        console.log(
          `-- ${statement.query.replace(/\s+/g, ' ').slice(0, Number(process.env.BENCH_PLANS_CHARS ?? 400))}\n-- ${JSON.stringify(statement.params).slice(0, 300)}`,
        );
        for (const row of result.rows) console.log(row['QUERY PLAN'] as string);
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
          const result = await explained(tx as unknown as Db, statement);
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
