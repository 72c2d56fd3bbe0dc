import { takenAtField } from './date-fields.ts';
import { OUTBOX_STATUSES } from './mail.ts';
import { z } from './zod.ts';

/** When a technician on their way may say they expect to arrive, in minutes from now. */
export const ARRIVAL_MINUTES = [15, 30, 45, 60, 90, 120] as const;

export const departureMessages = {
  arrivalMinutes: 'Choose when you expect to arrive: in 15, 30, 45, 60, 90 or 120 minutes.',
  notOpen:
    'On my way is for a job that is Scheduled or In progress. Nothing was recorded: the job is shown as it is now.',
} as const;

/** "On my way": when the technician expects to arrive, and whether to email the customer (when they have an email). */
export const departureFields = z.object({
  arrivalMinutes: z
    .number({ error: departureMessages.arrivalMinutes })
    .refine((minutes) => (ARRIVAL_MINUTES as readonly number[]).includes(minutes), {
      error: departureMessages.arrivalMinutes,
    })
    .describe('In how many minutes the technician expects to arrive: 15, 30, 45, 60, 90 or 120.'),
  notify: z
    .boolean({ error: 'Say whether to email the customer: true or false.' })
    .default(true)
    .describe(
      'Email the customer that the technician is on the way (when the customer has an email address).',
    ),
  takenAt: takenAtField(),
});
export type DepartureFields = z.output<typeof departureFields>;

/** A technician's "on my way" to a job: when, the arrival window given, and the email it sent, if any. */
export const departureRecord = z.object({
  id: z.uuid(),
  job: z.object({ id: z.uuid() }),
  /** When they said it (ISO 8601). */
  departed: z.string(),
  /** The arrival window the customer was told (ISO 8601): `ARRIVAL_WINDOW_MINUTES` long. */
  arrivalFrom: z.string(),
  arrivalTo: z.string(),
  /** Whose name the message gave: a Technician caller's own, else the job's technician's, else the caller's. */
  technician: z.string().nullable(),
  /** Who tapped it (their name, else email). */
  by: z.string().nullable(),
  /** Where the email went; null when none was sent (not asked for, or the customer has no email address). */
  emailedTo: z.string().nullable(),
  /** The outbox message and what became of it; null with no email. */
  messageId: z.uuid().nullable(),
  status: z.enum(OUTBOX_STATUSES).nullable(),
});
export type Departure = z.infer<typeof departureRecord>;
