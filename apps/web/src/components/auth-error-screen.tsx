import { Alert, Button, Container } from '@mantine/core';

interface AuthErrorScreenProps {
  message: string;
  onSignInAgain: () => void;
}

/** A failed sign-in: the reason, and a way to try again (never an automatic retry). */
export function AuthErrorScreen({ message, onSignInAgain }: AuthErrorScreenProps) {
  return (
    <Container component="main" size="sm" py="xl">
      <Alert color="red" title="Sign-in failed" role="alert">
        {message}
      </Alert>
      <Button mt="md" onClick={onSignInAgain}>
        Sign in again
      </Button>
    </Container>
  );
}
