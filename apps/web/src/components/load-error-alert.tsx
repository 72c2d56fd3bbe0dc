import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiRequestError, isRetryable, NetworkError, SignInNeededError } from '../lib/api-client';
import { ErrorAlert } from './error-alert';
import { RetryButton } from './retry-button';

export const INSUFFICIENT_PERMISSIONS = 'Insufficient permissions. Please contact your administrator.';
export const SERVICE_UNAVAILABLE = 'Service unavailable. Please try again in a few minutes.';

/** The server refused the user's role (403): the screen shows only why (`RefusedScreen`). */
export function isRefused(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 403;
}

/**
 * What to say when a list or record fails to load: no answer at all is the connection (the user can act on
 * that); a 403 is a permission problem; an ended sign-in (a refused token, 401) says to sign in again; a malformed
 * search (400) or a missing record (404) has the server's own message; anything else is the service being
 * unavailable.
 */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof NetworkError || error instanceof SignInNeededError) return error.message;
  if (!(error instanceof ApiRequestError)) return SERVICE_UNAVAILABLE;
  if (isRefused(error)) return INSUFFICIENT_PERMISSIONS;
  if (error.status === 401) return error.message;
  if ((error.status === 400 || error.status === 404) && typeof error.body !== 'string') {
    return error.body.message;
  }
  return SERVICE_UNAVAILABLE;
}

interface LoadErrorAlertProps {
  error: unknown;
  /** Loads again. By default every query of the page that failed loads again. */
  onRetry?: () => Promise<unknown>;
}

/** A failed load in a red alert, with Retry when trying again may help (no answer, a 5xx). */
export function LoadErrorAlert({ error, onRetry }: LoadErrorAlertProps) {
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    const again =
      onRetry?.() ??
      queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
    void again.finally(() => setRetrying(false));
  };
  return (
    <ErrorAlert spaced>
      {loadErrorMessage(error)}
      {isRetryable(error) && <RetryButton onRetry={retry} retrying={retrying} />}
    </ErrorAlert>
  );
}
