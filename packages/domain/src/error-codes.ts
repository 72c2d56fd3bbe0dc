import type { ErrorBody } from './api-errors.ts';

// Free of zod, so the web app's first screens can read error responses without downloading it.

/** The API's error codes and their HTTP statuses (architecture: API > Errors). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  /** A document (PDF) could not be made from its template: it broke a limit, or the saved template fails. */
  DOCUMENT_FAILED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database cannot be reached, or the server is too busy to take the request now: try again later. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * Which conflict a 409 is, when a client acts on it (the error body's `reason`): `STALE_SAVE`, a save over a version
 * someone has saved since it was read (read the record again, carry the edits over, save again);
 * `IDEMPOTENCY_REUSED`, an Idempotency-Key whose request was done before with other values (the first one went
 * through: its answer was lost).
 */
export const CONFLICT_REASONS = ['STALE_SAVE', 'IDEMPOTENCY_REUSED'] as const;

export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/** Messages both sides show, so a test fake can only say what the server says. */
export const apiMessages = {
  invalidRequest: 'Some of what was entered needs a change.',
  /** `notFound('customer')` is "Customer not found.". */
  notFound: (noun: string) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found.`,
  /** A save over a version someone else has changed since it was read. */
  staleSave: (noun: string) =>
    `Someone else changed this ${noun}. Reload it to see their changes, then save again.`,
  /** A save sent again with its Idempotency-Key but other values: the first one went through (its answer was lost). */
  earlierSaveKept:
    'Your save before the connection dropped went through, with the values sent then; the changes made since were ' +
    'not saved. Read the record again to change it.',
  idMismatch: 'The id in the body must be the id in the path.',
  databaseUnavailable: 'The service is currently unavailable. Please try again in a few minutes.',
} as const;

const isText = (value: unknown): value is string => typeof value === 'string';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Whether a parsed JSON value is the API's error body, checked as `errorBody.safeParse` checks it (a test holds
 * the two to the same answers): for the web app, which reads error responses on every screen.
 */
export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    isRecord(value) &&
    isText(value.error) &&
    Object.hasOwn(ERROR_STATUS, value.error) &&
    isText(value.message) &&
    (value.reason === undefined || CONFLICT_REASONS.some((reason) => reason === value.reason)) &&
    Array.isArray(value.fieldErrors) &&
    value.fieldErrors.every((item) => isRecord(item) && isText(item.field) && isText(item.message))
  );
}
