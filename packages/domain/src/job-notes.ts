import { updatedStamp } from './records.ts';
import { requiredText } from './text-fields.ts';
import { z } from './zod.ts';

/** How long after writing it a note's author may still change it. */
export const NOTE_EDIT_MINUTES = 15;

export const jobNoteMessages = {
  text: 'Write the note.',
  notAuthor: 'Only the person who wrote a note can change it.',
  tooLate: `A note can be changed only in the ${NOTE_EDIT_MINUTES} minutes after it was written.`,
} as const;

/** A note on a job: what was done or found, as a technician or the office writes it. */
export const jobNoteFields = z.object({
  text: requiredText(jobNoteMessages.text, 5000, { multiLine: true }),
});

/** A change to a note carries the `updated` it read: a save over a newer one is refused (409). */
export const jobNoteUpdate = jobNoteFields.extend({ updated: updatedStamp });

export type JobNoteFields = z.output<typeof jobNoteFields>;
export type JobNoteUpdate = z.output<typeof jobNoteUpdate>;

/** A note as the API returns it, with who wrote it and whether the caller may still change it. */
export const jobNoteRecord = z.object({
  id: z.uuid(),
  job: z.object({ id: z.uuid() }),
  text: z.string(),
  author: z.object({
    /** Their name (or email) when they wrote it; null when the organisation did not know it. */
    name: z.string().nullable(),
    /** The caller wrote it. */
    mine: z.boolean(),
  }),
  /** Until when its author may change it (ISO 8601): `NOTE_EDIT_MINUTES` after it was written. */
  editableUntil: z.string(),
  created: z.string(),
  updated: z.string(),
});

export type JobNote = z.infer<typeof jobNoteRecord>;
