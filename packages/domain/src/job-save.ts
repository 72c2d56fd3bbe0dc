import type { Job, JobUpdate } from './jobs.ts';

// Apart from jobs.ts: a screen that saves a job (the scheduler) imports this, and jobs.ts's schemas would bring
// zod and the money module to its first download (39 KB gzip).

type Reference = { id: string } | null;

/**
 * What a save sends. A job may have been created without a location, territory or priority (only the customer is
 * required then); a save needs them, and the server refuses one that is missing with a field error that says so.
 */
export type JobSaveBody = Omit<JobUpdate, 'location' | 'territory' | 'priority'> & {
  location: Reference;
  territory: Reference;
  priority: Reference;
};

const byId = (reference: Reference): Reference => (reference ? { id: reference.id } : null);

/** A job as read, as a save sends it back: every field, the references by id, and the `updated` read. */
export function jobSave(job: Job): JobSaveBody {
  return {
    id: job.id,
    updated: job.updated,
    reference: job.reference,
    customer: { id: job.customer.id },
    location: byId(job.location),
    territory: byId(job.territory),
    priority: byId(job.priority),
    status: job.status,
    rag: job.rag,
    due: job.due,
    scheduledStart: job.scheduledStart,
    scheduledFinish: job.scheduledFinish,
    actualStart: job.actualStart,
    actualFinish: job.actualFinish,
    assignee: job.assignee,
    items: job.items.map(({ code, description, quantity, price, amount }) => ({
      code,
      description,
      quantity,
      price,
      amount,
    })),
  };
}
