import { fieldErrorsOf, templateFields } from '@fieldbook/domain';
import { useEffect, useMemo, useState } from 'react';
import { fieldLabel } from '../../components/form/field-errors';
import { ApiRequestError } from '../../lib/api-client';
import { type PreviewFields, type PreviewRenderer, previewFieldsOf } from './api/preview-template';
import { type TemplateFormValues, templateLabels } from './template-form';

/** How long the typing rests before the preview is rendered again. */
export const LIVE_PREVIEW_DELAY = 800;

/** What the preview is asked to show: the form's fields, or (failing the form's own check) why there are none. */
interface PreviewRequest {
  /** The fields or the problems as text: the preview is rendered again when it changes. */
  key: string;
  fields: PreviewFields | null;
  problems: readonly string[];
}

function previewRequestOf(values: TemplateFormValues): PreviewRequest {
  const checked = templateFields.safeParse(values);
  if (!checked.success) {
    const problems = fieldErrorsOf(checked).map(({ message }) => message);
    return { key: JSON.stringify(problems), fields: null, problems };
  }
  const fields = previewFieldsOf(checked.data);
  return { key: JSON.stringify(fields), fields, problems: [] };
}

/** A refusal's messages: the compiler's line on `body` as it is ("Line 4: expected expression"), others labelled. */
function problemsOf(error: unknown): readonly string[] {
  if (!(error instanceof ApiRequestError) || error.fieldErrors.length === 0) {
    return [error instanceof Error ? error.message : String(error)];
  }
  return error.fieldErrors.map(({ field, message }) => {
    const label = field === 'body' ? undefined : fieldLabel(templateLabels, field);
    return label ? `${label}: ${message}` : message;
  });
}

/** Turns the rendered SVG into a `data:` address: the Content-Security-Policy lets images come from those. */
function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

export interface LivePreview {
  /** The last preview that rendered (an SVG as a `data:` address), kept while a change fails to render. */
  image: string | null;
  /** A render of the latest fields is under way. */
  updating: boolean;
  /** Why the image is not of the fields as they are: the form's own check, or the server's refusal. */
  problem: { kind: 'check' | 'render'; messages: readonly string[] } | null;
  /** Renders the fields as they are now, without waiting for the typing to rest. */
  refresh: () => void;
}

interface Outcome {
  count: number;
  error: unknown;
}

/**
 * The template rendered as an SVG beside the editor: at once, then each time the typing rests for 800 ms, and
 * on `refresh`. A newer request cancels the one under way. A failed render (a body that does not compile) says
 * why and keeps the last preview that worked.
 */
export function useLivePreview(values: TemplateFormValues, render: PreviewRenderer): LivePreview {
  const next = useMemo(() => previewRequestOf(values), [values]);
  const [request, setRequest] = useState({ ...next, count: 0 });
  const [image, setImage] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (next.key === request.key) return;
    const timer = window.setTimeout(
      () => setRequest((current) => ({ ...next, count: current.count + 1 })),
      LIVE_PREVIEW_DELAY,
    );
    return () => window.clearTimeout(timer);
  }, [next, request.key]);

  useEffect(() => {
    const { fields, count } = request;
    if (!fields) return;
    const controller = new AbortController();
    render(fields, 'svg', controller.signal)
      .then(dataUrlOf)
      .then(
        (rendered) => {
          if (controller.signal.aborted) return;
          setImage(rendered);
          setOutcome({ count, error: null });
        },
        (error: unknown) => {
          if (!controller.signal.aborted) setOutcome({ count, error });
        },
      );
    return () => controller.abort();
  }, [request, render]);

  return {
    image,
    updating: request.fields !== null && outcome?.count !== request.count,
    problem: request.fields
      ? outcome?.error
        ? { kind: 'render', messages: problemsOf(outcome.error) }
        : null
      : { kind: 'check', messages: request.problems },
    refresh: () => setRequest((current) => ({ ...next, count: current.count + 1 })),
  };
}
