import { clockTime } from '@fieldbook/domain';
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { useOnline } from '../../lib/network';
import { useTimeZone } from '../../lib/time-zone';
import { useDeviceWork, useWaitingActions } from './device-work';

interface OfflineBannerProps {
  /** The sign-in's word while offline (the provider wants the user to sign in again), if any. */
  signInProblem: string | null;
  /** Signs in again, the page staying as it is; rejects with what to show when that failed. */
  onSignIn: () => Promise<void>;
}

/** The sign-in ended with nothing waiting to be sent. */
const SIGNED_OUT = 'Sign in again to carry on. What is on the screen stays as it is until you do.';

/**
 * Above every page while there is no network: what the technician sees is the week kept on the device, read at
 * the time it names; what is not kept says it needs a connection where it would show. With no week kept, it says
 * which work the device keeps (the field actions' queue), so an office save that fails offline is not a surprise.
 * While the provider wants a new sign-in (back online after starting offline, or the session ended with the app
 * open), it says so with Sign in: to send what waits, or to carry on. Signing in does not leave the page (a popup),
 * so a form half filled in is still there after; a sign-in that failed says why here.
 */
export function OfflineBanner({ signInProblem, onSignIn }: OfflineBannerProps) {
  const online = useOnline();
  const work = useDeviceWork();
  const savedAt = useSyncExternalStore(
    work?.subscribeSavedAt ?? (() => () => undefined),
    work?.savedAt ?? (() => null),
  );
  const timeZone = useTimeZone();
  const waiting = useWaitingActions().length > 0;
  const [signingIn, setSigningIn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (online && !signInProblem) return null;
  if (signInProblem) {
    const signIn = async () => {
      setSigningIn(true);
      setFailure(null);
      try {
        await onSignIn();
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
      } finally {
        setSigningIn(false);
      }
    };
    return (
      <Alert color="yellow" mb="md" role="status" title={waiting ? 'Not sent yet' : 'Your sign-in has ended'}>
        <Group justify="space-between" gap="sm">
          <Text size="sm">{waiting ? signInProblem : SIGNED_OUT}</Text>
          <Button onClick={() => void signIn()} loading={signingIn}>
            Sign in
          </Button>
        </Group>
        {failure && (
          <Text size="sm" mt="xs" c="red.9" role="alert">
            {failure}
          </Text>
        )}
      </Alert>
    );
  }
  return (
    <Alert color="gray" mb="md" role="status">
      <Text size="sm">
        {savedAt === null
          ? "Offline: what you open needs a connection. Notes, photos and a visit's steps are kept on this device and sent when it is back; anything else needs the connection to save."
          : `Offline: showing what was saved at ${clockTime(new Date(savedAt), timeZone)}.`}
      </Text>
    </Alert>
  );
}
