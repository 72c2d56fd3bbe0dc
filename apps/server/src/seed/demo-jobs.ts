import {
  addDays,
  calendarDateIn,
  type Item,
  instantAt,
  type JobFields,
  type JobStatus,
  type Rag,
  wallClockAt,
} from '@fieldbook/domain';
import { eq } from 'drizzle-orm';
import { importJobs, type JobImport, jobPriorities, territories } from '../features/jobs/index.ts';
import { technicians } from '../features/technicians/index.ts';
import type { Tx } from '../platform/db/database.ts';
import { DEMO_TIME_ZONE } from './demo-records.ts';

/** How many jobs each demo organisation gets: over the last four months and the coming three weeks. */
export const DEMO_JOBS_PER_ORGANISATION = 240;

/** A site of a demo customer: what a job names. */
export interface DemoSite {
  customerId: string;
  locationId: string;
}

/** A demo job as it was brought in: its id, fields and where its workflow has got to. */
export interface DemoJob extends JobImport {
  id: string;
}

/** The same sequence on every seed, so the demo reads the same (a small linear congruential generator). */
export function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
    between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
  };
}

/** `hour` o'clock in the demo's time zone on the day `days` from `today` (a date of its calendar). */
const localTime = (today: string, days: number, hour: number): Date =>
  instantAt(DEMO_TIME_ZONE, `${addDays(today, days)}T${String(hour).padStart(2, '0')}:00:00`);

/**
 * Each technician's visits today, tomorrow and the day after (days, hour), so Today has a day to show whenever the
 * demo is seeded, and still the next morning: today's done with, under way or to come by the hour it is seeded.
 */
const DAY_PLAN = [
  [0, 8],
  [0, 11],
  [0, 14],
  [1, 9],
  [1, 11],
  [1, 13],
  [2, 9],
  [2, 13],
] as const;

/** Where a visit planned for `hour` today is at `hourNow`: done with, under way or to come. */
const plannedStatus = (days: number, hour: number, hourNow: number): JobStatus =>
  days > 0 || hour > hourNow ? 'OPEN_SCHEDULED' : hour + 2 <= hourNow ? 'OPEN_COMPLETED' : 'OPEN_IN_PROGRESS';

/** What happened to a job scheduled `days` from today, by the demo's story. */
function statusOf(days: number, roll: number): JobStatus {
  if (days < -2)
    return roll < 0.72 ? 'CLOSED_COMPLETED' : roll < 0.88 ? 'OPEN_COMPLETED' : 'CLOSED_CANCELLED';
  if (days < 0) return roll < 0.6 ? 'OPEN_COMPLETED' : 'CLOSED_COMPLETED';
  if (days === 0) return roll < 0.5 ? 'OPEN_IN_PROGRESS' : 'OPEN_SCHEDULED';
  return 'OPEN_SCHEDULED';
}

/**
 * A few hundred jobs in every status: most scheduled (the past ones completed, closed or cancelled, today's in
 * progress, the coming weeks' scheduled, some this week), the rest new, waiting for a booking or ready to be
 * scheduled; each with lines from the catalogue. Brought in at once by `importJobs`, already where the story has
 * them (past the workflow, which the API tests walk). Gives the jobs, for the invoices of those finished.
 */
export async function seedDemoJobs(
  tx: Tx,
  tenantId: string,
  sites: readonly DemoSite[],
  catalogue: readonly Item[],
  now = new Date(),
): Promise<DemoJob[]> {
  const random = sequence(tenantId.charCodeAt(35) + 17);
  const owned = (table: typeof territories | typeof jobPriorities | typeof technicians) =>
    tx.select({ id: table.id, name: table.name }).from(table).where(eq(table.tenantId, tenantId));
  const regions = await owned(territories);
  const priorities = await owned(jobPriorities);
  // The scheduler's five resources (spec section 9): the organisation's technicians.
  const crews = (await owned(technicians)).map((technician) => technician.id);
  const normal = priorities.find((priority) => priority.name === 'Normal') ?? priorities[0];
  const today = calendarDateIn(DEMO_TIME_ZONE, now);
  const hourNow = Number(wallClockAt(DEMO_TIME_ZONE, now).slice(11, 13));
  const plan = crews.flatMap((crew) => DAY_PLAN.map(([days, hour]) => ({ crew, days, hour })));

  const made: JobImport[] = [];
  for (let index = 0; index < DEMO_JOBS_PER_ORGANISATION; index += 1) {
    const site = random.pick(sites);
    const planned = plan[index];
    const scheduled = planned !== undefined || random.next() < 0.85;
    const days = planned?.days ?? (scheduled ? random.between(-120, 21) : random.between(2, 30));
    const start = localTime(today, days, planned?.hour ?? random.between(7, 15));
    const status: JobStatus = planned
      ? plannedStatus(days, planned.hour, hourNow)
      : scheduled
        ? statusOf(days, random.next())
        : random.pick(['OPEN_NEW', 'OPEN_BOOKING_REQUIRED', 'OPEN_READY_TO_BE_SCHEDULED'] as const);
    const lines = Array.from({ length: random.between(1, 3) }, () => {
      const item = random.pick(catalogue);
      const quantity = random.pick(['1', '1', '2', '0.5', '1.5', '3']);
      return { code: item.code, description: item.description, quantity, price: item.price, amount: null };
    });
    const fields: JobFields = {
      reference: random.next() < 0.4 ? `PO ${4000 + index * 7}` : null,
      customer: { id: site.customerId },
      location: { id: site.locationId },
      territory: { id: random.pick(regions).id },
      priority: { id: (random.next() < 0.6 ? normal : random.pick(priorities))?.id ?? '' },
      rag: random.pick<Rag | null>([null, 'GREEN', 'GREEN', 'AMBER', 'RED']),
      due: localTime(today, days + random.between(0, 5), 17).toISOString(),
      scheduledStart: scheduled ? start.toISOString() : null,
      scheduledFinish: scheduled
        ? new Date(start.getTime() + random.between(1, 4) * 3_600_000).toISOString()
        : null,
      actualStart: null,
      actualFinish: null,
      assignee: planned?.crew ?? (scheduled ? random.pick(crews) : null),
      items: lines,
    };
    const started = ['OPEN_IN_PROGRESS', 'OPEN_COMPLETED', 'CLOSED_COMPLETED'].includes(status);
    const finished = status === 'OPEN_COMPLETED' || status === 'CLOSED_COMPLETED';
    made.push({
      fields,
      status,
      actualStart: started ? start.toISOString() : null,
      actualFinish: finished ? fields.scheduledFinish : null,
    });
  }
  const ids = await importJobs(tx, tenantId, made);
  return made.map((job, index) => ({ ...job, id: ids[index] ?? '' }));
}
