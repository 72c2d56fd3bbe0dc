import type { Job, JobUpdate } from '@fieldbook/domain';
import { notFound } from '../../platform/http/errors.ts';
import type { Member } from '../../platform/http/member-scope.ts';
import type { JobSaveFields } from './jobs.ts';

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

/** What the job names, as it is: none stays none. */
const reference = (named: { id: string } | null) => (named ? { id: named.id } : null);

/**
 * A Technician member's save: their status and line items (and the times the status buttons stamp), over the job
 * as it is. Customer, site, territory, priority, schedule, assignee and the rest stay as the office set them,
 * none included, whatever was sent.
 */
export function technicianSave(current: Job, sent: JobUpdate): JobSaveFields {
  return {
    ...sent,
    reference: current.reference,
    customer: { id: current.customer.id },
    location: reference(current.location),
    territory: reference(current.territory),
    priority: reference(current.priority),
    rag: current.rag,
    due: current.due,
    scheduledStart: current.scheduledStart,
    scheduledFinish: current.scheduledFinish,
    assignee: current.assignee,
  };
}
