/**
 * Every call of the API goes through an entry of the contract's route table (packages/contract/src/routes), so a
 * path, a body type or an answer type is never written here:
 *
 *   await callEndpoint(eventRoutes.updateOwn, { params: { id: 3 }, body });
 *
 * The entries' schemas are types only in the web app: its build keeps each entry's method and path
 * (scripts/route-table-paths.ts), so calling a route loads no zod.
 */
import {
  type PathParams,
  pathOf,
  type RouteBody,
  type RouteEntry,
  type RouteQuery,
  type RouteResponse,
} from '@evmap/contract/routes/route';
import { apiRequest } from '@/lib/api-client';

type ParamsArg<P extends string> = keyof PathParams<P> extends never
  ? { params?: undefined }
  : { params: PathParams<P> };
type BodyArg<B> = [B] extends [undefined] ? { body?: undefined } : { body: B | FormData };
type QueryArg<Q> = [Q] extends [undefined] ? { query?: undefined } : { query?: Q };

/** What a call passes: path parameters, body and query when the route has them, a cancel signal, the HTTP cache mode. */
export type CallArgs<E extends RouteEntry> = ParamsArg<E['path']> &
  BodyArg<RouteBody<E>> &
  QueryArg<RouteQuery<E>> & { signal?: AbortSignal; cache?: RequestCache };

/** Calls a route through the app's one HTTP client (headers, timeout, ApiError); resolves with its answer. */
export function callEndpoint<E extends RouteEntry>(
  entry: E,
  ...[args]: keyof PathParams<E['path']> extends never ? [CallArgs<E>?] : [CallArgs<E>]
): Promise<RouteResponse<E>> {
  const { params, body, query, signal, cache } = (args ?? {}) as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: Record<string, unknown>;
    signal?: AbortSignal;
    cache?: RequestCache;
  };
  return apiRequest<RouteResponse<E>>(pathOf(entry, params, query), { method: entry.method, body, signal, cache });
}
