import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useNotificationsRequested } from '../lib/notify';
import { queryClient } from '../lib/query-client';
import { cssVariablesResolver, theme } from './theme';

const NotificationsHost = lazy(() => import('../components/notifications-host'));

export function AppProvider({ children }: { children: ReactNode }) {
  const hasNotifications = useNotificationsRequested();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {hasNotifications ? (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      ) : null}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
