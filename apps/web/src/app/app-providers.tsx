import { type CSSVariablesResolver, createTheme, MantineProvider, Menu, Modal } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NoticesProvider } from '../components/notices';
import type { AuthClient } from '../features/auth/auth-client';
import { AuthProvider } from '../features/auth/auth-provider';
import type { RuntimeConfig } from '../lib/config';
import { ConfigContext } from '../lib/config-context';

/**
 * Mantine's defaults with text that meets WCAG AA contrast (4.5:1): filled colours (buttons, links, the
 * red of Delete) one shade darker than Mantine's 6, which is 3.5:1 on white; menus without the focus
 * placeholder that is a focusable child of `role="menu"` (the keyboard lands on the first item instead);
 * dialogs whose close button has a name.
 */
export const theme = createTheme({
  primaryShade: 8,
  components: {
    Menu: Menu.extend({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
  },
});

/** Error text (under a field) and dimmed text (empty lists, descriptions) darkened to 4.5:1 on white. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  },
  dark: {},
});

interface AppProvidersProps {
  config: RuntimeConfig;
  auth: AuthClient;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ config, auth, queryClient, children }: AppProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NoticesProvider>
        <ConfigContext value={config}>
          <QueryClientProvider client={queryClient}>
            <AuthProvider client={auth} claimNamespace={config.claimNamespace}>
              {children}
            </AuthProvider>
          </QueryClientProvider>
        </ConfigContext>
      </NoticesProvider>
    </MantineProvider>
  );
}
