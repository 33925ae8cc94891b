/**
 * The OpenAPI document (GET /api/docs/json, browsable at /api/docs), generated from the zod schemas of the contract
 * that validate and serialise each route. Every API route is completed here, in one place, before Fastify compiles
 * it, so that what the document says is what the route does:
 * - its query string is strict: an unknown parameter answers 400 (a route that reads none gets an empty one);
 * - its answers: the success it declares (204 with noContentSchema, a file with fileAnswer; openapi.test.ts fails
 *   on a route that declares none), and the `{ errors }` answers of its kind: 400 and 500 always; 401 with the
 *   bearer scheme under /connected (or the `security` it declares); 403 under /connected/admin; 404 and 414 with path
 *   parameters; 409, 413 and 415 where a body is read (a write). A route adds the others it gives (402, 403, 404, 409,
 *   429, 503) by listing them with errorBodySchema;
 * - an operationId from its method and path.
 */

import { errorBodySchema } from '@evmap/contract/errors';
import { API_PREFIX } from '@evmap/contract/routes/route';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';

// The one `{ errors }` schema, a named component of the document (its name is given here, not in the contract).
if (!z.globalRegistry.has(errorBodySchema)) {
  z.globalRegistry.add(errorBodySchema, {
    id: 'ErrorBody',
    description: 'Messages in the language of Accept-Language, keyed by field; `global` for the request as a whole',
  });
}

export const BEARER_SECURITY = [{ bearerAuth: [] }];

/** What each `{ errors }` answer means, for the document. */
export const ERROR_ANSWERS: Readonly<Record<number, string>> = {
  400: 'The request is not valid: `errors` has a message for each wrong field (path, query string or body) and `global` for the request as a whole',
  401: 'No valid bearer token (missing, expired, or issued before a password change): sign in again',
  402: 'The payment was declined',
  403: 'Signed in, but not allowed to do this: `global` says why',
  404: 'Not found',
  410: 'Gone for good (a feed of a removed organisation): `global` says why',
  409: 'In conflict with what exists (`errors` names the field: an email already in use) or with a change made at the same time (`global`: try again)',
  413: 'The body is too large',
  414: 'A path parameter is too long',
  415: 'The body is not of an accepted media type',
  429: 'Too many requests: try again after the seconds of Retry-After',
  500: 'An unexpected failure, logged with the request id (x-request-id)',
  503: 'Temporarily unavailable: try again later (after the seconds of Retry-After when it is given)',
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const RETRY_AFTER = { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } };

const SUCCESS_ANSWERS: Readonly<Record<string, string>> = { 200: 'Done', 201: 'Created' };

function errorAnswer(status: number) {
  return { description: ERROR_ANSWERS[status], content: { 'application/json': { schema: errorBodySchema } } };
}

/** A JSON success answer with its description (a zod schema alone would be documented as "Default Response"). */
function successAnswer(status: string, answer: unknown) {
  if (!(answer instanceof z.ZodType) || answer instanceof z.ZodUndefined) return answer;
  const description = answer.description ?? SUCCESS_ANSWERS[status] ?? 'Done';
  return { description, content: { 'application/json': { schema: answer } } };
}

