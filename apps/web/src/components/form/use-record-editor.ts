import { useForm } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { ApiRequestError } from '../../lib/api-client';
import { useFormNotices } from '../notices';
import { type FieldLabels, placeFieldErrors } from './field-errors';
import { carriedBecause, carriedEditsText, mergeEdits, useStaleSaves } from './stale-save';
import { zodResolver } from './zod-resolver';

export { STALE_SAVE_CARRIED } from './stale-save';

/** The create or update mutation an editor saves with (`useCreateCustomer()`, `useUpdateItem(item)`). */
export type SaveMutation<Fields, Saved> = Pick<
  UseMutationResult<Saved, Error, Fields>,
  'mutate' | 'reset' | 'isPending' | 'isSuccess' | 'error'
>;

export interface RecordEditorOptions<S extends z.ZodType, Values, Saved> {
  /** The record's fields schema from the domain: the same check the server makes. */
  schema: S;
  /** The record's nested shape as the inputs hold it (text for text boxes, arrays for lines). */
  initialValues: Values;
  /** The inputs' labels by dotted path, to name errors of fields that have no input here. */
  labels: FieldLabels;
  save: SaveMutation<z.output<S>, Saved>;
  /** The confirmation after a save, 'Customer saved.'. */
  savedNotice: string;
  /** After the notice: usually, go to the record's viewer. */
  onSaved: (saved: Saved) => void;
}

/** What `EditorFrame` needs to show the form's state. */
export interface EditorState {
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Saving, or saved and about to leave: Save stays busy, so a second press cannot save twice. */
  saving: boolean;
  saveError: unknown;
  /** The alert's bullet list. */
  listed: readonly string[];
  /** The fields differ from what the editor started with (and have not been saved). */
  dirty: boolean;
  /**
   * Whether leaving now would lose typed changes. A function, read at the moment of leaving: the save's own
   * navigation to the viewer is never held up, even before React has drawn the saved state.
   */
  hasUnsavedChanges: () => boolean;
  /** Someone saved the record while the user edited it: their changes are in the form now, with the user's. */
  rebased: string | null;
}

interface Failure {
  /** 'check': the form's own validation; 'save': the server refused. */
  kind: 'check' | 'save';
}

/**
 * Whether the form has an input for the field at `path`. A reference's input is its id's (`location.id`), and a
 * reference left empty is an error at the reference itself (`location`): that is on the same input.
 */
function hasInput(form: HTMLFormElement | null, path: string): boolean {
  return [...(form?.querySelectorAll('[data-path]') ?? [])].some((input) => {
    const inputPath = input.getAttribute('data-path');
    return inputPath === path || inputPath === `${path}.id`;
  });
}

/**
 * An editor's form (`@mantine/form` over the record's nested shape, checked by the domain schema) and its save:
 * the schema's output goes to `save`; a VALIDATION_FAILED puts each field error on its field and lists them in
 * the alert (fields without an input by their label); any failed save scrolls to the alert and moves the focus
 * to the first invalid field; a save says so and calls `onSaved`.
 */
export function useRecordEditor<
  S extends z.ZodType,
  Values extends z.input<S> & Record<string, unknown>,
  Saved,
>(options: RecordEditorOptions<S, Values, Saved>) {
  const { schema, labels, save } = options;
  const formRef = useRef<HTMLFormElement>(null);
  // Known by its notice: an editor started over after a save is the same form.
  const notices = useFormNotices(options.savedNotice);
  const [listed, setListed] = useState<readonly string[]>([]);
  const [failure, setFailure] = useState<Failure | null>(null);
  const saved = useRef(false);
  const form = useForm<Values, z.output<S>>({
    initialValues: options.initialValues,
    validate: zodResolver(schema),
    transformValues: (values) => schema.parse(values),
  });
  // A save refused as stale started this editor over from the record as it now is: what was typed comes back.
  const stale = useStaleSaves();
  const [rebased, setRebased] = useState<string | null>(null);
  // Loading the record again after a stale save: the refusal is not shown, and Save stays busy, meanwhile.
  const [reloading, setReloading] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the editor starts over.
  useEffect(() => {
    if (!stale?.carried) return;
    const { values, overwritten } = mergeEdits(stale.carried, options.initialValues);
    form.setValues(values);
    const named = overwritten.map((field) => labels[field] ?? labels[`${field}.id`] ?? field);
    setRebased(carriedEditsText(stale.carried.because ?? 'stale', named));
  }, []);

  useEffect(() => {
    if (!failure) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (failure.kind === 'save' || !invalid) {
      // The alert is at the top; the keyboard stays at the first field to fix.
      invalid?.focus({ preventScroll: true });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    } else {
      invalid.focus();
    }
  }, [failure]);

  const placeErrors = (fieldErrors: readonly { field: string; message: string }[]) => {
    const placed = placeFieldErrors(fieldErrors, (path) => hasInput(formRef.current, path), labels);
    form.setErrors(placed.onFields);
    return placed;
  };

  const onSubmit = form.onSubmit(
    (fields) => {
      setListed([]);
      save.mutate(fields, {
        onSuccess: (record) => {
          saved.current = true;
          notices.confirm(options.savedNotice);
          options.onSaved(record);
        },
        onError: (error) => {
          // Someone else's save, or the user's own whose answer was lost: over the record as it now is.
          const because = carriedBecause(error);
          if (stale && because) {
            const edits = { mine: form.getValues(), base: form.getInitialValues(), because };
            setReloading(true);
            void stale.reload(edits).then((started) => {
              if (started) return;
              setReloading(false);
              setFailure({ kind: 'save' });
            });
            return;
          }
          notices.withdraw();
          const fieldErrors = error instanceof ApiRequestError ? error.fieldErrors : [];
          setListed(placeErrors(fieldErrors).listed);
          setFailure({ kind: 'save' });
        },
      });
    },
    (errors) => {
      save.reset();
      notices.withdraw();
      const fieldErrors = Object.entries(errors).map(([field, message]) => ({
        field,
        message: String(message),
      }));
      setListed(placeErrors(fieldErrors).elsewhere);
      setFailure({ kind: 'check' });
    },
  );

  // After a save the editor waits for `onSaved`'s navigation (the viewer's code and data may take a while).
  const saving = save.isPending || save.isSuccess || reloading;
  const editor: EditorState = {
    formRef,
    onSubmit,
    saving,
    saveError: reloading ? null : save.error,
    listed,
    dirty: !saved.current && form.isDirty(),
    hasUnsavedChanges: () => !saved.current && form.isDirty(),
    rebased,
  };
  return { form, editor };
}
