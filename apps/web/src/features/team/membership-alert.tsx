import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { loadErrorMessage } from '../../components/load-error-alert';
import { RetryButton } from '../../components/retry-button';
import { isRetryable } from '../../lib/api-client';

interface MembershipAlertProps {
  error: unknown;
  onRetry: () => Promise<unknown>;
}

/** The user's role could not be loaded: the shell offers only what every role may use until it is. */
export function MembershipAlert({ error, onRetry }: MembershipAlertProps) {
  const [retrying, setRetrying] = useState(false);
  return (
    <ErrorAlert title="Your role in this organisation could not be loaded" spaced>
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
    </ErrorAlert>
  );
}
