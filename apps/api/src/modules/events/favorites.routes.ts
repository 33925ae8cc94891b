/** A viewer's favourites: GET /connected/events/favorite and GET/POST/DELETE /connected/events/id/{id}/favorite. */

import { errorBodySchema } from '@evmap/contract/errors';
import { favoriteStateResponseSchema } from '@evmap/contract/event-actions';
import { eventsResponseSchema } from '@evmap/contract/events';
import { noContentSchema } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/auth';
import { presentEvent } from './event.presenter';
import { favorite, favoriteState, listFavorites, unfavorite } from './favorites.service';
import { idParamsSchema } from './owner-events.routes';

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const tags = ['favorites'];
  // Viewers only: 403 for event-managers and administrators.
  const noContent = { 204: noContentSchema, 403: errorBodySchema };

  app.get(
    '/connected/events/favorite',
    { schema: { tags, response: { 200: eventsResponseSchema, 403: errorBodySchema } } },
    async (request) => ({
      events: (await listFavorites(app, userOf(request))).map((event) => presentEvent(event, app.storage)),
    }),
  );

  app.get(
    '/connected/events/id/:id/favorite',
    { schema: { tags, params: idParamsSchema, response: { 200: favoriteStateResponseSchema, 403: errorBodySchema } } },
    async (request) => ({ isFavorite: await favoriteState(app, userOf(request), request.params.id) }),
  );

  app.post(
    '/connected/events/id/:id/favorite',
    { schema: { tags, params: idParamsSchema, response: noContent } },
    async (request, reply) => {
      await favorite(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/connected/events/id/:id/favorite',
    { schema: { tags, params: idParamsSchema, response: noContent } },
    async (request, reply) => {
      await unfavorite(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
