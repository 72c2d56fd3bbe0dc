import { randomUUID } from 'node:crypto';
import { seededDatabase } from './clean-start.ts';
import { type Api, apiAs, signIn } from './client.ts';
import type { DatabaseKind } from './databases.ts';
import { databaseName, onDatabase, type Scenario } from './scenario.ts';
import { startServer } from './servers.ts';

const SAVES = 20;
const CREATES = 50;

/**
 * Each trial: 20 saves of one customer sent at once, all carrying the `updated` they read, so only the first
 * to commit is current (exactly one 200, the rest 409, and the record holds the winner's name); then 50 creates
 * sent at once with one Idempotency-Key (all 201 with one id, and one customer).
 */
export function concurrentWrites(database: DatabaseKind): Scenario {
  return {
    name: `${SAVES} saves with one updated, ${CREATES} creates with one Idempotency-Key (${databaseName(database)})`,
    database,
    async run({ trials, serverUrl }) {
      const failures: string[] = [];
      await onDatabase(seededDatabase(database, serverUrl), failures, async (db) => {
        const server = await startServer(db);
        const api = apiAs(server.base, await signIn(server.base));
        for (let trial = 1; trial <= trials; trial++) {
          const problems = [...(await racingSaves(api, trial)), ...(await repeatedCreates(api, trial))];
          for (const problem of problems) failures.push(`trial ${trial}: ${problem}`);
        }
      });
      return { trials, failures, figures: `${trials * SAVES} saves, ${trials * CREATES} creates` };
    },
  };
}

async function racingSaves(api: Api, trial: number): Promise<string[]> {
  const created = await api.createCustomer(`Race ${trial}`);
  if (created.status !== 201) return [`creating the customer answered ${created.status}`];
  const { id, updated } = created.body;
  const names = Array.from({ length: SAVES }, (_, i) => `Race ${trial} save ${i}`);
  const answers = await Promise.all(names.map((name) => api.saveCustomer(id, { name, updated })));
  const problems: string[] = [];
  const won = answers.flatMap((answer, i) => (answer.status === 200 ? [names[i]] : []));
  const conflicts = answers.filter((answer) => answer.status === 409).length;
  if (won.length !== 1 || conflicts !== SAVES - 1) {
    const statuses = answers.map((answer) => answer.status).join(' ');
    problems.push(`${won.length} saves won and ${conflicts} were refused 409 (statuses: ${statuses})`);
  }
  const stored = await api.getCustomer(id);
  if (won.length === 1 && stored.body.name !== won[0]) {
    problems.push(`the customer holds "${stored.body.name}", not the winner's "${won[0]}"`);
  }
  return problems;
}

async function repeatedCreates(api: Api, trial: number): Promise<string[]> {
  const key = randomUUID();
  const name = `Once ${trial} ${key}`;
  const answers = await Promise.all(
    Array.from({ length: CREATES }, () => api.createCustomer(name, { 'idempotency-key': key })),
  );
  const problems: string[] = [];
  const statuses = new Set(answers.map((answer) => answer.status));
  const ids = new Set(answers.map((answer) => answer.body?.id));
  if (statuses.size !== 1 || !statuses.has(201) || ids.size !== 1) {
    problems.push(`the creates answered ${[...statuses].join(', ')} with ${ids.size} different ids`);
  }
  const found = await api.findCustomers(name);
  if (found.status !== 200 || found.body.length !== 1) {
    problems.push(`${found.body.length ?? found.status} customers named "${name}"`);
  }
  return problems;
}
