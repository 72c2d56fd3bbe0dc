import type { z } from 'zod';

/** A problem with one field, as the API reports it in `fieldErrors` (`field` is a dotted path). */
export interface FieldProblem {
  field: string;
  message: string;
}

/**
 * A form's problems in the API's shape, so a form checked in the browser shows the same messages as a
 * refusal from the server: `fieldErrorsOf(customerFields.safeParse(values))`.
 */
export function fieldErrorsOf(result: { success: boolean; error?: z.ZodError }): FieldProblem[] {
  return result.error?.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })) ?? [];
}
