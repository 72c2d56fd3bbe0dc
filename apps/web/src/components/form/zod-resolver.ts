import { fieldErrorsOf } from '@fieldbook/domain';
import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * A `validate` for `@mantine/form` from a zod schema: each problem under its full dotted path
 * (`name`, `customer.id`, `lines.3.price`), the first message per field. The paths come from the domain's
 * `fieldErrorsOf`, the function the server's field errors are made with, so both land on the same fields.
 */
export function zodResolver<S extends z.ZodType>(schema: S): (values: z.input<S>) => FormErrors {
  return (values) => {
    const errors: FormErrors = {};
    for (const { field, message } of fieldErrorsOf(schema.safeParse(values))) {
      errors[field] ??= message;
    }
    return errors;
  };
}
