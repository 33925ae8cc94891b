import { TOAST_AUTOCLOSE_MS } from '@evmap/contract/constants';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { onSignOut } from '@/lib/session';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/** Everything the pages rely on: Mantine (theme, toasts) and TanStack Query. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  // Nothing fetched for one user may be shown to the next one.
  useEffect(() => onSignOut(() => queryClient.clear()), [queryClient]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <Notifications autoClose={TOAST_AUTOCLOSE_MS} position="top-center" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
