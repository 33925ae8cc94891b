/**
 * Routes registered from the contract's route table: the method, the path and the schemas (params, query string,
 * body, answers, OpenAPI words) come from the entry, the routes file adds its hooks and its handler:
 *
 *   app.route({ ...routeOf(authRoutes.login), handler: async (request) => ... });
 *   app.route({ ...routeOf(authRoutes.resendCode), onRequest: app.requireUser, handler });
 */
import type { RouteEntry } from '@evmap/contract/routes/route';
import type { z } from 'zod';

type Described = 'method' | 'path' | 'servedWhen' | 'query';

/** The Fastify schema of an entry: its own keys, `query` named `querystring` as Fastify has it. */
export type SchemaOf<E extends RouteEntry> = { [K in Exclude<keyof E, Described>]: E[K] } & (E extends {
  query: infer Q;
}
  ? { querystring: Q }
  : unknown);

/** What a route may choose when it is registered: a body the entry describes more widely (by configuration). */
export type RouteOverrides<E extends RouteEntry> = {
  body?: E extends { body: infer B extends z.ZodType } ? z.ZodType<z.output<B>> : never;
};

/**
 * The method, url and schema of a route from its entry, for `app.route({ ...routeOf(entry), handler })`. The answer
 * is typed from the entry (Fastify types each route's request and reply from it), not inferred from where it goes
 * (NoInfer): inside `app.route({...})`, the route's own types would otherwise decide `O`.
 */
export function routeOf<const E extends RouteEntry, const O extends RouteOverrides<E> = Record<never, never>>(
  entry: E,
  overrides?: O,
): NoInfer<{ method: E['method']; url: E['path']; schema: Omit<SchemaOf<E>, keyof O> & O }> {
  const { method, path, servedWhen: _servedWhen, query, ...schema } = entry;
  const querystring = query === undefined ? {} : { querystring: query };
  // The object is the type above; TypeScript cannot follow a rest of a generic through the mapped type.
  return { method, url: path, schema: { ...schema, ...querystring, ...overrides } } as never;
}
