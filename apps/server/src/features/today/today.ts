import {
  addDays,
  calendarDateIn,
  instantAt,
  isUuid,
  type Job,
  oneLineAddress,
  type Today,
  type Visit,
} from '@fieldbook/domain';
import { and, asc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { visibleCustomers, visibleLocations } from '../customers/index.ts';
import { selectJobs, technicianScope, toJob, visibleJobs } from '../jobs/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { technicians } from '../technicians/index.ts';

// A technician's day (Today): their visits on a date of the organisation's calendar, in its time zone.

/** How far ahead an empty day looks for the next day with visits. */
const LOOK_AHEAD_DAYS = 60;

/**
 * The organisation's time zone, and whose day it is, read together: a Technician's own (asking for another's is not
 * found); anyone's for Owners and Office; none for a Technician member linked to no technician.
 */
async function zoneAndTechnician(tx: Tx, tenantId: string, member: Member, asked: string | undefined) {
  const scope = technicianScope(member);
  if (scope === null && asked !== undefined) throw notFound('technician');
  if (scope !== undefined && scope !== null && asked !== undefined && asked !== scope)
    throw notFound('technician');
  const id = scope === null ? undefined : (scope ?? asked);
  const [row] = await tx
    .select({ timeZone: organisationDetails.timeZone, id: technicians.id, name: technicians.name })
    .from(organisationDetails)
    .leftJoin(
      technicians,
      and(
        eq(technicians.tenantId, organisationDetails.tenantId),
        id === undefined || !isUuid(id) ? sql`false` : eq(technicians.id, id),
      ),
    )
    .where(eq(organisationDetails.tenantId, tenantId));
  if (!row) throw notFound('organisation');
  if (id !== undefined && row.id === null) throw notFound('technician');
  const technician = row.id !== null && row.name !== null ? { id: row.id, name: row.name } : null;
  return { timeZone: row.timeZone, technician };
}

/** The customers' phones and the locations' addresses of the jobs, in two reads by their keys. */
async function placesOf(tx: Tx, tenantId: string, jobs: readonly Job[]): Promise<Visit[]> {
  const customerIds = [...new Set(jobs.map((job) => job.customer.id))];
  const locationIds = [...new Set(jobs.flatMap((job) => (job.location ? [job.location.id] : [])))];
  const [phones, addresses] = await Promise.all([
    customerIds.length === 0
      ? []
      : tx
          .select({ id: visibleCustomers.id, phone: visibleCustomers.billingPhone })
          .from(visibleCustomers)
          .where(and(eq(visibleCustomers.tenantId, tenantId), inArray(visibleCustomers.id, customerIds))),
    locationIds.length === 0
      ? []
      : tx
          .select({
            id: visibleLocations.id,
            street1: visibleLocations.street1,
            suburb: visibleLocations.suburb,
            state: visibleLocations.state,
            postcode: visibleLocations.postcode,
          })
          .from(visibleLocations)
          .where(and(eq(visibleLocations.tenantId, tenantId), inArray(visibleLocations.id, locationIds))),
  ]);
  const phone = new Map(phones.map((row) => [row.id, row.phone]));
  const address = new Map(addresses.map((row) => [row.id, oneLineAddress(row)]));
  return jobs.map((job) => ({
    job,
    phone: phone.get(job.customer.id) ?? null,
    address: job.location ? (address.get(job.location.id) ?? null) : null,
  }));
}

/**
 * The technician's visits on `date` (today in the organisation's time zone by default): the jobs assigned to them
 * whose scheduled start is that day, in start order; then, today only, their jobs In progress since an earlier day.
 * With none, the next date within 60 days that has some.
 */
export async function readToday(
  tx: Tx,
  tenantId: string,
  member: Member,
  query: { date?: string | undefined; technician?: string | undefined },
): Promise<Today> {
  const { timeZone, technician } = await zoneAndTechnician(tx, tenantId, member, query.technician);
  const today = calendarDateIn(timeZone);
  const date = query.date ?? today;
  if (!technician) return { date, technician: null, visits: [], nextDate: null };
  const from = instantAt(timeZone, `${date}T00:00:00`);
  const to = instantAt(timeZone, `${addDays(date, 1)}T00:00:00`);
  const start = visibleJobs.scheduledStart;
  const onTheDay = and(gte(start, from), lt(start, to));
  const stillGoing = and(eq(visibleJobs.status, 'OPEN_IN_PROGRESS'), or(lt(start, from), isNull(start)));
  const rows = await selectJobs(tx)
    .where(
      and(
        eq(visibleJobs.tenantId, tenantId),
        eq(visibleJobs.assignee, technician.id),
        date === today ? or(onTheDay, stillGoing) : onTheDay,
      ),
    )
    .orderBy(asc(start), asc(visibleJobs.number));
  const jobs = rows.map(toJob);
  const inDay = (job: Job) => job.scheduledStart !== null && Date.parse(job.scheduledStart) >= from.getTime();
  const ordered = [...jobs.filter(inDay), ...jobs.filter((job) => !inDay(job))];
  return {
    date,
    technician,
    visits: await placesOf(tx, tenantId, ordered),
    nextDate: ordered.length > 0 ? null : await nextDateOf(tx, tenantId, technician.id, to, timeZone),
  };
}

/** The first date after `after` with a visit of the technician's, within `LOOK_AHEAD_DAYS`. */
async function nextDateOf(tx: Tx, tenantId: string, technicianId: string, after: Date, timeZone: string) {
  const [next] = await tx
    .select({ start: visibleJobs.scheduledStart })
    .from(visibleJobs)
    .where(
      and(
        eq(visibleJobs.tenantId, tenantId),
        eq(visibleJobs.assignee, technicianId),
        gte(visibleJobs.scheduledStart, after),
        lt(visibleJobs.scheduledStart, new Date(after.getTime() + LOOK_AHEAD_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(visibleJobs.scheduledStart))
    .limit(1);
  return next?.start ? calendarDateIn(timeZone, next.start) : null;
}
