import { CONFLICT_REASONS, ERROR_STATUS, type ErrorCode } from './error-codes.ts';
import { z } from './zod.ts';

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
    reason: z
      .enum(CONFLICT_REASONS)
      .optional()
      .describe(
        'On a 409, which conflict, when a client may act on it: `STALE_SAVE` (someone saved the record since its ' +
          '`updated` was read) or `IDEMPOTENCY_REUSED` (the Idempotency-Key was used before with other values).',
      ),
    fieldErrors: z.array(fieldError),
  })
  .meta({ id: 'Error' });

export type FieldError = z.infer<typeof fieldError>;
export type ErrorBody = z.infer<typeof errorBody>;

/**
 * A parse's problems in the API's shape (dotted paths), so a form checked in the browser shows the same
 * messages as a refusal from the server: `fieldErrorsOf(customerFields.safeParse(values))`.
 */
export function fieldErrorsOf(result: { success: boolean; error?: z.ZodError }): FieldError[] {
  return result.error?.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) ?? [];
}
