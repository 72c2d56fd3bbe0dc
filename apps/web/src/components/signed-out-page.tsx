import { PageColumn } from './page-column';
import { PageHeading } from './page-heading';
import { PlainButton } from './plain-button';

/** Where signing out ends: it says so, and offers to sign in again (not guarded). */
export function SignedOutPage({ onSignIn }: { onSignIn: () => void }) {
  return (
    <PageColumn narrow>
      <PageHeading>Signed out</PageHeading>
      <p style={{ marginBlock: '0 var(--mantine-spacing-lg)' }}>You have signed out of Fieldbook.</p>
      <PlainButton onClick={onSignIn}>Sign in again</PlainButton>
    </PageColumn>
  );
}
