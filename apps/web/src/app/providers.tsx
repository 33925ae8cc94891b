import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { onSignOut } from '@/lib/session';
import { onToastsRequested, toastsRequested } from '@/lib/toast';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

const ToastHost = lazy(() => import('@/components/toast-host').then((m) => ({ default: m.ToastHost })));

/** Everything the pages rely on: Mantine (theme, toasts) and TanStack Query. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  // Nothing fetched for one user may be shown to the next one.
  useEffect(() => onSignOut(() => queryClient.clear()), [queryClient]);
  // The toasts' container, from the page's first toast on (lib/toast.ts).
  const withToasts = useSyncExternalStore(onToastsRequested, toastsRequested, toastsRequested);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {withToasts && (
        <Suspense>
          <ToastHost />
        </Suspense>
      )}
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
