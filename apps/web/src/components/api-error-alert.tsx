import { List } from '@mantine/core';
import { ApiRequestError, isRetryable, NetworkError } from '../lib/api-client';
import { ErrorAlert } from './error-alert';
import { RetryButton } from './retry-button';

interface ApiErrorAlertProps {
  error: unknown;
  /**
   * The bullet list under the message. By default each field error message of a VALIDATION_FAILED; an
   * editor passes its own (labelled where the field is not on the form).
   */
  items?: readonly string[];
  /** A line above the message saying what failed: an editor's 'Not saved'. */
  title?: string;
  /**
   * The line instead of `title` when the request got no answer: it may have been done before the answer was lost
   * (a payment recorded, an email queued), so this claims neither way.
   */
  noAnswerTitle?: string;
  /** Sends the request again: offered when the failure may pass (no answer, a 5xx such as a 503). */
  onRetry?: () => void;
  retrying?: boolean;
}

/** A failed API call in a red alert: the message and a bullet list. A body that is not the error shape shows as its raw text. */
export function ApiErrorAlert({
  error,
  items,
  title,
  noAnswerTitle,
  onRetry,
  retrying = false,
}: ApiErrorAlertProps) {
  const listed =
    items ?? (error instanceof ApiRequestError ? error.fieldErrors.map((field) => field.message) : []);
  if (!error && listed.length === 0) {
    return null;
  }
  return (
    <ErrorAlert title={error instanceof NetworkError ? (noAnswerTitle ?? title) : title} spaced>
      {error ? (error instanceof Error ? error.message : String(error)) : null}
      {listed.length > 0 && (
        <List size="sm" mt={error ? 'xs' : 0}>
          {listed.map((item, index) => (
            // Two fields may have the same message; the position tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <List.Item key={index}>{item}</List.Item>
          ))}
        </List>
      )}
      {onRetry && Boolean(error) && isRetryable(error) && (
        <RetryButton onRetry={onRetry} retrying={retrying} />
      )}
    </ErrorAlert>
  );
}
