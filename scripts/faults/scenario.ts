import type { DatabaseKind, FreshDatabase } from './databases.ts';
import { killServersOn } from './servers.ts';

export interface ScenarioOptions {
  /** Trials per scenario. */
  trials: number;
  /** The PostgreSQL server on which each trial creates a database of its own. */
  serverUrl: string | undefined;
}

/** What a scenario found: one reason per failed trial, and its figures for the report line. */
export interface Outcome {
  trials: number;
  failures: string[];
  figures: string;
}

export interface Scenario {
  name: string;
  database: DatabaseKind;
  run(options: ScenarioOptions): Promise<Outcome>;
}

export const databaseName = (kind: DatabaseKind) => (kind === 'pglite' ? 'PGlite' : 'PostgreSQL');

/** A whole number of milliseconds in [from, to). */
export const randomBetween = (from: number, to: number) => Math.floor(from + Math.random() * (to - from));

/** "1.2–3.4 s" over some durations in milliseconds. */
export function secondsRange(durations: number[]): string {
  if (durations.length === 0) return '–';
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  return `${seconds(Math.min(...durations))}–${seconds(Math.max(...durations))} s`;
}

export const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Runs a scenario's trials on a database of its own: a new one (`freshDatabase`), or one already migrated and seeded
 * for a scenario whose subject is not the first start (`seededDatabase`). Whatever happens, the servers left running
 * on it are killed and it is dropped; an error that ends the trials early is one more failure.
 */
export async function onDatabase(
  made: Promise<FreshDatabase>,
  failures: string[],
  trials: (db: FreshDatabase) => Promise<void>,
): Promise<void> {
  const db = await made;
  try {
    await trials(db);
  } catch (error) {
    failures.push(reasonOf(error));
  } finally {
    await killServersOn(db);
    await db.drop();
  }
}
