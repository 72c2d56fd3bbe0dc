import { type ChangeEvent, useState } from 'react';
import type { ZodType } from 'zod';

export type FieldErrors<V> = Partial<Record<keyof V, string>>;

export type Validation<T, V> = { ok: true; data: T } | { ok: false; errors: FieldErrors<V> };

/** Checks form input against a schema; each field gets the message of its first problem. */
export function validateForm<T, V>(schema: ZodType<T>, input: unknown): Validation<T, V> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors: errors as FieldErrors<V> };
}

/**
 * The text values of an editor's fields and their client-side errors. `field(name)` gives the props of a
 * Mantine input; editing a field clears its error.
 */
export function useFormValues<V extends Record<string, string>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});

  const setValue = (name: keyof V, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] === undefined ? current : { ...current, [name]: undefined }));
  };

  const field = (name: keyof V) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.currentTarget.value),
  });

  /** Shows the errors and moves the focus to the first field that has one. */
  const showErrors = (next: FieldErrors<V>) => {
    setErrors(next);
    // After the render that marks the fields invalid.
    requestAnimationFrame(() => {
      document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
    });
  };

  return { values, setValue, setValues, field, errors, showErrors };
}
