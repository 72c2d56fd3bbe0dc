import {
  apiMessages,
  type ConflictReason,
  ERROR_STATUS,
  type ErrorBody,
  type ErrorCode,
  type FieldError,
} from '@fieldbook/domain';

export type { ErrorBody, ErrorCode, FieldError } from '@fieldbook/domain';

/** Thrown anywhere in a request; the error handler turns it into the error shape and status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldError[];
  /** Sent as `Retry-After` (a 429 or 503 that knows when to ask again). */
  readonly retryAfterSeconds: number | undefined;
  /** A 409's `reason`, for a client that acts on it (`CONFLICT_REASONS`). */
  readonly reason: ConflictReason | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fieldErrors: FieldError[] = [],
    { retryAfterSeconds, reason }: { retryAfterSeconds?: number; reason?: ConflictReason } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.fieldErrors = fieldErrors;
    this.retryAfterSeconds = retryAfterSeconds;
    this.reason = reason;
  }

  toBody(): ErrorBody {
    return {
      error: this.code,
      message: this.message,
      ...(this.reason === undefined ? {} : { reason: this.reason }),
      fieldErrors: this.fieldErrors,
    };
  }
}

export const validationFailed = (message: string, fieldErrors: FieldError[] = []) =>
  new ApiError('VALIDATION_FAILED', message, fieldErrors);
/** A request body that is not JSON, which the API takes only. */
export const notJson = () =>
  validationFailed('Send the request body as JSON (Content-Type: application/json).');
/** One field is wrong: `fieldInvalid('customer.id', 'Choose an existing customer.')`. */
export const fieldInvalid = (field: string, message: string) =>
  validationFailed(apiMessages.invalidRequest, [{ field, message }]);
/** `notFound('customer')`: "Customer not found." */
export const notFound = (noun: string) => new ApiError('NOT_FOUND', apiMessages.notFound(noun));
export const conflict = (message: string) => new ApiError('CONFLICT', message);
/** `staleSave('customer')`: someone saved the record since the client read it (409, reason `STALE_SAVE`). */
export const staleSave = (noun: string) =>
  new ApiError('CONFLICT', apiMessages.staleSave(noun), [], { reason: 'STALE_SAVE' });
