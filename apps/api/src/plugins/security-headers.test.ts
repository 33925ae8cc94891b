import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS, helmetHeaders, securityHeadersPlugin } from './security-headers';

const helmet = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

describe('security headers', () => {
  it("are helmet's, computed once, on answers, errors and unknown routes alike", async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { helmet });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('no');
    });
    for (const [url, status] of [
      ['/ok', 200],
      ['/fails', 500],
      ['/nowhere', 404],
    ] as const) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      const csp = String(res.headers['content-security-policy']).split(';');
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
    await app.close();
  });

  it("leaves the documents' headers off the build's scripts and style sheets, and only off them", async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { helmet });
    app.get('/*', async () => 'body');
    const page = await app.inject({ method: 'GET', url: '/profile' });
    for (const url of ['/assets/index-a1B2c3.js', '/assets/index-a1B2c3.css', '/assets/vendor-x.js?v=1']) {
      const res = await app.inject({ method: 'GET', url });
      for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], `${url} ${name}`).toBeUndefined();
      // What a script or a style sheet needs stays, as on a page.
      for (const name of [
        'x-content-type-options',
        'cross-origin-resource-policy',
        'strict-transport-security',
        'referrer-policy',
      ]) {
        expect(res.headers[name], `${url} ${name}`).toBe(page.headers[name]);
      }
    }
    // Every other answer keeps them all: pages, images and other files of the build, the API.
    for (const url of ['/profile', '/assets/logo-a1.svg', '/assets/index.js/x', '/sw.js', '/api/v1/assets/a.js']) {
      const res = await app.inject({ method: 'GET', url });
      for (const name of DOCUMENT_ONLY_HEADERS) {
        if (page.headers[name] !== undefined) expect(res.headers[name], `${url} ${name}`).toBe(page.headers[name]);
      }
      expect(res.headers['content-security-policy'], url).toBeDefined();
    }
    await app.close();
  });

  it('lists what helmet removes', () => {
    expect(helmetHeaders(helmet).removed).toContain('x-powered-by');
  });
});
