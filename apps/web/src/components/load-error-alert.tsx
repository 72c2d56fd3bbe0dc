import { Alert } from '@mantine/core';
import { ApiRequestError } from '../lib/api-client';

export const INSUFFICIENT_PERMISSIONS = 'Insufficient permissions. Please contact your administrator.';
export const SERVICE_UNAVAILABLE = 'Service unavailable. Please try again in a few minutes.';

/**
 * What to say when a list or record fails to load: a 403 is a permission problem; a malformed search (400)
 * or a missing record (404) has the server's own message; anything else is the service being unavailable.
 */
export function loadErrorMessage(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return SERVICE_UNAVAILABLE;
  if (error.status === 403) return INSUFFICIENT_PERMISSIONS;
  if ((error.status === 400 || error.status === 404) && typeof error.body !== 'string') {
    return error.body.message;
  }
  return SERVICE_UNAVAILABLE;
}

/** A failed load in a red alert. */
export function LoadErrorAlert({ error }: { error: unknown }) {
  return (
    <Alert color="red" role="alert" mb="md">
      {loadErrorMessage(error)}
    </Alert>
  );
}
