import { ErrorAlert } from './error-alert';
import { PageColumn } from './page-column';
import { PlainButton } from './plain-button';

interface AuthErrorScreenProps {
  message: string;
  onSignInAgain: () => void;
}

/** A failed sign-in: the reason, and a way to try again (never an automatic retry). */
export function AuthErrorScreen({ message, onSignInAgain }: AuthErrorScreenProps) {
  return (
    <PageColumn narrow>
      <ErrorAlert title="Sign-in failed">{message}</ErrorAlert>
      <PlainButton onClick={onSignInAgain} style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        Sign in again
      </PlainButton>
    </PageColumn>
  );
}
