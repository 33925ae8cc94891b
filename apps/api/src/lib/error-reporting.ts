/**
 * Error reporting through Sentry, active only when SENTRY_DSN is configured. What is sent is scrubbed like the
 * log: an error's copy without query parameters, hashes, emails or codes (lib/safe-errors.ts), links without their
 * tokens, requests without their headers, cookies and bodies.
 */

import { SENTRY_SAMPLING } from '@evmap/contract/constants';
import * as Sentry from '@sentry/node';
import { redactUrl, reportableError, scrubText } from './safe-errors';

let enabled = false;

/** Sentry's last look at an event: free texts scrubbed, request data reduced to method and path. */
export function scrubEvent<T extends Sentry.Event>(event: T): T {
  if (event.message) event.message = scrubText(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrubText(exception.value);
  }
  if (event.request) {
    const { method, url } = event.request;
    event.request = { method, url: url ? redactUrl(url) : undefined };
  }
  if (event.extra) {
    for (const [key, value] of Object.entries(event.extra)) {
      if (typeof value === 'string') event.extra[key] = scrubText(redactUrl(value));
    }
  }
  if (event.breadcrumbs) event.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  return event;
}

function scrubBreadcrumb(breadcrumb: Sentry.Breadcrumb): Sentry.Breadcrumb {
  const url = breadcrumb.data?.url;
  return {
    ...breadcrumb,
    message: breadcrumb.message ? scrubText(redactUrl(breadcrumb.message)) : breadcrumb.message,
    data: breadcrumb.data && {
      ...breadcrumb.data,
      ...(typeof url === 'string' ? { url: redactUrl(url) } : {}),
    },
  };
}

export function initErrorReporting(
  dsn: string | undefined,
  environment: string,
  options: Pick<Sentry.NodeOptions, 'transport'> = {},
): void {
  if (!dsn) return;
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: SENTRY_SAMPLING.traces,
    // Nothing of the requests, queries or stack variables: they hold passwords, tokens, codes and card data.
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: { request: false, response: false },
      httpBodies: [],
      urlQueryParams: false,
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
    },
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    ...options,
  });
  enabled = true;
}

export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  if (!enabled) return;
  const extra = Object.fromEntries(
    Object.entries(context).map(([key, value]) => [key, typeof value === 'string' ? redactUrl(value) : value]),
  );
  Sentry.captureException(reportableError(error), { extra });
}

/** Sends what is queued (tests, shutdown). */
export function flushErrorReporting(timeoutMs = 2000): Promise<boolean> {
  return enabled ? Sentry.flush(timeoutMs) : Promise.resolve(true);
}
