import type { TemplateFields } from '@fieldbook/domain';
import type { UseFormReturnType } from '@mantine/form';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { placeFieldErrors } from '../../components/form/field-errors';
import { ApiRequestError } from '../../lib/api-client';
import { PREVIEW_FILE, previewFieldsOf, usePdfPreviewMutation } from './api/preview-template';
import { firstInvalid, hasInput, type TemplateFormValues, templateLabels } from './template-form';

type TemplateForm = UseFormReturnType<TemplateFormValues, TemplateFields>;

const NONE: readonly string[] = [];

/** How long a downloaded file's address is kept: the browser has long since read it by then. */
const DOWNLOAD_URL_LIFETIME = 10_000;

/** Saves the blob as a file, as a link to it with `download` would. */
export function downloadFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME);
}

/**
 * The Preview button: checks the form as Save does, then downloads the PDF of its fields as
 * invoice-preview.pdf. A refusal is shown as a save's is: the message and the field errors in the alert at the
 * top (scrolled to), each on its field, the keyboard on the first of them.
 */
export function usePdfPreview(form: TemplateForm, formRef: RefObject<HTMLFormElement | null>) {
  const mutation = usePdfPreviewMutation();
  const [listed, setListed] = useState(NONE);
  const [failure, setFailure] = useState<{ kind: 'check' | 'preview' } | null>(null);

  useEffect(() => {
    if (!failure) return;
    const invalid = firstInvalid(formRef.current);
    if (failure.kind === 'preview' || !invalid) {
      invalid?.focus({ preventScroll: true });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } else {
      invalid.focus();
    }
  }, [failure, formRef]);

  const { reset } = mutation;
  /** Takes the failed preview's alert away (a save's own takes over). */
  const dismiss = useCallback(() => {
    reset();
    setListed(NONE);
  }, [reset]);

  const preview = () => {
    dismiss();
    if (form.validate().hasErrors) {
      setFailure({ kind: 'check' });
      return;
    }
    mutation.mutate(previewFieldsOf(form.getTransformedValues()), {
      onSuccess: (pdf) => downloadFile(pdf, PREVIEW_FILE),
      onError: (error) => {
        const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : [];
        const placed = placeFieldErrors(
          fieldErrors,
          (path) => hasInput(formRef.current, path),
          templateLabels,
        );
        form.setErrors(placed.onFields);
        setListed(placed.listed);
        setFailure({ kind: 'preview' });
      },
    });
  };

  return { preview, dismiss, previewing: mutation.isPending, error: mutation.error, listed };
}
