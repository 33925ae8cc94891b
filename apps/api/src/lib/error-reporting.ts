/** Error reporting through Sentry, active only when SENTRY_DSN is configured. */

import { SENTRY_SAMPLING } from '@evmap/contract/constants';
import * as Sentry from '@sentry/node';

let enabled = false;

export function initErrorReporting(dsn: string | undefined, environment: string): void {
  if (!dsn) return;
  Sentry.init({ dsn, environment, tracesSampleRate: SENTRY_SAMPLING.traces });
  enabled = true;
}

export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  if (enabled) Sentry.captureException(error, { extra: context });
}
