/**
 * Error reporting with Sentry, active only when a DSN was configured at build time
 * (VITE_SENTRY_DSN, or SENTRY_DSN). The SDK is loaded on demand so it never weighs on the first
 * load; errors seen before it is ready are queued. 401 and 403 answers are not reported (spec section 7).
 */
import { SENTRY_SAMPLING } from '@evmap/contract/constants';
import { ApiError } from '@/lib/api-client';

type Reporter = { captureException: (error: unknown) => unknown };

let reporter: Reporter | null = null;
let pending: unknown[] | null = null;

/** False for what is not a fault: a refused or expired session (401), a forbidden action (403), a cancelled call. */
export function shouldReport(error: unknown): boolean {
  if (error instanceof ApiError) return error.status !== 401 && error.status !== 403;
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  return true;
}

/** Sends `error` to error reporting (when it is on and the error is worth it). */
export function reportError(error: unknown): void {
  if (!shouldReport(error)) return;
  if (reporter) reporter.captureException(error);
  else pending?.push(error);
}

/** The Sentry options of spec section 9: 10% of traces and sessions, every session with an error. */
export function sentryOptions(dsn: string, environment: string) {
  return {
    dsn,
    environment,
    tracesSampleRate: SENTRY_SAMPLING.traces,
    replaysSessionSampleRate: SENTRY_SAMPLING.sessions,
    replaysOnErrorSampleRate: SENTRY_SAMPLING.errorSessions,
    sendDefaultPii: false,
    beforeSend<E>(event: E, hint: { originalException?: unknown }): E | null {
      return shouldReport(hint.originalException) ? event : null;
    },
  };
}

/** Starts Sentry when `dsn` is set; does nothing otherwise. */
export async function initErrorReporting(dsn: string | undefined, environment: string): Promise<void> {
  if (!dsn) return;
  pending = [];
  try {
    const Sentry = await import('@sentry/react');
    Sentry.init({
      ...sentryOptions(dsn, environment),
      integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
    });
    reporter = Sentry;
    for (const error of pending) Sentry.captureException(error);
  } catch (error) {
    console.error('error reporting could not start', error);
  } finally {
    pending = null;
  }
}
