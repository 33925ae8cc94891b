import { REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '@evmap/contract/constants';
import { ERROR_MESSAGES, errorBodySchema } from '@evmap/contract/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isErrorBody, readTimeZone } from './api-client';

// fetch and localStorage are the browser's; these stand-ins record what the client sends.
const store = new Map<string, string>();
const localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, value),
};

function respondWith(response: Response) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) => response);
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A fetch that never answers, and rejects like the browser's when its signal aborts. */
function hangingFetch() {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    ),
  );
}

beforeEach(() => {
  store.clear();
  vi.stubGlobal('window', { localStorage });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('calls /api/v1 with the session, language, locale and time zone headers', async () => {
    const fetch = respondWith(Response.json({ status: 'ok' }));
    await expect(apiRequest('/health')).resolves.toEqual({ status: 'ok' });

    const [url, init] = fetch.mock.calls[0]!;
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/v1/health');
    expect(headers.get('Accept-Language')).toBe('en');
    expect(headers.get('X-Locale')).toBe('en-ca');
    expect(headers.get('X-Timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(headers.get('X-Session-Id')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(headers.get('X-Session-Id')).toBe(store.get(STORAGE_KEYS.sessionId));
    expect(headers.has('Authorization')).toBe(false);
  });

  it('reads the time zone from Temporal where the browser has it, else from Intl', () => {
    const intl = vi.fn(() => ({ resolvedOptions: () => ({ timeZone: 'America/Halifax' }) }));
    const IntlStub = { DateTimeFormat: intl } as unknown as typeof Intl;
    expect(readTimeZone({ Temporal: { Now: { timeZoneId: () => 'America/Vancouver' } }, Intl: IntlStub })).toBe(
      'America/Vancouver',
    );
    // No Intl formatter made: its first use loads the locale data.
    expect(intl).not.toHaveBeenCalled();
    expect(readTimeZone({ Intl: IntlStub })).toBe('America/Halifax');
    expect(readTimeZone({ Temporal: {}, Intl: IntlStub })).toBe('America/Halifax');
    const broken = () => {
      throw new RangeError('no zone');
    };
    expect(readTimeZone({ Temporal: { Now: { timeZoneId: broken } }, Intl: IntlStub })).toBe('America/Halifax');
  });

  it('keeps the stored session id and sends the stored token as a bearer', async () => {
    store.set(STORAGE_KEYS.sessionId, '0b6c3a52-6f1e-4b8e-9a51-2f7f7d1c9e10');
    store.set(STORAGE_KEYS.token, 'the-jwt');
    const fetch = respondWith(Response.json({ ok: true }));
    await apiRequest('/things', { method: 'POST', body: { name: 'x' } });

    const [, init] = fetch.mock.calls[0]!;
    const headers = new Headers(init.headers);
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"x"}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-Session-Id')).toBe('0b6c3a52-6f1e-4b8e-9a51-2f7f7d1c9e10');
    expect(headers.get('Authorization')).toBe('Bearer the-jwt');
  });

  it('throws an ApiError with the status and the { errors } body', async () => {
    respondWith(
      Response.json({ errors: { email: 'Email already exists', global: 'Fields missing' } }, { status: 409 }),
    );
    const error = await apiRequest('/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Fields missing',
      errors: { email: 'Email already exists', global: 'Fields missing' },
    });
  });

  it('turns a body that is not an error body into the catalogue message', async () => {
    respondWith(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({
      status: 502,
      errors: { global: ERROR_MESSAGES.unavailable.en },
    });
  });

  it('gives up after the request timeout', async () => {
    vi.useFakeTimers();
    hangingFetch();
    const pending = apiRequest('/slow').catch((caught: unknown) => caught);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ name: 'ApiError', status: 0, message: ERROR_MESSAGES.unavailable.en });
  });

  it('rejects with the AbortError when the caller cancels', async () => {
    hangingFetch();
    const controller = new AbortController();
    const pending = apiRequest('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('isErrorBody', () => {
  it('accepts exactly what the contract calls an error body', () => {
    const samples = [
      { errors: { email: 'Email already exists' } },
      { errors: { global: 'x', password: 'y' } },
      { errors: {} },
      { errors: { email: 3 } },
      { errors: ['x'] },
      { errors: null },
      { error: 'x' },
      'errors',
      null,
      undefined,
    ];
    for (const sample of samples) {
      expect(isErrorBody(sample), JSON.stringify(sample)).toBe(errorBodySchema.safeParse(sample).success);
    }
  });
});
