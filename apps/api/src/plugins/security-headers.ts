/**
 * Helmet's security headers (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options, …) on every
 * answer. They depend on the configuration only, so helmet computes them once, at start; @fastify/helmet built
 * helmet's middleware again for every request (its directives parsed each time), a cost every answer paid, the cached
 * ones most visibly. A page that must differ (the embed page) changes its own headers afterwards (plugins/web.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet sets for `options`, as [name, value] pairs (and the ones it removes, such as X-Powered-By). */
export function helmetHeaders(options: Readonly<HelmetOptions>): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed: string[] = [];
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      set.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.push(name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return { set: [...set], removed };
}

export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const { set, removed } = helmetHeaders(options.helmet);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of set) reply.raw.setHeader(name, value);
      for (const name of removed) reply.raw.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
