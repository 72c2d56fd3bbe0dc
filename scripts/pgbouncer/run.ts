/**
 * The API tests through PgBouncer in transaction mode: starts a PgBouncer in front of a PostgreSQL server, runs
 * `npm run test:api` through it with TEST_DATABASE_POOLER=transaction (the servers the tests start get
 * DATABASE_POOLER=transaction), prints what PgBouncer passed on, and stops it. Exits with the tests' code.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:api:pgbouncer
 *   npm run test:api:pgbouncer -- postgres://postgres@127.0.0.1:5432/postgres [vitest arguments, such as a file]
 *
 * The server's user must be able to create databases, as for TEST_DATABASE_URL; PgBouncer 1.18 or later.
 */
import { spawn } from 'node:child_process';
import { startPgBouncer } from './pgbouncer.ts';

const [first, ...rest] = process.argv.slice(2);
const fromArgument = first?.startsWith('postgres') === true;
const serverUrl = fromArgument ? first : process.env.TEST_DATABASE_URL;
const vitestArguments = fromArgument ? rest : process.argv.slice(2);
if (!serverUrl) {
  console.error('Name the PostgreSQL server: an argument, or TEST_DATABASE_URL.');
  process.exit(2);
}

const started = performance.now();
const pgBouncer = await startPgBouncer(serverUrl);
let stopping: Promise<void> | undefined;
const stop = () => {
  stopping ??= pgBouncer.stop();
  return stopping;
};
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void stop().finally(() => process.exit(130)));

console.log(`== API tests through PgBouncer (transaction pooling) at ${pgBouncer.url}`);
const tests = spawn('npm', ['run', 'test:api', '--', ...vitestArguments], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: pgBouncer.url, TEST_DATABASE_POOLER: 'transaction' },
});
const code = await new Promise<number>((resolve) => tests.once('exit', (exit) => resolve(exit ?? 1)));

const { transactions, queries } = await pgBouncer.totals();
console.log(
  `== PgBouncer passed ${transactions.toLocaleString('en-AU')} transactions and ` +
    `${queries.toLocaleString('en-AU')} statements to the server; ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s in all`,
);
if (code !== 0) console.error(`== PgBouncer's log, last lines:\n${pgBouncer.logTail()}`);
await stop();
process.exit(code);
