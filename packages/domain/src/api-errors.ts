import { z } from 'zod';

/** The API's error codes and their HTTP statuses (architecture: API > Errors). */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** The database cannot be reached, or the server is too busy to take the request now: try again later. */
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

const errorCodes = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** One field's problem; `field` is a dotted path into the request (`customer.id`, `lines.3.price`, `q`). */
export const fieldError = z.object({
  field: z.string().describe('Dotted path of the field, e.g. `customer.id` or `lines.3.price`.'),
  message: z.string(),
});

/** The one error body of the API: the server sends it, the OpenAPI document declares it, the web app reads it. */
export const errorBody = z
  .object({
    error: z.enum(errorCodes),
    message: z.string(),
    fieldErrors: z.array(fieldError),
  })
  .meta({ id: 'Error' });

export type FieldError = z.infer<typeof fieldError>;
export type ErrorBody = z.infer<typeof errorBody>;

/** Messages both sides show, so a test fake can only say what the server says. */
export const apiMessages = {
  invalidRequest: 'The request is not valid.',
  /** `notFound('customer')` is "Customer not found.". */
  notFound: (noun: string) => `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found.`,
  /** A save over a version someone else has changed since it was read. */
  staleSave: (noun: string) =>
    `Someone else changed this ${noun}. Reload it to see their changes, then save again.`,
  idMismatch: 'The id in the body must be the id in the path.',
  databaseUnavailable: 'The service is currently unavailable. Please try again in a few minutes.',
} as const;

/**
 * A parse's problems in the API's shape (dotted paths), so a form checked in the browser shows the same
 * messages as a refusal from the server: `fieldErrorsOf(customerFields.safeParse(values))`.
 */
export function fieldErrorsOf(result: { success: boolean; error?: z.ZodError }): FieldError[] {
  return result.error?.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) ?? [];
}
