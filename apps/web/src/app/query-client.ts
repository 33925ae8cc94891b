import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { reportError } from '@/lib/error-reporting';
import { signOut, useSession } from '@/lib/session';

/** A client error (4xx) will fail the same way again; anything else gets two more tries. */
function shouldRetry(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 2;
}

/**
 * Every failed call goes to error reporting (which skips 401 and 403); a 401 while signed in means
 * the token was revoked or expired, so the session ends.
 */
function onError(error: unknown): void {
  reportError(error);
  if (error instanceof ApiError && error.status === 401 && useSession.getState().status === 'signed-in') signOut();
}

/** The app's TanStack Query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
