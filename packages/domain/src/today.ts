import { jobRecord } from './jobs.ts';
import { z } from './zod.ts';

// A technician's day (Today): their visits on a date of the organisation's calendar.

export const todayMessages = {
  date: 'Enter a date as YYYY-MM-DD, such as 2026-11-30.',
  technician: 'Choose a technician.',
} as const;

/** GET /today's query: a date of the organisation's calendar (today by default), and whose day (a Technician: their own). */
export const todayQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: todayMessages.date })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: todayMessages.date })
    .optional()
    .describe("A date of the organisation's calendar, YYYY-MM-DD; today (in its time zone) when left out."),
  technician: z
    .uuid({ error: todayMessages.technician })
    .optional()
    .describe("Whose day: a technician's id. A Technician member always gets their own."),
});

/** A visit: the job, and what the technician needs to get there and call ahead. */
export const visitRecord = z.object({
  job: jobRecord,
  /** The customer's phone, to call ahead. */
  phone: z.string().nullable(),
  /** The location's address on one line ("4 Kent Street, Millers Point NSW 2000"), for directions. */
  address: z.string().nullable(),
});

export const todayRecord = z.object({
  date: z.string(),
  /** Whose day it is; null for a Technician member linked to no technician. */
  technician: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** Scheduled to start that day in start order, then (today only) jobs In progress since an earlier day. */
  visits: z.array(visitRecord),
  /** With no visits that day: the next date with some, within 60 days. */
  nextDate: z.string().nullable(),
});

export type Visit = z.infer<typeof visitRecord>;
export type Today = z.infer<typeof todayRecord>;
