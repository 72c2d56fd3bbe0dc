import { buildApp } from './app.ts';
import { completeOrganisations } from './features/organisation/organisation.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { migrate } from './platform/db/migrate.ts';
import { DataDirectoryError, repairPgliteDataDir } from './platform/db/pglite-data-dir.ts';
import { createRenderer } from './platform/renderer/renderer.ts';
import { seedDemo } from './seed/demo.ts';

/** Runs a start-up step whose expected failure the user can act on: its message, exit 1, no stack trace. */
function orExit<T>(step: () => T, expected: new (message: string) => Error): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof expected) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = orExit(() => loadConfig(process.env), ConfigError);
  if (!config.databaseUrl) {
    const repaired = orExit(() => repairPgliteDataDir(config.dataDir), DataDirectoryError);
    for (const sentence of repaired) console.warn(sentence);
  }
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    pooler: config.databasePooler,
    poolSize: config.databasePoolSize,
  });
  // Each step is one transaction (migrations under a lock on PostgreSQL, the seed under a lock of its own), so a
  // start killed at any point leaves the database as it was or one step further, and the next start finishes it.
  await migrate(database);
  await completeOrganisations(database.db);
  if (config.seedDemo) await seedDemo(database.db);

  const renderer = createRenderer();
  // The housekeeping and the automatic payment reminders run in the background (serverTasks in maintenance.ts).
  const app = await buildApp({ config, database, renderer, backgroundTasks: true });
  // The render processes start now, so the first PDF after start-up does not wait for one.
  renderer.warm().catch((err: unknown) => app.log.warn({ err }, 'the document renderer did not start'));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    // Closing the server closes the keep-alive connections idle at that moment, but not those still busy with a
    // request: close each as soon as its answer has gone, rather than wait out the keep-alive timeout.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close();
    clearInterval(closeIdle);
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.kind }, 'Fieldbook is ready');
}

await main();
