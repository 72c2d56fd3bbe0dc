import type { TemplateFields } from '@fieldbook/domain';
import type { UseFormReturnType } from '@mantine/form';
import { type RefObject, useCallback, useEffect, useState } from 'react';
import { placeFieldErrors } from '../../components/form/field-errors';
import { ApiRequestError } from '../../lib/api-client';
import { saveFile } from '../../lib/download-file';
import { PREVIEW_FILE, previewFieldsOf, usePdfPreviewMutation } from './api/preview-template';
import { firstInvalid, hasInput, type TemplateFormValues, templateLabels } from './template-form';

type TemplateForm = UseFormReturnType<TemplateFormValues, TemplateFields>;

const NONE: readonly string[] = [];

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
      onSuccess: (pdf) => saveFile(pdf, PREVIEW_FILE),
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