/** `getConnectedAdminUsersIdById` for GET /api/v1/connected/admin/users/id/:id. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .slice(API_PREFIX.length)
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

type RouteSchema = {
  hide?: boolean;
  params?: unknown;
  querystring?: unknown;
  response?: Record<string, unknown>;
  security?: Array<Record<string, string[]>>;
  operationId?: string;
  [key: string]: unknown;
};

/** The schema of an API route as it is compiled and documented (a new object: `schema` is left as it was). */
export function describeRoute(method: string, url: string, schema: RouteSchema = {}): RouteSchema {
  const declared = schema.response ?? {};
  const security = schema.security ?? (url.startsWith(`${API_PREFIX}/connected/`) ? BEARER_SECURITY : []);
  const statuses = new Set([400, 500]);
  if (security.length > 0 && security.every((alternative) => Object.keys(alternative).length > 0)) statuses.add(401);
  if (url.startsWith(`${API_PREFIX}/connected/admin/`)) statuses.add(403);
  if (schema.params) {
    statuses.add(404);
    statuses.add(414);
  }
  if (BODY_METHODS.has(method)) {
    // 409: a write that a concurrent one beat (duplicate key, deadlock: lib/db-errors.ts).
    statuses.add(409);
    statuses.add(413);
    statuses.add(415);
  }
  for (const [status, answer] of Object.entries(declared)) if (answer === errorBodySchema) statuses.add(Number(status));

  const response: Record<string, unknown> = Object.fromEntries(
    Object.entries(declared).map(([status, answer]) => [
      status,
      status.startsWith('2') ? successAnswer(status, answer) : answer,
    ]),
  );
  for (const status of statuses) {
    if (!ERROR_ANSWERS[status]) throw new Error(`${method} ${url}: no description of the ${status} answer`);
    response[status] = errorAnswer(status);
  }
  const { querystring } = schema;
  return {
    ...schema,
    operationId: schema.operationId ?? operationIdOf(method, url),
    security,
    querystring:
      querystring === undefined
        ? z.strictObject({})
        : querystring instanceof z.ZodObject
          ? querystring.strict()
          : querystring,
    response,
  };
}

type OpenApiDocument = {
  paths?: Record<string, Record<string, { responses?: Record<string, { headers?: Record<string, unknown> }> }>>;
  components?: { schemas?: Record<string, unknown> };
};

/**
 * The finishing touches of the document: Retry-After on the 429 and 503 answers (a header a zod body schema cannot
 * carry), and no component schema that nothing refers to (zod lists the input twin of every named schema).
 */
function finished<T>(document: T): T {
  const { paths, components } = document as OpenApiDocument;
  const referenced = JSON.stringify(paths ?? {});
  for (const name of Object.keys(components?.schemas ?? {})) {
    if (!referenced.includes(`"#/components/schemas/${name}"`)) delete components?.schemas?.[name];
  }
  for (const operations of Object.values(paths ?? {})) {
    for (const operation of Object.values(operations)) {
      for (const status of ['429', '503']) {
        const answer = operation.responses?.[status];
        if (answer) answer.headers = { 'retry-after': RETRY_AFTER };
      }
    }
  }
  return document;
}

export const openapiPlugin = fp(
  async (app) => {
    const operationIds = new Set<string>();
    // Before @fastify/swagger's own hook and before any route: the document and the compiled route see the same schema.
    app.addHook('onRoute', (route: RouteOptions) => {
      const method = String(route.method);
      if (!route.url.startsWith(`${API_PREFIX}/`) || (route.schema as RouteSchema | undefined)?.hide) return;
      const schema = describeRoute(method, route.url, route.schema as RouteSchema | undefined);
      if (method !== 'HEAD') {
        if (operationIds.has(String(schema.operationId)))
          throw new Error(`duplicate operationId ${schema.operationId}`);
        operationIds.add(String(schema.operationId));
      }
      route.schema = schema;
    });

    await app.register(swagger, {
      openapi: {
        // JSON Schema 2020-12: nullable values and enums validate as written with any JSON Schema validator.
        openapi: '3.1.0',
        info: {
          title: 'EventMap API',
          version: '1.0.0',
          description:
            'Errors always answer `{ "errors": { "<field>": message, "global": message } }` in the language of ' +
            'Accept-Language (fr or en). A method a path does not have answers 405 with an Allow header.',
        },
        servers: [{ url: '/' }],
        components: {
          securitySchemes: {
            bearerAuth: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'The `jwt` answered by sign-in, sign-up and password changes',
            },
            signedLink: {
              type: 'apiKey',
              in: 'query',
              name: 'token',
              description: 'The signed one-hour token of an invoice link (`invoice_pdf`)',
            },
          },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: (documentObject) => finished(jsonSchemaTransformObject(documentObject)),
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  },
  { name: 'openapi' },
);
