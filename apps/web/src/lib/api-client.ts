/**
 * The one HTTP client of the web app. Every call goes to API_PREFIX with the session, language,
 * locale, time zone and (when signed in) bearer headers, gives up after REQUEST_TIMEOUT_MS, and
 * fails with an ApiError carrying the `{ errors }` body, so forms can put messages on their fields.
 */
import { REQUEST_TIMEOUT_MS, STORAGE_KEYS } from '@evmap/contract/constants';
import type { ErrorBody, ErrorKey } from '@evmap/contract/errors';
import { API_PREFIX } from '@evmap/contract/routes/route';
import { currentLang, i18n, localeOf } from '@/i18n/i18n';
import { sessionId } from '@/lib/session-id';
import { readStorage } from '@/lib/storage';

/** Messages by field name; `global` is the form-level message. */
export type ApiErrors = Record<string, string>;

/**
 * A failed call: the HTTP status (0 when the server could not be reached in time), its messages, and for a 429
 * or 503 the seconds its Retry-After asks to wait (so a screen can say when to try again).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrors;
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, errors: ApiErrors, retryAfterSeconds?: number) {
    super(errors.global ?? Object.values(errors)[0] ?? `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The seconds of a Retry-After header (its date form is not sent by this API). */
function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A JSON-serialisable value, or FormData for uploads. */
  body?: unknown;
  /** Cancels the call (TanStack Query passes one); a cancelled call rejects with the AbortError. */
  signal?: AbortSignal;
  /** How the browser's HTTP cache takes part ('no-cache': revalidate what it holds with the server first). */
  cache?: RequestCache;
};

function catalogueError(status: number, key: ErrorKey): ApiError {
  return new ApiError(status, { global: i18n.t(key, { ns: 'errors' }) });
}

type TimeZoneSources = { Temporal?: { Now?: { timeZoneId?: () => string } }; Intl: typeof Intl };

/**
 * The browser's time zone: from Temporal where the browser has it, else from an Intl formatter. Temporal reads it for
 * nothing, where the first Intl formatter of a page loads the locale data (100-200 ms on a phone, measured under a
 * 4× CPU slowdown): a signed-in screen's first request (the user) waited for it, and a screen that formats no date
 * does without it.
 */
export function readTimeZone(sources: TimeZoneSources = globalThis as unknown as TimeZoneSources): string {
  try {
    const zone = sources.Temporal?.Now?.timeZoneId?.();
    if (zone) return zone;
  } catch {
    // A partial Temporal: Intl answers.
  }
  return sources.Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Read once: it does not change during a visit. */
let timeZone: string | undefined;
const browserTimeZone = () => {
  timeZone ??= readTimeZone();
  return timeZone;
};

function requestHeaders(body: unknown): Headers {
  const lang = currentLang();
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': lang,
    'X-Locale': localeOf(lang),
    'X-Session-Id': sessionId(),
    'X-Timezone': browserTimeZone(),
  });
  const token = readStorage(STORAGE_KEYS.token);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  return headers;
}

/**
 * The error body of every API answer (`errorBodySchema` of the contract), checked by hand: the
 * client is part of the first load, which does without zod.
 */
export function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null) return false;
  const { errors } = data as { errors?: unknown };
  return (
    typeof errors === 'object' &&
    errors !== null &&
    !Array.isArray(errors) &&
    Object.values(errors).every((message) => typeof message === 'string')
  );
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** Calls `path` (relative to API_PREFIX; lib/endpoint.ts's callEndpoint builds it) and resolves with the parsed JSON body (undefined when empty). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, cache } = options;
  const controller = new AbortController();
  const cancel = () => controller.abort(signal?.reason);
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel, { once: true });
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);

  let response: Response;
  let text: string;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers: requestHeaders(body),
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      signal: controller.signal,
      ...(cache ? { cache } : {}),
    });
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw catalogueError(0, 'unavailable');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }

  const data = parseJson(text);
  if (response.ok) return data as T;
  if (isErrorBody(data)) throw new ApiError(response.status, data.errors, retryAfter(response));
  throw catalogueError(response.status, response.status >= 502 ? 'unavailable' : 'internal');
}
