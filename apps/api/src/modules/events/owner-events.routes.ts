/** /connected/events: the signed-in event-manager's own events. */

import { eventRoutes } from '@evmap/contract/routes/events';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import type { PublicationCharge } from '../plans/publication.port';
import { presentEvent } from './event.presenter';
import {
  createOwnEvent,
  deleteOwnEvent,
  getOwnEventByUuid,
  listOwnEvents,
  updateOwnEvent,
} from './owner-events.service';

/**
 * Event writes of one account (create, edit, delete): plenty for a person at work, not a stream of changes sent to
 * every open map (live changes are coalesced too, one message per event per second).
 */
export const EVENT_WRITE_LIMITS = [
  { windowMs: 60_000, limit: 30 },
  { windowMs: 60 * 60_000, limit: 300 },
] as const;

export const ownerEventsRoutes: FastifyPluginAsyncZod<{ chargePublication: PublicationCharge }> = async (
  app,
  { chargePublication },
) => {
  const deps = { db: app.db, storage: app.storage, log: app.log, chargePublication };
  const present = (record: Parameters<typeof presentEvent>[0]) =>
    presentEvent(record, app.storage, { withCreator: true });
  // An event-manager still waiting for their first email verification may not publish (403).
  app.addHook('onRequest', app.requireVerifiedUser);
  const limitWrites = async (request: FastifyRequest) => {
    const user = userOf(request);
    for (const { windowMs, limit } of EVENT_WRITE_LIMITS) {
      const key = `event-write:${windowMs}:${user.id}`;
      await app.rateLimiter.consume({ key, limit, windowMs, message: 'eventWritesRateLimited' });
    }
  };

  app.route({
    ...routeOf(eventRoutes.ownList),
    handler: async (request) => ({ events: (await listOwnEvents(deps, userOf(request))).map(present) }),
  });

  app.route({
    ...routeOf(eventRoutes.ownByUuid),
    handler: async (request) => ({
      event: present(await getOwnEventByUuid(deps, userOf(request), request.params.uuid)),
    }),
  });

  // 429: EVENT_WRITE_LIMITS.
  app.route({
    ...routeOf(eventRoutes.createOwn),
    preHandler: limitWrites,
    handler: async (request) => ({ event: present(await createOwnEvent(deps, userOf(request), request.body)) }),
  });

  app.route({
    ...routeOf(eventRoutes.updateOwn),
    preHandler: limitWrites,
    handler: async (request) => ({
      event: present(await updateOwnEvent(deps, userOf(request), request.params.id, request.body)),
    }),
  });

  app.route({
    ...routeOf(eventRoutes.deleteOwn),
    preHandler: limitWrites,
    handler: async (request, reply) => {
      await deleteOwnEvent(deps, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
};
