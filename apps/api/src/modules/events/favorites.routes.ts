/** A viewer's favourites: GET /connected/events/favorite and GET/POST/DELETE /connected/events/id/{id}/favorite. */

import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { presentEvent } from './event.presenter';
import { favorite, favoriteState, listFavorites, unfavorite } from './favorites.service';

export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  // Viewers only: 403 for event-managers and administrators.
  app.route({
    ...routeOf(eventRoutes.favorites),
    handler: async (request) => ({
      events: (await listFavorites(app, userOf(request))).map((event) => presentEvent(event, app.storage)),
    }),
  });

  app.route({
    ...routeOf(eventRoutes.favoriteState),
    handler: async (request) => ({ isFavorite: await favoriteState(app, userOf(request), request.params.id) }),
  });

  app.route({
    ...routeOf(eventRoutes.addFavorite),
    handler: async (request, reply) => {
      await favorite(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(eventRoutes.removeFavorite),
    handler: async (request, reply) => {
      await unfavorite(app, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
};
