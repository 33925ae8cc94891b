/** A viewer's favourites: GET /connected/events/favorite and GET/POST/DELETE /connected/events/id/{id}/favorite. */
import { favoriteStateResponseSchema } from '@evmap/contract/event-actions';
import { eventsResponseSchema } from '@evmap/contract/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { presentEvent } from './event.presenter';
import { favorite, favoriteState, listFavorites, unfavorite } from './favorites.service';
import { idParamsSchema } from './owner-events.routes';

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const tags = ['favorites'];

  app.get(
    '/connected/events/favorite',
    { schema: { tags, response: { 200: eventsResponseSchema } } },
    async (request) => ({
      events: (await listFavorites(app, userOf(request))).map((event) => presentEvent(event, app.storage)),
    }),
  );

  app.get(
    '/connected/events/id/:id/favorite',
    { schema: { tags, params: idParamsSchema, response: { 200: favoriteStateResponseSchema } } },
    async (request) => ({ isFavorite: await favoriteState(app, userOf(request), request.params.id) }),
  );

  app.post(
    '/connected/events/id/:id/favorite',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      await favorite(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/connected/events/id/:id/favorite',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      await unfavorite(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
