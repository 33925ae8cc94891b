/** JSON over HTTP for the public geocoders: a timeout, and every failure as GeocoderUnavailableError. */
import { GeocoderUnavailableError } from './geocoder';

export const GEOCODER_TIMEOUT_MS = 5000;

export async function fetchJson(
  url: URL,
  options: { timeoutMs: number; headers?: Record<string, string> },
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...options.headers },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new GeocoderUnavailableError(timedOut ? 'timeout' : 'network error', { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new GeocoderUnavailableError(`status ${response.status}`);
  }
  try {
    return await response.json();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new GeocoderUnavailableError(timedOut ? 'timeout' : 'malformed answer', { cause: error });
  }
}
