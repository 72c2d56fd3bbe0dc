import { Alert } from '@mantine/core';
import { useState } from 'react';
import { RetryButton } from '../../components/api-error-alert';
import { loadErrorMessage } from '../../components/load-error-alert';
import { isRetryable } from '../../lib/api-client';

interface MembershipAlertProps {
  error: unknown;
  onRetry: () => Promise<unknown>;
}

/** The user's role could not be loaded: the shell offers only what every role may use until it is. */
export function MembershipAlert({ error, onRetry }: MembershipAlertProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <Alert color="red" role="alert" mb="md" title="Your role in this organisation could not be loaded">
      {`${loadErrorMessage(error)} Until it loads, the menu shows only what every role may use.`}
      {isRetryable(error) && (
        <RetryButton
          retrying={retrying}
          onRetry={() => {
            setRetrying(true);
            void onRetry().finally(() => setRetrying(false));
          }}
        />
      )}
    </Alert>
  );
}
