import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, trySignIn } from '../../../scripts/faults/client.ts';
import { type FreshDatabase, freshDatabase } from '../../../scripts/faults/databases.ts';
import { type ServerProcess, startServer } from '../../../scripts/faults/servers.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './platform/config.ts';
import { seedDemo } from './seed/demo.ts';
import { freePort } from './test-support/free-port.ts';
import { openTestDatabase, type TestDatabase } from './test-support/test-database.ts';
import { type TestServer, testServer } from './test-support/test-server.ts';

/*
 * Several servers, one database: a user signs in through one and uses the API through the other, and what must
 * hold across them (sign-in sessions and keys, the sign-in throttle, idempotency keys) lives in the database.
 * On PostgreSQL (TEST_DATABASE_URL, through TEST_DATABASE_POOLER) they are two server processes (`node apps/server/src/main.ts`) on two ports.
 * A PGlite data directory is one process's own, so there they are two app instances of this process on two ports
 * over the one database: the same HTTP, and no state kept in an app between requests.
 */

interface Server {
  base: string;
  stop(): Promise<void>;
}

const server = testServer();
let servers: [Server, Server];
let cleanup: () => Promise<void>;

async function twoProcesses({ url, pooler }: TestServer): Promise<[Server, Server]> {
  const database: FreshDatabase = await freshDatabase('postgres', url, pooler);
  // Behind one load balancer every copy has the same public URL (the issuer and audience of its tokens): A's here.
  const first = await startServer(database);
  const started: ServerProcess[] = [first, await startServer(database, { env: { PUBLIC_URL: first.base } })];
  cleanup = async () => {
    await Promise.all(started.map((server) => server.stop('SIGTERM')));
    await database.drop();
  };
  return started.map((server) => ({
    base: server.base,
    stop: async () => void (await server.stop('SIGTERM')),
  })) as [Server, Server];
}

async function twoApps(): Promise<[Server, Server]> {
  const database: TestDatabase = await openTestDatabase();
  await seedDemo(database.db);
  const apps: FastifyInstance[] = [];
  const made: Server[] = [];
  const ports = [await freePort(), await freePort()];
  // Behind one load balancer every copy has the same public URL (the issuer and audience of its tokens): A's here.
  const publicUrl = `http://127.0.0.1:${ports[0]}`;
  for (const port of ports) {
    const base = `http://127.0.0.1:${port}`;
    const app = await buildApp({
      config: loadConfig({ PUBLIC_URL: publicUrl, PORT: String(port) }),
      database,
      logger: false,
    });
    await app.listen({ port, host: '127.0.0.1' });
    apps.push(app);
    made.push({ base, stop: () => app.close() });
  }
  cleanup = async () => {
    for (const app of apps) await app.close();
    await database.drop();
  };
  return made as [Server, Server];
}

beforeAll(async () => {
  servers = server ? await twoProcesses(server) : await twoApps();
}, 180_000);
afterAll(() => cleanup?.());

describe(`two servers on one database (${server ? 'two processes, PostgreSQL' : 'two apps, PGlite'})`, () => {
  it('a token from a sign-in through one server works on the other', async () => {
    const [a, b] = servers;
    const token = await signIn(a.base);
    const onB = apiAs(b.base, token);
    const tenant = await onB.get<{ tenantName: string; role: string }>('/api/tenant');
    expect(tenant.status, JSON.stringify(tenant.body)).toBe(200);
    expect(tenant.body).toMatchObject({ tenantName: 'Harbourside Plumbing & Gas', role: 'OWNER' });
  });

  it('a create retried on the other server with its Idempotency-Key is answered once', async () => {
    const [a, b] = servers;
    const token = await signIn(a.base);
    const key = { 'idempotency-key': `multi-${Date.now()}` };
    const name = "Two Servers & O'Brien";
    const first = await apiAs(a.base, token).createCustomer(name, key);
    const retried = await apiAs(b.base, token).createCustomer(name, key);
    expect(first.status).toBe(201);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotency-replayed')).toBe('true');
    expect(retried.body.id).toBe(first.body.id);
  });

  it('the sign-in throttle counts the attempts made on both servers together', async () => {
    const [a, b] = servers;
    const credentials = { email: 'nobody-multi@example.test', password: 'a-wrong-password' };
    // 5 wrong passwords for one account from one address are let through: 3 on one server, 2 on the other.
    for (const server of [a, a, a, b, b])
      expect((await trySignIn(server.base, credentials, a.base)).status).toBe(401);
    // The sixth is refused whichever server it reaches.
    for (const server of [a, b]) {
      const refused = await trySignIn(server.base, credentials, a.base);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
    }
  });
});
