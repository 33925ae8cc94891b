/**
 * Helmet's security headers (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options, …) on every
 * answer. They depend on the configuration only, so helmet computes them once, at start; @fastify/helmet built
 * helmet's middleware again for every request (its directives parsed each time), a cost every answer paid, the cached
 * ones most visibly. A page that must differ (the embed page) changes its own headers afterwards (plugins/web.ts).
 *
 * The build's scripts and stylesheets (`/assets/….js`, `….css`) get only the headers that mean something for a
 * script or a style sheet: the ones a browser reads on a document (the Content-Security-Policy, X-Frame-Options,
 * Cross-Origin-Opener-Policy, Origin-Agent-Cluster and helmet's legacy ones) are left out. A page loads 20 to 50 of
 * them, and without HTTP/2's header compression (the app's server alone speaks HTTP/1.1) those headers were about
 * 620 of the 1,000 bytes each answer's headers weighed: up to 30 KB a screen, sent before its scripts.
 * X-Content-Type-Options (a script must be served as one), Cross-Origin-Resource-Policy, Strict-Transport-Security
 * and Referrer-Policy (a style sheet's own requests follow it) stay.
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

/** The headers a browser reads only on a document (a page or a worker), left off the build's scripts and styles. */
export const DOCUMENT_ONLY_HEADERS: ReadonlySet<string> = new Set([
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
]);

/** A script or style sheet of the build (its name carries its content's hash); the query string aside. */
const BUILT_SCRIPT_OR_STYLE = /^\/assets\/[^/?#]+\.(?:js|css)(?:[?#]|$)/;

export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app, options) => {
    const { set, removed } = helmetHeaders(options.helmet);
    const forAssets = set.filter(([name]) => !DOCUMENT_ONLY_HEADERS.has(name));
    app.addHook('onRequest', (request, reply, done) => {
      const headers = BUILT_SCRIPT_OR_STYLE.test(request.url) ? forAssets : set;
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      for (const name of removed) reply.raw.removeHeader(name);
      done();
    });
  },
  { name: 'security-headers' },
);
