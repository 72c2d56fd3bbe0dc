/** The API's one error shape (architecture: API > Errors). */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL';

export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  fieldErrors: FieldError[];
}

const statusOf: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** Thrown anywhere in a request; the error handler turns it into the error shape and status. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors: FieldError[];

  constructor(code: ErrorCode, message: string, fieldErrors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = statusOf[code];
    this.fieldErrors = fieldErrors;
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message, fieldErrors: this.fieldErrors };
  }
}

export const validationFailed = (message: string, fieldErrors: FieldError[] = []) =>
  new ApiError('VALIDATION_FAILED', message, fieldErrors);
export const notFound = (what = 'Resource') => new ApiError('NOT_FOUND', `${what} not found.`);
export const conflict = (message: string) => new ApiError('CONFLICT', message);
