import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/platform/db/database.ts';
import { seededDatabase } from './clean-start.ts';
import { apiAs, signIn } from './client.ts';
import type { DatabaseKind, FreshDatabase } from './databases.ts';
import { databaseName, onDatabase, randomBetween, type Scenario } from './scenario.ts';
import { sleep, startServer } from './servers.ts';

/** The automatic reminder steps set on the demo organisation: every overdue invoice has reached one. */
const STEPS = [1, 7, 14, 30, 60];
/** How long a restarted server may take to store every reminder due. */
const FINISH_TIMEOUT_MS = 90_000;

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** The reminders stored: records, outbox messages, and how they pair up. */
async function remindersIn(db: Db) {
  const [counts] = await rowsOf<{
    records: number;
    messages: number;
    unpaired: number;
    repeated: number;
    due: number;
  }>(
    db,
    sql`select
      (select count(*)::int from invoice_emails where kind = 'REMINDER') as records,
      (select count(*)::int from outbox_messages where kind = 'REMINDER') as messages,
      (select count(*)::int from outbox_messages m where m.kind = 'REMINDER' and (select count(*) from invoice_emails e
        where e.tenant_id = m.tenant_id and e.message_id = m.id) <> 1) as unpaired,
      (select count(*)::int from (select 1 from invoice_emails where reminder_step is not null
        group by tenant_id, invoice_id, reminder_step having count(*) > 1) as twice) as repeated,
      (select count(*)::int from invoices i
        join organisation_details o on o.tenant_id = i.tenant_id
        join customers c on c.tenant_id = i.tenant_id and c.id = i.customer_id
        where cardinality(o.automatic_reminder_days) > 0 and i.status = 'OPEN_SENT' and i.total > i.amount_paid
          and i.due < (now() at time zone o.time_zone)::date and c.billing_email is not null) as due`,
  );
  if (!counts) throw new Error('the reminders could not be counted');
  return counts;
}

/** As if none had gone: the reminders and their messages deleted, the task due now and held by nobody. */
async function rearm(db: Db): Promise<void> {
  await db.execute(sql`delete from outbox_attachments a using outbox_messages m
    where a.tenant_id = m.tenant_id and a.message_id = m.id and m.kind = 'REMINDER'`);
  await db.execute(sql`delete from invoice_emails where kind = 'REMINDER'`);
  await db.execute(sql`delete from outbox_messages where kind = 'REMINDER'`);
  await dueNow(db);
}

/** The reminders' task due now, with no lease: as once the lease of a process that died has ended. */
const dueNow = (db: Db) =>
  db.execute(
    sql`update scheduled_tasks set next_run = now(), lease_until = null where name = 'payment-reminders'`,
  );

/**
 * Waits until the moment to kill the server: once a random number of the reminders due (1 to all but one) are
 * stored, read alongside the server. PostgreSQL only: a PGlite directory can be opened by the server alone, so a kill
 * there could only fall at a random moment, most often before or after the run (the task stores a reminder every
 * few milliseconds); the transaction that pairs message and record is the same on both.
 */
async function cutShort(db: FreshDatabase, due: number): Promise<void> {
  const target = randomBetween(1, due);
  await db.use(async (open) => {
    const started = performance.now();
    while (performance.now() - started < FINISH_TIMEOUT_MS) {
      const [stored] = await rowsOf<{ n: number }>(
        open,
        sql`select count(*)::int as n from invoice_emails where kind = 'REMINDER'`,
      );
      if ((stored?.n ?? 0) >= target) return;
      await sleep(5);
    }
  });
}

/**
 * The automatic payment reminders (a background task of the server) are being stored when the server is killed
 * with SIGKILL, at a random moment of the run; started again, it finishes them. Each overdue invoice must end with
 * exactly one reminder record and one outbox message, paired: none lost, none twice, no message without its record.
 */
export function killedReminders(database: DatabaseKind): Scenario {
  return {
    name: `kill -9 while the automatic reminders are stored (${databaseName(database)})`,
    database,
    async run({ trials, serverUrl }) {
      const failures: string[] = [];
      const beforeKill: string[] = [];
      await onDatabase(seededDatabase(database, serverUrl), failures, async (db) => {
        // The demo organisation sends reminders from now on, set as an Owner sets them.
        let server = await startServer(db);
        const api = apiAs(server.base, await signIn(server.base));
        const organisation = await api.get<Record<string, unknown>>('/api/organisation');
        const saved = await api.put('/api/organisation', {
          ...organisation.body,
          automaticReminderDays: STEPS,
        });
        if (saved.status !== 200) throw new Error(`setting the reminder days answered ${saved.status}`);
        await server.stop('SIGTERM');
        const { due } = await db.use(remindersIn);
        if (due < 3)
          throw new Error(`the demo has ${due} overdue invoices to remind of: too few to cut a run`);

        for (let trial = 1; trial <= trials; trial++) {
          await db.use(rearm);
          server = await startServer(db, { port: server.port });
          await cutShort(db, due);
          await server.stop('SIGKILL');
          const cut = await db.use(async (open) => {
            const found = await remindersIn(open);
            await dueNow(open);
            return found;
          });
          beforeKill.push(`${cut.records}`);

          server = await startServer(db, { port: server.port });
          const userApi = apiAs(server.base, await signIn(server.base));
          const started = performance.now();
          while (performance.now() - started < FINISH_TIMEOUT_MS) {
            const listed = await userApi.get<unknown[]>('/api/outbox?q=kind:REMINDER&s=1');
            if (Number(listed.headers.get('total-count')) >= due) break;
            await sleep(250);
          }
          await server.stop('SIGTERM');
          const after = await db.use(remindersIn);
          const wrong = [
            after.records !== due && `${after.records} reminders recorded for ${due} overdue invoices`,
            after.messages !== due && `${after.messages} reminder messages for ${due} overdue invoices`,
            after.unpaired > 0 && `${after.unpaired} messages without exactly one record`,
            after.repeated > 0 && `${after.repeated} invoice steps recorded twice`,
          ].filter(Boolean);
          if (wrong.length > 0)
            failures.push(`trial ${trial} (${cut.records} stored before the kill): ${wrong.join('; ')}`);
        }
        beforeKill.unshift(`${due} due; stored before each kill:`);
      });
      return { trials, failures, figures: beforeKill.join(' ') };
    },
  };
}
