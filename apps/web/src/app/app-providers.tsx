import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { NoticesProvider } from '../components/notices';
import type { AuthClient } from '../features/auth/auth-client';
import { AuthProvider } from '../features/auth/auth-provider';
import type { RuntimeConfig } from '../lib/config';
import { ConfigContext } from '../lib/config-context';
import { ThemeProvider } from './theme-provider';

interface AppProvidersProps {
  config: RuntimeConfig;
  auth: AuthClient;
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ config, auth, queryClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider>
      <NoticesProvider>
        <ConfigContext value={config}>
          <QueryClientProvider client={queryClient}>
            <AuthProvider client={auth} claimNamespace={config.claimNamespace}>
              {children}
            </AuthProvider>
          </QueryClientProvider>
        </ConfigContext>
      </NoticesProvider>
    </ThemeProvider>
  );
}
