import type { FormErrors } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { useFormNotices } from '../notices';
import { placeFieldErrors } from './field-errors';

/**
 * A dialog's form and its failed tries: the server's field errors put on their fields (`setErrors`, the form's),
 * those of no field listed for the alert, and after each failed try, the server's or the form's own check, the
 * keyboard on the first field to put right, or back on the submit button (which was busy). `confirm` says a try
 * succeeded; a later failed try takes that notice away (`form` names the form, the same each time it opens).
 */
export function useFormFailures(
  labels: Record<string, string>,
  setErrors: (errors: FormErrors) => void,
  form: string,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const notices = useFormNotices(form);
  const [listed, setListed] = useState<readonly string[]>([]);
  // Counts failed tries, each of which moves the keyboard once the form can take it.
  const [failures, setFailures] = useState(0);
  const placed = useRef(0);

  // Every render, not only the failure's: the submit button is still busy (disabled, which in a browser drops the
  // keyboard to the page) in the render that counts the failure, and takes the keyboard in the one after.
  useEffect(() => {
    if (placed.current === failures) return;
    const node = formRef.current;
    const target =
      node?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      node?.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (!target || (target instanceof HTMLButtonElement && target.disabled)) return;
    target.focus();
    placed.current = failures;
  });

  return {
    formRef,
    /** The server's messages of no field, for the alert. */
    listed,
    /** A try begins: the last one's list goes. */
    trying: () => setListed([]),
    /** The try succeeded: a notice says so. */
    confirm: notices.confirm,
    /** The server refused the try. */
    refused: (error: Error) => {
      notices.withdraw();
      const placed = placeFieldErrors(
        error instanceof ApiRequestError ? error.fieldErrors : [],
        (path) => Object.hasOwn(labels, path),
        labels,
      );
      setErrors(placed.onFields);
      setListed(placed.listed);
      setFailures((count) => count + 1);
    },
    /** The form's own check refused the try: nothing was sent. */
    invalid: () => {
      notices.withdraw();
      setListed([]);
      setFailures((count) => count + 1);
    },
  };
}
