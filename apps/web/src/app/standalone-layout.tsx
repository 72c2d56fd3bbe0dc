import { Outlet, useLocation } from 'react-router';
import { AuthErrorScreen } from '../components/auth-error-screen';
import { FullPageLoader } from '../components/full-page-loader';
import { PageColumn } from '../components/page-column';
import { useAuth } from '../features/auth/auth-context';

/**
 * The frame of a guarded page that needs no organisation (the invitation page, which a new user opens before
 * they belong to any): sign-in state first, then the page alone, without the shell.
 */
export function StandaloneLayout() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'error') {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return (
      <AuthErrorScreen
        message={auth.error ?? 'Sign-in failed.'}
        onSignInAgain={() => void auth.signIn(here)}
      />
    );
  }
  if (auth.status === 'loading') {
    return <FullPageLoader />;
  }
  return (
    <PageColumn narrow>
      <Outlet />
    </PageColumn>
  );
}
