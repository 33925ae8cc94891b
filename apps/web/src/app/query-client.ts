import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';

/** A client error (4xx) will fail the same way again; anything else gets two more tries. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/** The app's TanStack Query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
