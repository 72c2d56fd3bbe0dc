import { Alert, List } from '@mantine/core';
import { ApiRequestError } from '../lib/api-client';

/**
 * A failed API call in a red alert: the message, and for VALIDATION_FAILED a bullet list of the
 * field errors. A body that is not the error shape is shown as its raw text.
 */
export function ApiErrorAlert({ error }: { error: unknown }) {
  if (!error) {
    return null;
  }
  const message = error instanceof Error ? error.message : String(error);
  const fieldErrors =
    error instanceof ApiRequestError && typeof error.body !== 'string' && error.code === 'VALIDATION_FAILED'
      ? error.body.fieldErrors
      : [];
  return (
    <Alert color="red" role="alert" mb="md">
      {message}
      {fieldErrors.length > 0 && (
        <List size="sm" mt="xs">
          {fieldErrors.map((fieldError) => (
            <List.Item key={`${fieldError.field}:${fieldError.message}`}>{fieldError.message}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}
