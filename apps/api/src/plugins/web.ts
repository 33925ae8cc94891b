/**
 * Serves the built web app from one origin with the API: hashed assets cached for a year,
 * the HTML never cached, and any unknown path outside /api answered with the app (which shows 404).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { apiNotFound } from './error-handler';

declare module 'fastify' {
  interface FastifyInstance {
    /** The web app's index.html, or undefined when the app is not built. */
    indexHtml: () => string | undefined;
  }
}

export const webPlugin = fp<{ webDist: string }>(
  async (app: FastifyInstance, { webDist }) => {
    const indexFile = path.join(webDist, 'index.html');
    let cached: string | undefined;
    app.decorate('indexHtml', () => {
      if (cached === undefined && existsSync(indexFile)) cached = readFileSync(indexFile, 'utf8');
      return cached;
    });

    if (existsSync(webDist)) {
      await app.register(fastifyStatic, {
        root: webDist,
        prefix: '/',
        wildcard: true,
        index: false,
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

    app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return apiNotFound(request, reply);
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (!wantsPage || path.extname(request.url.split('?')[0] ?? '') !== '') {
        return reply.status(404).type('text/plain; charset=utf-8').send('404');
      }
      return sendApp(reply);
    });
  },
  { name: 'web', dependencies: ['error-handler'] },
);
