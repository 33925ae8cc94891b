import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { sentryOptions, shouldReport } from './error-reporting';

describe('error reporting', () => {
  it('does not report 401 and 403 answers, nor cancelled calls', () => {
    expect(shouldReport(new ApiError(401, { global: 'You must be signed in' }))).toBe(false);
    expect(shouldReport(new ApiError(403, { global: 'Not allowed' }))).toBe(false);
    expect(shouldReport(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('reports the other failed answers and any other error', () => {
    for (const status of [0, 400, 404, 409, 429, 500, 503]) {
      expect(shouldReport(new ApiError(status, { global: 'x' })), String(status)).toBe(true);
    }
    expect(shouldReport(new TypeError('x is undefined'))).toBe(true);
  });

  it('samples 10% of traces and sessions and every session with an error', () => {
    const options = sentryOptions('https://key@o1.ingest.sentry.io/1', 'production');
    expect(options).toMatchObject({
      dsn: 'https://key@o1.ingest.sentry.io/1',
      tracesSampleRate: 0.1,
      replaysSessionSampleRate: 0.1,
      replaysOnErrorSampleRate: 1,
    });
  });

  it('drops 401 and 403 events that reach Sentry on their own', () => {
    const { beforeSend } = sentryOptions('https://key@o1.ingest.sentry.io/1', 'production');
    const event = { message: 'x' };
    expect(beforeSend(event, { originalException: new ApiError(401, {}) })).toBeNull();
    expect(beforeSend(event, { originalException: new ApiError(500, {}) })).toBe(event);
    expect(beforeSend(event, {})).toBe(event);
  });
});
