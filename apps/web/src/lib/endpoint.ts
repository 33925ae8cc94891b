/**
 * Endpoints described once: method, path template and the contract's request and response schemas
 * (as types only, so describing an endpoint loads no zod). Features call an endpoint through its
 * description, so a path or a response type is never written by hand twice:
 *
 *   export const updateOwnEvent = endpoint<{ body: typeof ownerEventBodySchema; response: typeof eventResponseSchema }>()(
 *     'PUT', '/connected/events/:id');
 *   await callEndpoint(updateOwnEvent, { params: { id: 3 }, body });
 */
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The schemas of an endpoint: the body it takes, the query string it reads, the JSON it answers. */
export type EndpointSchemas = { body?: z.ZodType; query?: z.ZodType; response?: z.ZodType };

/** The `:name` parameters of a path template, as an object type. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** One API call: how it is sent; `S` carries its schemas for the types of its body and answer. */
export type Endpoint<S extends EndpointSchemas, P extends string> = {
  readonly method: HttpMethod;
  /** Relative to /api/v1, with `:name` parameters. */
  readonly path: P;
  /** Never set: only carries the schemas' types. */
  readonly schemas?: S;
};

/** The body an endpoint takes (the schema's input: what a client sends before defaults and transforms). */
export type EndpointBody<E> =
  E extends Endpoint<infer S, string>
    ? S extends { body: infer B extends z.ZodType }
      ? z.input<B>
      : undefined
    : never;

/** What an endpoint answers (undefined for 204 answers). */
export type EndpointResponse<E> =
  E extends Endpoint<infer S, string>
    ? S extends { response: infer R extends z.ZodType }
      ? z.output<R>
      : undefined
    : never;

/** The query string an endpoint reads. */
export type EndpointQuery<E> =
  E extends Endpoint<infer S, string>
    ? S extends { query: infer Q extends z.ZodType }
      ? Partial<z.input<Q>>
      : undefined
    : never;

type ParamsArg<P extends string> = keyof PathParams<P> extends never
  ? { params?: undefined }
  : { params: PathParams<P> };
type BodyArg<B> = [B] extends [undefined] ? { body?: undefined } : { body: B | FormData };
type QueryArg<Q> = [Q] extends [undefined] ? { query?: undefined } : { query?: Q };

/** What a call passes: path parameters, body and query when the endpoint has them, and a cancel signal. */
export type CallArgs<E> =
  E extends Endpoint<infer _S, infer P>
    ? ParamsArg<P> & BodyArg<EndpointBody<E>> & QueryArg<EndpointQuery<E>> & { signal?: AbortSignal }
    : never;

/** Describes an endpoint: `endpoint<{ body: ..., response: ... }>()('PUT', '/connected/events/:id')`. */
export function endpoint<S extends EndpointSchemas = Record<never, never>>() {
  return <P extends string>(method: HttpMethod, path: P): Endpoint<S, P> => ({ method, path });
}

/** The path of `e` with its parameters filled in (each URL-encoded) and its query string. */
export function endpointUrl(
  path: string,
  params: Record<string, string | number> = {},
  query: Record<string, unknown> = {},
): string {
  const filled = path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`endpoint ${path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${filled}?${qs}` : filled;
}

/** Calls an endpoint through the app's one HTTP client (headers, timeout, ApiError). */
export function callEndpoint<E extends Endpoint<EndpointSchemas, string>>(
  e: E,
  ...[args]: keyof PathParams<E['path']> extends never ? [CallArgs<E>?] : [CallArgs<E>]
): Promise<EndpointResponse<E>> {
  const { params, body, query, signal } = (args ?? {}) as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
  };
  return apiRequest<EndpointResponse<E>>(endpointUrl(e.path, params, query), { method: e.method, body, signal });
}
