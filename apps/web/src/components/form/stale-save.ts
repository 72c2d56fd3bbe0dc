import type { UseFormReturnType } from '@mantine/form';
import { createContext, use } from 'react';
import { ApiRequestError } from '../../lib/api-client';

/**
 * A save refused because someone saved the record since it was read (409, reason `STALE_SAVE`): the edit page
 * then loads the record again and carries what the user typed over to it (`mergeEdits`), instead of asking them to
 * reload and type it again.
 */
export function isStaleSave(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409 && error.reason === 'STALE_SAVE';
}

/**
 * A save sent again with its Idempotency-Key but other values (409, reason `IDEMPOTENCY_REUSED`): the first send,
 * whose answer was lost, was saved. The edit page loads the record (that save) again and carries what the user
 * changed since over to it, as after a stale save.
 */
export function isOwnEarlierSave(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409 && error.reason === 'IDEMPOTENCY_REUSED';
}

/** How the words start after a stale save, carried over to the record as it now is. */
export const STALE_SAVE_CARRIED = 'Someone else saved changes while you were editing.';

/** How the words start after the user's own earlier save was found saved (`isOwnEarlierSave`). */
export const OWN_SAVE_CARRIED = 'Your earlier save went through before the connection dropped.';

/** Which refusal carried the edits over: someone else's save (`stale`) or the user's own earlier one (`own`). */
export type CarriedBecause = 'stale' | 'own';

/**
 * What a form says once the edits are carried over: who saved, that theirs and yours are both in the form, and to
 * check and `again` ('save again'); `overwritten` names the fields whose other value the user's has replaced.
 */
export function carriedEditsText(
  because: CarriedBecause,
  overwritten: readonly string[] = [],
  again = 'save again',
): string {
  if (because === 'own') {
    return (
      `${OWN_SAVE_CARRIED} It is saved, and what you changed since is in the form over it: check, then ${again}.` +
      (overwritten.length > 0
        ? ` You changed again what it saved (${overwritten.join(', ')}): yours is kept.`
        : '')
    );
  }
  return (
    `${STALE_SAVE_CARRIED} Theirs are in the form now, with yours kept: check, then ${again}.` +
    (overwritten.length > 0
      ? ` They also changed what you changed (${overwritten.join(', ')}): yours is kept.`
      : '')
  );
}

/**
 * What a viewer's action (a status change, nothing typed) says once its refused save has read the record again:
 * who saved, that `record` ('The quote') is shown as it now is, and to check and `again` ('decline it again').
 */
export function readAgainText(because: CarriedBecause, record: string, again: string): string {
  const who = because === 'own' ? OWN_SAVE_CARRIED : STALE_SAVE_CARRIED;
  return `${who} ${record} is shown as it now is: check it, then ${again}.`;
}

/** Which refusal of a save is met by reading the record again: someone else's save, or the user's own earlier one. */
export function carriedBecause(error: unknown): CarriedBecause | null {
  return isStaleSave(error) ? 'stale' : isOwnEarlierSave(error) ? 'own' : null;
}

/** The form's values when its save was refused as stale, and those it started from. */
export interface CarriedEdits {
  mine: Record<string, unknown>;
  base: Record<string, unknown>;
  /** Why they were carried over; someone else's save (`stale`) unless said. */
  because?: CarriedBecause;
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

/**
 * A dialog's form (`@mantine/form`) started over from the record as it now is (`latest`, in the form's shape) with
 * the user's edits carried over (`mergeEdits`): what to say next is `carriedEditsText`, given the fields this gives
 * (those whose other value the user's has replaced).
 */
export function carryEditsOver<Values extends object, Transformed>(
  form: Pick<
    UseFormReturnType<Values, Transformed>,
    'getValues' | 'getInitialValues' | 'setInitialValues' | 'setValues'
  >,
  latest: Values,
): string[] {
  const fields = (values: Values) => values as Record<string, unknown>;
  const { values, overwritten } = mergeEdits(
    { mine: fields(form.getValues()), base: fields(form.getInitialValues()) },
    fields(latest),
  );
  form.setInitialValues(latest);
  form.setValues(values as Values);
  return overwritten;
}
