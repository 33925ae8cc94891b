/**
 * Answers for requests that match no route, in the error shape and never echoing the request:
 * - a method a path under /api does not have: 405 with an Allow header (the router alone would say 404), only
 *   when the path is a valid address under that other method (its parameters pass that route's schema): a client
 *   that sent `GET /connected/events/./stats` (which HTTP libraries send as `/connected/events/stats`) is told 404,
 *   as the document says for an event that does not exist, not that `PUT /connected/events/{id}` exists;
 * - a malformed address (bad percent-encoding: 400) or an over-long path parameter (414), which the router answers
 *   before any hook runs: `frameworkErrors`, an option of the Fastify constructor;
 * - a request Node's HTTP parser cannot read (a control character in a header, a malformed request line: 400),
 *   headers over its limit (431) or a request that does not arrive in time (408), answered before Fastify sees a
 *   request: `clientErrorHandler`, another option of the constructor. Fastify's own bodies
 *   (`{"error","message","statusCode"}`) are never sent.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorKey, errorMessage } from '@evmap/contract/errors';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { langFromHeader } from '../lib/lang';

declare module 'fastify' {
  interface FastifyInstance {
    /** The methods of the API routes whose path matches `path` (empty when none does). */
    allowedMethods: (path: string) => string[];
  }
}

function send(reply: FastifyReply, status: number, key: ErrorKey, params: Record<string, string> = {}) {
  const lang = langFromHeader(reply.request.headers['accept-language']);
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ errors: { global: errorMessage(key, lang, params) } });
}

/**
 * `/api/v1/events/:id/stats` -> a regular expression matching the paths the router sends to that route, and the
 * names of the parameters its groups capture.
 */
function pathPattern(url: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '([^/]+)';
      }
      return segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { regex: new RegExp(`^${source}/?$`), names };
}

type ParamsSchema = { safeParse: (value: unknown) => { success: boolean } };
type KnownRoute = { method: string; regex: RegExp; names: string[]; params?: ParamsSchema };

/** Whether `path` is an address of `route`: it matches, and its parameters pass the route's schema. */
function addresses(route: KnownRoute, path: string): boolean {
  const match = route.regex.exec(path);
  if (!match) return false;
  if (!route.params || route.names.length === 0) return true;
  const params: Record<string, string> = {};
  try {
    route.names.forEach((name, index) => {
      params[name] = decodeURIComponent(match[index + 1] ?? '');
    });
  } catch {
    return false;
  }
  return route.params.safeParse(params).success;
}

export const routeErrorsPlugin = fp(
  async (app) => {
    const routes: KnownRoute[] = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const schema = (route.schema as { params?: unknown } | undefined)?.params as Partial<ParamsSchema> | undefined;
      const params = typeof schema?.safeParse === 'function' ? (schema as ParamsSchema) : undefined;
      for (const method of methods) routes.push({ method: String(method), ...pathPattern(route.url), params });
    });
    app.decorate('allowedMethods', (path: string) => {
      const methods = new Set(routes.filter((route) => addresses(route, path)).map((route) => route.method));
      return [...methods].sort();
    });
  },
  { name: 'route-errors' },
);

/** 405 with Allow when the path exists under another method; undefined when it does not exist at all. */
export function methodNotAllowed(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const path = request.url.split('?')[0] ?? '';
  const allowed = request.server.allowedMethods(path);
  if (allowed.length === 0) return undefined;
  reply.header('allow', allowed.join(', '));
  return send(reply, 405, 'methodNotAllowed', { allowed: allowed.join(', ') });
}

/** The router's own errors (the Fastify constructor's `frameworkErrors`), in the error shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return send(reply, 400, 'urlInvalid');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return send(reply, 414, 'urlTooLong');
    default:
      reply.log.error({ err: error }, 'router error');
      return send(reply, 500, 'internal');
  }
}

/** The three answers of `clientErrorHandler`: the Node error code, the status and the message. */
function clientError(code: string | undefined): [number, ErrorKey] {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'requestTimeout'];
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'requestHeadersTooLarge'];
  return [400, 'requestMalformed'];
}

/**
 * A request Node's HTTP parser refused (the Fastify constructor's `clientErrorHandler`): the error shape, in the
 * language of the Accept-Language header when the bytes read so far hold one, then the connection is closed.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key] = clientError(error.code);
  // Typed by Fastify as a JSON form of a Buffer; Node gives the Buffer itself.
  const packet = (error as { rawPacket?: unknown }).rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.subarray(0, 64 * 1024).toString('latin1') : '';
  const lang = langFromHeader(/\r\naccept-language:[ \t]*([^\r\n]*)/i.exec(raw)?.[1]);
  const body = JSON.stringify({ errors: { global: errorMessage(key, lang) } });
  if (socket.writable) {
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}
