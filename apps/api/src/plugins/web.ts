/**
 * Serves the built web app from one origin with the API: hashed assets cached for a year,
 * the HTML never cached, and any unknown path outside /api answered with the app (which shows 404).
 * index.html is served with the run-time tile settings its boot script's map preview reads.
 * `/embed` is the embeddable map and list (embed.html, issue 26): the one page any website may frame.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '@evmap/contract/html';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiNotFound } from './error-handler';
import { methodNotAllowed } from './route-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The web app's index.html, or undefined when the app is not built. */
    indexHtml: () => string | undefined;
  }
}

/** The built index.html of `webDist` as it is on disk, or undefined when the app is not built. */
export function readIndexHtml(webDist: string): string | undefined {
  const indexFile = path.join(webDist, 'index.html');
  return existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
}

/**
 * The CSP sources (`'sha256-…'`) allowing the inline scripts of `html` (the boot script): the hash of each
 * `<script>` element's text, for those without `src`.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The built embed.html of `webDist`, or undefined when the app is not built. */
function readEmbedHtml(webDist: string): string | undefined {
  const embedFile = path.join(webDist, 'embed.html');
  return existsSync(embedFile) ? readFileSync(embedFile, 'utf8') : undefined;
}

/**
 * Lets any website frame the page of `reply`: `frame-ancestors *` in the CSP helmet set (every other directive
 * kept), and no `X-Frame-Options`. Only the embed page calls this; every other page keeps refusing frames.
 */
export function allowAnyFramer(reply: FastifyReply): void {
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp === 'string') {
    reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, 'frame-ancestors *'));
  }
  reply.removeHeader('x-frame-options');
}

const TILE_URL_META = /<meta name="evm-tile-url" content="[^"]*"\s*\/?>/;

/** The origin of an absolute tile URL template, when it is fixed (no `{s}` subdomain in the host). */
function tileOrigin(tileUrl: string): string | undefined {
  const host = /^https?:\/\/([^/?#]*)/.exec(tileUrl)?.[1];
  if (host === undefined || host.includes('{')) return undefined;
  try {
    return new URL(tileUrl).origin;
  } catch {
    return undefined;
  }
}

/**
 * index.html with the tile URL template (TILE_URL) in its `evm-tile-url` meta, for the boot script's map preview,
 * and a preconnect to the tile server when it is another origin. Only that meta is rewritten: the inline scripts,
 * allowed by hash, stay byte for byte.
 */
export function withTileSettings(html: string, tileUrl: string): string {
  return html.replace(TILE_URL_META, () => {
    const origin = tileOrigin(tileUrl);
    const preconnect = origin ? `<link rel="preconnect" href="${escapeHtml(origin)}">` : '';
    return `<meta name="evm-tile-url" content="${escapeHtml(tileUrl)}">${preconnect}`;
  });
}

export const webPlugin = fp<{ webDist: string }>(
  async (app: FastifyInstance, { webDist }) => {
    let cached: string | undefined;
    app.decorate('indexHtml', () => {
      if (cached === undefined) {
        const html = readIndexHtml(webDist);
        if (html !== undefined) cached = withTileSettings(html, app.config.tileUrl);
      }
      return cached;
    });

    if (existsSync(webDist)) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: true,
        index: false,
        // The build's Brotli and gzip copies of the assets (apps/web/scripts/precompressed-assets.ts), sent as
        // they are to a browser that accepts them; other files are compressed per answer as before.
        preCompressed: true,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }

    const sendApp = (reply: FastifyReply) => {
      const html = app.indexHtml();
      if (!html) return reply.status(404).type('text/plain; charset=utf-8').send('404');
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    };
    app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp(reply));

    let embedCached: string | undefined;
    const sendEmbed = (reply: FastifyReply) => {
      embedCached ??= readEmbedHtml(webDist);
      if (!embedCached) return reply.status(404).type('text/plain; charset=utf-8').send('404');
      allowAnyFramer(reply);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(embedCached);
    };
    // The embed page, framed by other websites: its filters are in the query string (`/embed?lang=fr&city=…`).
    app.get('/embed', { schema: { hide: true } }, (_request, reply) => sendEmbed(reply));
    app.get('/embed.html', { schema: { hide: true } }, (_request, reply) => sendEmbed(reply));
    // The service worker precaches /index.html and answers later navigations with it: the same page as `/`.
    app.get('/index.html', { schema: { hide: true } }, (_request, reply) => sendApp(reply));

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') {
        return methodNotAllowed(request, reply) ?? apiNotFound(request, reply);
      }
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (!wantsPage || path.extname(request.url.split('?')[0] ?? '') !== '') {
        return reply.status(404).type('text/plain; charset=utf-8').send('404');
      }
      return sendApp(reply);
    });
  },
  { name: 'web', dependencies: ['error-handler', 'route-errors'] },
);
