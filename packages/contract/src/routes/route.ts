/**
 * The route table: every API route described once, here: its method, its path (Fastify style, `/x/:id`, under
 * API_PREFIX), the zod schemas of its path parameters, query string and body, and its answers by status. The API
 * registers each route from its entry (schemas, OpenAPI document), the web app and the test helpers call through it,
 * so no path or answer type is written anywhere else.
 *
 * The web app keeps only `method` and `path` of each entry at run time (its build drops the schemas: see
 * apps/web/scripts/route-table-paths.ts), so a screen that calls a route does not load zod; it reads the schemas
 * as types only.
 */
import type { z } from 'zod';

/** Where every API route is served. */
export const API_PREFIX = '/api/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A 200 answer that is a file or a stream rather than JSON (`fileAnswer` of responses.ts). */
export type FileAnswer = { description: string; content: Record<string, { schema: z.ZodType }> };

/** What a route answers with a status: a zod schema (`errorBodySchema` for errors, `noContentSchema` for 204). */
export type Answer = z.ZodType | FileAnswer;

/** One route of the API. */
export type RouteEntry = {
  readonly method: HttpMethod;
  /** Relative to API_PREFIX, with `:name` parameters. */
  readonly path: string;
  readonly tags?: readonly string[];
  readonly summary?: string;
  readonly description?: string;
  /** The OpenAPI security alternatives, when not the default of the path (bearer under /connected). */
  readonly security?: ReadonlyArray<Readonly<Record<string, readonly string[]>>>;
  readonly consumes?: readonly string[];
  /** Left out of the OpenAPI document (the Stripe webhook). */
  readonly hide?: boolean;
  /** Served only when this is configured (the Stripe webhook: STRIPE_WEBHOOK_SECRET). */
  readonly servedWhen?: 'stripe-webhook';
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The answers by status: the success, and the `{ errors }` answers the route gives besides those of its kind. */
  readonly response?: Readonly<Record<number, Answer>>;
};

/** Describes a route; the entry keeps its literal types (method, path, schemas) for the callers' types. */
export function route<const E extends RouteEntry>(entry: E): E {
  return entry;
}

/** The `:name` parameters of a path template, as an object type. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>;

/** The path of a route (under API_PREFIX) with its parameters filled in, each URL-encoded, and its query string. */
export function pathOf(
  entry: Pick<RouteEntry, 'path'>,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, unknown>> = {},
): string {
  const filled = entry.path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route ${entry.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const qs = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
  return qs ? `${filled}?${qs}` : filled;
}

/** A query string's key or value as a form encodes it (as URLSearchParams does: a space is `+`). */
function formEncode(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/** The address of a route from the site's root: API_PREFIX and `pathOf` (links, EventSource, downloads). */
export function urlOf(
  entry: Pick<RouteEntry, 'path'>,
  params?: Readonly<Record<string, string | number>>,
  query?: Readonly<Record<string, unknown>>,
): string {
  return `${API_PREFIX}${pathOf(entry, params, query)}`;
}

type Success<R> = R extends { 200: infer A }
  ? A
  : R extends { 201: infer A }
    ? A
    : R extends { 204: infer A }
      ? A
      : never;

/** What a route answers when it succeeds (undefined for 204, unknown for a file). */
export type RouteResponse<E> = E extends { response: infer R }
  ? Success<R> extends infer A
    ? A extends z.ZodType
      ? z.output<A>
      : unknown
    : never
  : undefined;

/** The body a route takes, as a client sends it (the schema's input, before defaults and transforms). */
export type RouteBody<E> = E extends { body: infer B extends z.ZodType } ? z.input<B> : undefined;

/** The query string a route reads (every parameter may be left out by a caller that relies on defaults). */
export type RouteQuery<E> = E extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : undefined;
