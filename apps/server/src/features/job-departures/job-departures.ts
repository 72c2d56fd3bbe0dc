import {
  arrivalWindow,
  clockTime,
  type Departure,
  type DepartureFields,
  departureMessages,
  fillPlaceholders,
  type OutboxStatus,
  takenAtOrNow,
} from '@fieldbook/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import { uuidv7 } from 'uuidv7';
import type { Tx } from '../../platform/db/database.ts';
import { tenants } from '../../platform/db/tenant-table.ts';
import { conflict, notFound } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { storeMessage } from '../../platform/mail/outbox.ts';
import { outboxMessages } from '../../platform/mail/outbox-tables.ts';
import { customers } from '../customers/index.ts';
import { jobs, requireVisibleJob } from '../jobs/index.ts';
import { organisationDetails } from '../organisation/index.ts';
import { memberIdentity } from '../team/index.ts';
import { technicians } from '../technicians/index.ts';
import { jobDepartures } from './job-departure-tables.ts';

// "On my way" (docs/web.md, "Today and the visit"): the technician says they are on their way to a job and when
// they expect to arrive; the customer is emailed, from the organisation's template, when asked and they have an
// email address. The message goes through the outbox in the same transaction.

/** The statuses a technician may be on their way to a job in. */
const ON_THE_WAY_STATUSES = new Set(['OPEN_SCHEDULED', 'OPEN_IN_PROGRESS']);

const departureColumns = {
  id: jobDepartures.id,
  jobId: jobDepartures.jobId,
  departed: jobDepartures.departed,
  arrivalFrom: jobDepartures.arrivalFrom,
  arrivalTo: jobDepartures.arrivalTo,
  technicianName: jobDepartures.technicianName,
  byName: jobDepartures.byName,
  recipient: jobDepartures.recipient,
  messageId: jobDepartures.messageId,
  status: outboxMessages.status,
};

const selectDepartures = (tx: Tx) =>
  tx
    .select(departureColumns)
    .from(jobDepartures)
    .leftJoin(
      outboxMessages,
      and(
        eq(outboxMessages.tenantId, jobDepartures.tenantId),
        eq(outboxMessages.id, jobDepartures.messageId),
      ),
    );

type DepartureRow = Awaited<ReturnType<ReturnType<typeof selectDepartures>['execute']>>[number];

const toDeparture = (row: DepartureRow): Departure => ({
  id: row.id,
  job: { id: row.jobId },
  departed: row.departed.toISOString(),
  arrivalFrom: row.arrivalFrom.toISOString(),
  arrivalTo: row.arrivalTo.toISOString(),
  technician: row.technicianName,
  by: row.byName,
  emailedTo: row.recipient,
  messageId: row.messageId,
  status: (row.status as OutboxStatus | null) ?? null,
});

/** The job's departures, newest first. */
export async function listDepartures(
  tx: Tx,
  tenantId: string,
  jobId: string,
  member: Member,
): Promise<Departure[]> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const rows = await selectDepartures(tx)
    .where(and(eq(jobDepartures.tenantId, tenantId), eq(jobDepartures.jobId, jobId)))
    .orderBy(desc(jobDepartures.departed), desc(jobDepartures.id));
  return rows.map(toDeparture);
}

/** What an "on my way" needs of the job, its customer and technician, and the organisation, read at once. */
async function readTrip(tx: Tx, tenantId: string, jobId: string) {
  const [trip] = await tx
    .select({
      number: jobs.number,
      status: jobs.status,
      customer: customers.name,
      email: customers.billingEmail,
      technician: technicians.name,
      organisation: tenants.name,
      timeZone: organisationDetails.timeZone,
      subject: organisationDetails.onMyWaySubject,
      message: organisationDetails.onMyWayMessage,
      now: sql<string>`now()`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(jobs)
    .innerJoin(customers, and(eq(customers.tenantId, jobs.tenantId), eq(customers.id, jobs.customerId)))
    .leftJoin(technicians, and(eq(technicians.tenantId, jobs.tenantId), eq(technicians.id, jobs.assignee)))
    .innerJoin(tenants, eq(tenants.id, jobs.tenantId))
    .innerJoin(organisationDetails, eq(organisationDetails.tenantId, jobs.tenantId))
    .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, jobId)))
    .for('update', { of: jobs });
  return trip;
}

/**
 * Records that the technician is on their way to the job (now, or when they said it on a phone without signal:
 * `takenAt`), and (with `notify`, when the customer has an email address and the arrival window has not begun)
 * puts the organisation's "on my way" email to them in the outbox. A job that is not Scheduled or In progress is
 * refused (409), with nothing recorded.
 */
export async function addDeparture(
  tx: Tx,
  tenantId: string,
  jobId: string,
  fields: DepartureFields,
  member: Member,
): Promise<Departure> {
  await requireVisibleJob(tx, tenantId, jobId, member);
  const trip = await readTrip(tx, tenantId, jobId);
  if (!trip) throw notFound('job');
  if (!ON_THE_WAY_STATUSES.has(trip.status)) throw conflict(departureMessages.notOpen);
  const caller = await memberIdentity(tx, tenantId, member.subject);
  const by = caller.name ?? caller.email;
  // The customer is told who is coming: a Technician saying it of their own visit by their own name (a technician
  // row may be named for its van or area, "SE01 Surry Hills"); the office saying it, by the job's technician's.
  const technician = member.role === 'TECHNICIAN' && caller.name ? caller.name : (trip.technician ?? by);
  const departed = takenAtOrNow(fields.takenAt, trip.now);
  const window = arrivalWindow(departed, fields.arrivalMinutes);
  // Sent from a phone after the arrival time it gave has begun: recorded, but the customer is not emailed a time
  // already past. Decided here, not on the phone, so a resend after a lost answer sends what the first send did.
  const recipient = fields.notify && window.from > trip.now ? trip.email : null;
  let messageId: string | null = null;
  if (recipient) {
    const values = {
      technician: technician ?? trip.organisation,
      customer: trip.customer,
      organisation: trip.organisation,
      number: String(trip.number),
      arrivalFrom: clockTime(window.from, trip.timeZone),
      arrivalTo: clockTime(window.to, trip.timeZone),
    };
    messageId = await storeMessage(tx, tenantId, {
      kind: 'ON_MY_WAY',
      to: recipient,
      subject: fillPlaceholders(trip.subject, values),
      text: fillPlaceholders(trip.message, values),
    });
  }
  const id = uuidv7();
  await tx.insert(jobDepartures).values({
    tenantId,
    id,
    jobId,
    departed,
    arrivalFrom: window.from,
    arrivalTo: window.to,
    technicianName: technician,
    byName: by,
    recipient,
    messageId,
  });
  const [row] = await selectDepartures(tx).where(
    and(eq(jobDepartures.tenantId, tenantId), eq(jobDepartures.id, id)),
  );
  return toDeparture(row as DepartureRow);
}
