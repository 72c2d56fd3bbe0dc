import { isUuid, type Job, type JobFields, type JobUpdate } from '@fieldbook/domain';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import { jobs } from './job-tables.ts';

/**
 * Whose jobs the member may see: undefined for Owners and Office (every job), else the technician a Technician
 * member works as (null when linked to none: no jobs at all).
 */
export const technicianScope = (member: Member): string | null | undefined =>
  member.role === 'TECHNICIAN' ? member.technicianId : undefined;

/** The job, if the member may see it: another technician's job is not found (as another tenant's would be). */
export function ownJob(member: Member, job: Job): Job {
  const scope = technicianScope(member);
  if (scope !== undefined && (scope === null || job.assignee !== scope)) throw notFound('job');
  return job;
}

/** 404 unless the job is there and the member may see it (a Technician only their own), for what hangs off a job. */
export async function requireVisibleJob(
  tx: Tx,
  tenantId: string,
  jobId: string,
  member: Member,
): Promise<void> {
  const [job] = isUuid(jobId)
    ? await tx
        .select({ assignee: jobs.assignee })
        .from(jobs)
        .where(and(eq(jobs.tenantId, tenantId), eq(jobs.id, jobId)))
    : [];
  const scope = technicianScope(member);
  if (!job || (scope !== undefined && (scope === null || job.assignee !== scope))) throw notFound('job');
}

/**
 * What a save writes: a whole job as `jobUpdate` takes it, except that a Technician's save keeps the job's
 * location, territory and priority as they are, none included (`technicianSave`).
 */
export type JobSaveFields = Omit<JobUpdate, 'id' | 'updated' | 'location' | 'territory' | 'priority'> &
  Pick<JobFields, 'location' | 'territory' | 'priority'>;

/** What the job names, as it is: none stays none. */
const reference = (id: string | null) => (id === null ? null : { id });
const time = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * A Technician member's save: their status and line items (and the times the status buttons stamp), over the job
 * as it is (its row). Customer, site, territory, priority, schedule, assignee and the rest stay as the office set
 * them, none included, whatever was sent.
 */
export function technicianSave(current: typeof jobs.$inferSelect, sent: JobSaveFields): JobSaveFields {
  return {
    ...sent,
    reference: current.reference,
    customer: { id: current.customerId },
    location: reference(current.locationId),
    territory: reference(current.territoryId),
    priority: reference(current.priorityId),
    rag: current.rag as JobSaveFields['rag'],
    due: time(current.due),
    scheduledStart: time(current.scheduledStart),
    scheduledFinish: time(current.scheduledFinish),
    assignee: current.assignee,
  };
}
