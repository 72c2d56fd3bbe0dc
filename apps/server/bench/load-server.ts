/**
 * The server the load benchmark drives: the product as `npm run serve` builds it (its settings from the
 * environment, its logger at LOG_LEVEL writing to stdout), over an already migrated and seeded database, plus one
 * route of its own, GET /bench/constant: a constant JSON answer with no database, the ceiling of the framework on
 * this machine. It listens on 127.0.0.1 on a free port and tells its parent the port over IPC; on the parent's
 * word it takes a CPU profile (node:inspector) of a scenario's measured run, or tells the CPU time it has used.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';

const config = loadConfig(process.env);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: config.dataDir,
  pooler: config.databasePooler,
  poolSize: config.databasePoolSize,
});
const app = await buildApp({ config, database });
app.get('/bench/constant', { schema: { hide: true } }, async () => ({ status: 'ok', service: 'fieldbook' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
process.send?.({ port });

// The parent asks for a CPU profile of one scenario's measured run (BENCH_PROFILE): start, then stop with the file.
const inspector = new Session();
inspector.connect();
process.on(
  'message',
  (message: { profile: 'start' } | { profile: 'stop'; file: string } | { usage: true }) => {
    if ('usage' in message) {
      process.send?.({ usage: process.cpuUsage() });
      return;
    }
    void (async () => {
      if (message.profile === 'start') {
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
        await inspector.post('Profiler.start');
      } else {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(message.file, JSON.stringify(profile));
      }
      process.send?.({ profiled: message.profile });
    })();
  },
);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
