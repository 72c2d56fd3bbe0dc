import { z } from './zod.ts';

const UPDATED_MESSAGE = 'Send the updated timestamp of the record you read (ISO 8601).';
/** No record was saved before 1970 or after 9999; outside that, a date is not one the server gave. */
const SAVEABLE = { from: Date.UTC(1970, 0, 1), to: Date.UTC(10_000, 0, 1) };

/** The `updated` a client read; a save over a newer record is refused. */
export const updatedStamp = z.iso
  .datetime({ offset: true, error: UPDATED_MESSAGE, abort: true })
  .refine((value) => Date.parse(value) >= SAVEABLE.from && Date.parse(value) < SAVEABLE.to, {
    error: UPDATED_MESSAGE,
  });

/** A save of an existing record: its fields, the id (optional: the path names it) and the `updated` read. */
export const saveOf = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  fields.extend({ id: z.uuid().optional(), updated: updatedStamp });

/** A reference to another record by id, as in `customer: { id }`. */
export const recordReference = (message: string) =>
  z.object({ id: z.uuid({ error: message }) }, { error: message });

/** Another record as responses name it: `{ id, name }`, so lists and viewers need no second call. */
export const namedReference = z.object({ id: z.uuid(), name: z.string() });

/** The path parameters of one record's endpoints. */
export const idParams = z.object({ id: z.string().describe('The record id (a UUID).') });
