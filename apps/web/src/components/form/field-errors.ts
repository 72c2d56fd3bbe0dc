import type { FieldError } from '@fieldbook/domain';
import type { FormErrors } from '@mantine/form';

/**
 * The labels of a form's fields by dotted path, as the inputs show them. In a list, `#` stands for any index
 * and reads as the 1-based row number: `{ 'lines.#.price': 'Line # price' }` labels `lines.3.price` "Line 4 price".
 */
export type FieldLabels = Readonly<Record<string, string>>;

/** The label of the field at a dotted path, or undefined when the form does not name it. */
export function fieldLabel(labels: FieldLabels, path: string): string | undefined {
  const exact = labels[path];
  if (exact !== undefined) return exact;
  const rows: number[] = [];
  const pattern = path
    .split('.')
    .map((part) => {
      if (!/^\d+$/.test(part)) return part;
      rows.push(Number(part) + 1);
      return '#';
    })
    .join('.');
  return labels[pattern]?.replace(/#/g, () => String(rows.shift() ?? '#'));
}

export interface PlacedFieldErrors {
  /** For `form.setErrors`: the first message of each field that is on the form, by dotted path. */
  onFields: FormErrors;
  /** The errors of fields that are not on the form, in the given order, each labelled where known. */
  elsewhere: string[];
  /** Every message in the given order, those of `elsewhere` labelled: the alert's list for a server refusal. */
  listed: string[];
}

/**
 * Sorts field errors (the server's VALIDATION_FAILED, or the form's own check) into those shown beside their
 * field and those only the alert at the top can show: a field the form has no input for (`customer.id`
 * taken from the route, a line that is gone) is named by its label, "Customer: Choose the customer.".
 */
export function placeFieldErrors(
  fieldErrors: readonly FieldError[],
  hasField: (path: string) => boolean,
  labels: FieldLabels,
): PlacedFieldErrors {
  const onFields: FormErrors = {};
  const elsewhere: string[] = [];
  const listed: string[] = [];
  for (const { field, message } of fieldErrors) {
    if (hasField(field)) {
      onFields[field] ??= message;
      listed.push(message);
    } else {
      const label = fieldLabel(labels, field);
      const text = label ? `${label}: ${message}` : message;
      elsewhere.push(text);
      listed.push(text);
    }
  }
  return { onFields, elsewhere, listed };
}
