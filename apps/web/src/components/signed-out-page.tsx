import { Container, Text } from '@mantine/core';
import { PageHeading } from './page-heading';
import { PlainButton } from './plain-button';

/** Where signing out ends: it says so, and offers to sign in again (not guarded). */
export function SignedOutPage({ onSignIn }: { onSignIn: () => void }) {
  return (
    <Container component="main" size="sm" py="xl">
      <PageHeading>Signed out</PageHeading>
      <Text mb="lg">You have signed out of Fieldbook.</Text>
      <PlainButton onClick={onSignIn}>Sign in again</PlainButton>
    </Container>
  );
}
