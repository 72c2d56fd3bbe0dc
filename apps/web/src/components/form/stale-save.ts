import { apiMessages } from '@fieldbook/domain';
import { createContext, use } from 'react';
import { ApiRequestError } from '../../lib/api-client';

/**
 * A save refused because someone saved the record since it was read (409, `apiMessages.staleSave`): the edit page
 * then loads the record again and carries what the user typed over to it (`mergeEdits`), instead of asking them to
 * reload and type it again.
 */
export function isStaleSave(error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.status !== 409 || typeof error.body === 'string')
    return false;
  const [before] = apiMessages.staleSave('\u0000').split('\u0000');
  return error.body.message.startsWith(before ?? '');
}

/** The form's values when its save was refused as stale, and those it started from. */
export interface CarriedEdits {
  mine: Record<string, unknown>;
  base: Record<string, unknown>;
}

/** What the edit page gives its editor: the edits carried over from a stale save, and the way to carry them. */
export interface StaleSaves {
  carried: CarriedEdits | null;
  /** Loads the record again and starts its editor over, with these edits carried; false when it could not. */
  reload: (edits: CarriedEdits) => Promise<boolean>;
}

export const StaleSaveContext = createContext<StaleSaves | null>(null);

export const useStaleSaves = (): StaleSaves | null => use(StaleSaveContext);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The user's edits over the record as it now is: each field the user changed keeps their value, every other field
 * takes the record's latest (`theirs`). Gives the fields the user changed that someone else changed too (theirs
 * then differs from where the user started), which the user's value has replaced.
 */
export function mergeEdits<Values extends Record<string, unknown>>(
  { mine, base }: CarriedEdits,
  theirs: Values,
): { values: Values; overwritten: string[] } {
  const values: Record<string, unknown> = { ...theirs };
  const overwritten: string[] = [];
  for (const field of Object.keys(theirs)) {
    if (same(mine[field], base[field])) continue;
    values[field] = mine[field];
    if (!same(theirs[field], base[field]) && !same(theirs[field], mine[field])) overwritten.push(field);
  }
  return { values: values as Values, overwritten };
}
