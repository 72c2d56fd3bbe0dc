import { useOnline, useSignInNeeded } from '../lib/network';
import { ScreenReaderText } from './screen-reader-text';
import { Spinner } from './spinner';
import './loaders.css';

/**
 * Offline, in place of a section that is still loading: its read waits for the network (TanStack Query pauses it),
 * because the device does not keep it (docs/offline.md).
 */
export const NEEDS_CONNECTION =
  'This needs a connection: it is not kept on this device. It will load when you are back online.';

/** While the sign-in has ended (the banner above asks for it): reads wait for it, not for a network. */
export const NEEDS_SIGN_IN = 'This loads once you have signed in again (at the top of the page).';

/** The spinner of a list, viewer or editor while its data loads; offline, or waiting for a sign-in, why it does not. */
export function SectionLoader() {
  const online = useOnline();
  const signInNeeded = useSignInNeeded();
  if (!online) {
    return (
      <div className="section-loader" role="status">
        {signInNeeded && navigator.onLine ? NEEDS_SIGN_IN : NEEDS_CONNECTION}
      </div>
    );
  }
  return (
    <div className="section-loader" role="status">
      <Spinner size="md" />
      <ScreenReaderText>Loading...</ScreenReaderText>
    </div>
  );
}
