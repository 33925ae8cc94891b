/** /connected/admin/events (spec section 7, Admin): administrators only. */
import { adminRoutes } from '@evmap/contract/routes/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import { presentEventPage } from './admin-events.presenter';
import {
  adminCreateEvent,
  adminDeleteEvent,
  adminUpdateEvent,
  getAdminEvent,
  listAdminEvents,
} from './admin-events.service';
import { AdminListCache } from './admin-list-cache';
import { presentEvent } from './event.presenter';
import type { EventRecord } from './events.repository';

export const adminEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: strangers get 401 and non-administrators 403 whatever they send.
  app.addHook('onRequest', app.requireAdmin);
  const present = (event: EventRecord) => ({ event: presentEvent(event, app.storage, { withCreator: true }) });
  // One per app instance: tests build several apps on several databases in one process.
  const lists = new AdminListCache();

  app.route({
    ...routeOf(adminRoutes.events),
    handler: async (request) => presentEventPage(await listAdminEvents(app, lists, request.query), app.storage),
  });

  app.route({
    ...routeOf(adminRoutes.event),
    handler: async (request) => present(await getAdminEvent(app, request.params.uuid)),
  });

  app.route({
    ...routeOf(adminRoutes.createEvent),
    handler: async (request) => present(await adminCreateEvent(app, userOf(request), request.body)),
  });

  app.route({
    ...routeOf(adminRoutes.updateEvent),
    handler: async (request) => present(await adminUpdateEvent(app, userOf(request), request.params.id, request.body)),
  });

  app.route({
    ...routeOf(adminRoutes.deleteEvent),
    handler: async (request, reply) => {
      await adminDeleteEvent(app, request.params.id);
      return reply.status(204).send();
    },
  });
};
