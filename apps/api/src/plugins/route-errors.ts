/**
 * Answers for requests that match no route, in the error shape and never echoing the request:
 * - a method a path under /api does not have: 405 with an Allow header (the router alone would say 404);
 * - a malformed address (bad percent-encoding: 400) or an over-long path parameter (414), which the router answers
 *   before any hook runs: `frameworkErrors`, an option of the Fastify constructor.
 */
import { type ErrorKey, errorMessage } from '@evmap/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
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

/** `/api/v1/events/:id/stats` -> a regular expression matching the paths the router sends to that route. */
function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`);
}

export const routeErrorsPlugin = fp(
  async (app) => {
    const routes: Array<{ method: string; pattern: RegExp }> = [];
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith('/api/')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) routes.push({ method: String(method), pattern: pathPattern(route.url) });
    });
    app.decorate('allowedMethods', (path: string) => {
      const methods = new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method));
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
