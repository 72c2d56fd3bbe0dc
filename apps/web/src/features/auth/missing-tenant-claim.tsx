import { useEffect, useRef, useState } from 'react';
import { AuthErrorScreen } from '../../components/auth-error-screen';
import { FullPageLoader } from '../../components/full-page-loader';
import { reloadOnceForMissingTenant } from './tenant-reload';

interface MissingTenantClaimProps {
  onSignInAgain: () => void;
  reload?: () => void;
}

/** The token lists tenants but names none: reload once to get a fresh token, then explain. */
export function MissingTenantClaim({ onSignInAgain, reload }: MissingTenantClaimProps) {
  const [gaveUp, setGaveUp] = useState(false);
  const tried = useRef(false);
  useEffect(() => {
    if (tried.current) {
      return;
    }
    tried.current = true;
    if (!reloadOnceForMissingTenant(reload)) {
      setGaveUp(true);
    }
  }, [reload]);
  if (!gaveUp) {
    return <FullPageLoader />;
  }
  return (
    <AuthErrorScreen
      message="Your sign-in did not say which organisation to open."
      onSignInAgain={onSignInAgain}
    />
  );
}
