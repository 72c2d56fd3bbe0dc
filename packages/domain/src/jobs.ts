import { dateTimeField } from './date-fields.ts';
import { sumText } from './decimal-units.ts';
import { JOB_STATUSES, RAGS } from './job-statuses.ts';
import { type LineTotals, lineFields, lineRecord } from './lines.ts';
import { namedReference, recordReference, saveOf } from './records.ts';
import { technicianMessages } from './technicians.ts';
import { optionalText } from './text-fields.ts';
import { z } from './zod.ts';

export const jobMessages = {
  customer: 'Choose the customer.',
  location: 'Choose the location.',
  territory: 'Choose the territory.',
  priority: 'Choose the priority.',
  status: `Choose the status: ${JOB_STATUSES.join(', ')}.`,
  rag: 'Choose RED, AMBER or GREEN.',
  date: 'Enter a date and time in ISO 8601 with its offset, such as 2026-11-23T09:00:00+11:00.',
  finishBeforeStart: 'The finish cannot be before the start.',
  scheduleNeedsTimes: 'A scheduled job needs a scheduled start and finish.',
} as const;

const optionalDateTime = () =>
  dateTimeField(jobMessages.date)
    .nullish()
    .transform((value) => value ?? null);

const optionalReference = (message: string) =>
  recordReference(message)
    .nullish()
    .transform((value) => value ?? null);

interface JobTimes {
  status?: string;
  scheduledStart: string | null;
  scheduledFinish: string | null;
  actualStart: string | null;
  actualFinish: string | null;
}

/** A finish is not before its start; a Scheduled job has both its scheduled times. */
function checkTimes(job: JobTimes, context: z.RefinementCtx) {
  for (const [start, finish] of [
    ['scheduledStart', 'scheduledFinish'],
    ['actualStart', 'actualFinish'],
  ] as const) {
    const [from, to] = [job[start], job[finish]];
    if (from && to && Date.parse(to) < Date.parse(from)) {
      context.addIssue({ code: 'custom', path: [finish], message: jobMessages.finishBeforeStart });
    }
  }
  if (job.status === 'OPEN_SCHEDULED') {
    for (const field of ['scheduledStart', 'scheduledFinish'] as const) {
      if (!job[field])
        context.addIssue({ code: 'custom', path: [field], message: jobMessages.scheduleNeedsTimes });
    }
  }
}

const jobShape = z.object({
  reference: optionalText(100),
  customer: recordReference(jobMessages.customer),
  location: optionalReference(jobMessages.location),
  territory: optionalReference(jobMessages.territory),
  priority: optionalReference(jobMessages.priority),
  /** A new job starts OPEN_NEW whatever is sent; a save moves it only as `jobTransitions` allows. */
  status: z.enum(JOB_STATUSES, { error: jobMessages.status }).optional(),
  rag: z
    .enum(RAGS, { error: jobMessages.rag })
    .nullish()
    .transform((value) => value ?? null),
  due: optionalDateTime(),
  scheduledStart: optionalDateTime(),
  scheduledFinish: optionalDateTime(),
  actualStart: optionalDateTime(),
  actualFinish: optionalDateTime(),
  /** The technician the job is assigned to (their id), or null. */
  assignee: z
    .preprocess(
      (value) => (value === '' ? null : value),
      z.uuid({ error: technicianMessages.assignee }).nullish(),
    )
    .transform((value) => value ?? null),
  items: z.array(lineFields).max(500, { error: 'Use at most 500 line items.' }).default([]),
});

/** A job as a user edits it (spec section 3); on create only the customer is required. */
export const jobFields = jobShape.superRefine(checkTimes);

const savedJobShape = jobShape.extend({
  location: recordReference(jobMessages.location),
  territory: recordReference(jobMessages.territory),
  priority: recordReference(jobMessages.priority),
  status: z.enum(JOB_STATUSES, { error: jobMessages.status }),
});

/** A saved job's fields as a user edits them: customer, location, territory and priority required. */
export const savedJobFields = savedJobShape.superRefine(checkTimes);

/** A save of a job: the whole job and the `updated` read; customer, location, territory and priority required. */
export const jobUpdate = saveOf(savedJobShape).superRefine(checkTimes);

export type JobFields = z.output<typeof jobFields>;
export type JobUpdate = z.output<typeof jobUpdate>;

/** A job as the API returns it: nested `{ id, name }` references, lines with their amounts, and the totals. */
export const jobRecord = z.object({
  id: z.uuid(),
  number: z.number().int(),
  reference: z.string().nullable(),
  customer: namedReference,
  location: namedReference.nullable(),
  territory: namedReference.nullable(),
  priority: namedReference.nullable(),
  status: z.enum(JOB_STATUSES),
  rag: z.enum(RAGS).nullable(),
  due: z.string().nullable(),
  scheduledStart: z.string().nullable(),
  scheduledFinish: z.string().nullable(),
  actualStart: z.string().nullable(),
  actualFinish: z.string().nullable(),
  /** The technician's id. */
  assignee: z.string().nullable(),
  /** The technician's name, to show. */
  assigneeName: z.string().nullable(),
  items: z.array(lineRecord),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  created: z.string(),
  updated: z.string(),
});

export type Job = z.infer<typeof jobRecord>;

/** A job's totals: the sum of its line amounts; a job carries no tax (spec section 5), so total = subtotal. */
export function jobTotals(lines: readonly { amount: string }[]): LineTotals {
  const subtotal = sumText(lines.map((line) => line.amount));
  return { subtotal, tax: '0.00', total: subtotal };
}

/** A job priority or a territory as the API lists them: reference data a job names (`namedReference`). */
export type JobPriority = z.infer<typeof namedReference>;
export type Territory = z.infer<typeof namedReference>;
