/**
 * Sharing routes. Pages (outside /api): GET /events/{handleOrUuid} and GET /sitemap.xml.
 * API (under /api/v1): GET /public/events/{uuid}/ics.
 */
import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeOf } from '../../lib/route-table';
import { eventCalendar, sharePage, sitemap } from './sharing.service';

export const sharingPageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/events/:handleOrUuid',
    { schema: { hide: true, params: z.object({ handleOrUuid: z.string() }) } },
    async (request, reply) => {
      const html = await sharePage(app, request.params.handleOrUuid, request.lang);
      if (html === undefined) return reply.status(404).type('text/plain; charset=utf-8').send('404');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-language')
        .send(html);
    },
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(await sitemap(app));
  });
};

export const sharingApiRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(eventRoutes.ics),
    handler: async (request, reply) => {
      const { filename, body } = await eventCalendar(app, request.params.uuid, request.lang);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-cache')
        .send(body);
    },
  });
};
