import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeadersPlugin } from './security-headers';

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

  it('lists what helmet removes', () => {
    expect(helmetHeaders(helmet).removed).toContain('x-powered-by');
  });
});
