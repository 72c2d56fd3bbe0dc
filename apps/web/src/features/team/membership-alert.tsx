import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { isRefused, loadErrorMessage } from '../../components/load-error-alert';
import { PlainButton } from '../../components/plain-button';
import { RetryButton } from '../../components/retry-button';
import { isRetryable } from '../../lib/api-client';
import { useAuth } from '../auth';
import { useLeaveOrganisation } from './leave-organisation';

interface MembershipAlertProps {
  error: unknown;
  onRetry: () => Promise<unknown>;
}

/**
 * The user's role could not be loaded: the shell offers only what every role may use until it is. Refused (403),
 * they are no longer a member (an Owner removed them while they worked): they are offered their other organisation.
 */
export function MembershipAlert({ error, onRetry }: MembershipAlertProps) {
  const [retrying, setRetrying] = useState(false);
  if (isRefused(error)) return <NoLongerMember />;
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

function NoLongerMember() {
  const organisation = useAuth().tenancy.currentTenant?.tenantName ?? 'this organisation';
  const { next, leave } = useLeaveOrganisation();
  return (
    <ErrorAlert title={`You are no longer a member of ${organisation}`} spaced>
      {`An Owner of ${organisation} has removed you, so it refuses what you do here. What you worked on before stays with it.`}
      <div>
        {/* PlainButton: this alert is in every screen's first download, where Mantine's Button would add its code. */}
        <PlainButton style={{ marginTop: 'var(--mantine-spacing-sm)' }} onClick={leave}>
          {next ? `Open ${next}` : 'Sign in again'}
        </PlainButton>
      </div>
    </ErrorAlert>
  );
}
