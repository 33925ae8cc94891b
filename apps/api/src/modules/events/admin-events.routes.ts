/** /connected/admin/events (spec section 7, Admin): administrators only. */
import { adminEventsListSchema, eventUuidParamsSchema } from '@evmap/contract/event-actions';
import {
  adminCreateEventBodySchema,
  adminEventsQuerySchema,
  adminUpdateEventBodySchema,
  eventResponseSchema,
} from '@evmap/contract/events';
import { noContentSchema } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { idParamsSchema } from './owner-events.routes';

export const adminEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: strangers get 401 and non-administrators 403 whatever they send.
  app.addHook('onRequest', app.requireAdmin);
  const tags = ['admin'];
  const present = (event: EventRecord) => ({ event: presentEvent(event, app.storage, { withCreator: true }) });
  // One per app instance: tests build several apps on several databases in one process.
  const lists = new AdminListCache();

  app.get(
    '/connected/admin/events',
    { schema: { tags, querystring: adminEventsQuerySchema, response: { 200: adminEventsListSchema } } },
    async (request) => presentEventPage(await listAdminEvents(app, lists, request.query), app.storage),
  );

  app.get(
    '/connected/admin/events/uuid/:uuid',
    { schema: { tags, params: eventUuidParamsSchema, response: { 200: eventResponseSchema } } },
    async (request) => present(await getAdminEvent(app, request.params.uuid)),
  );

  app.post(
    '/connected/admin/events',
    { schema: { tags, body: adminCreateEventBodySchema, response: { 200: eventResponseSchema } } },
    async (request) => present(await adminCreateEvent(app, userOf(request), request.body)),
  );

  app.put(
    '/connected/admin/events/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: adminUpdateEventBodySchema,
        response: { 200: eventResponseSchema },
      },
    },
    async (request) => present(await adminUpdateEvent(app, userOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/connected/admin/events/id/:id',
    { schema: { tags, params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await adminDeleteEvent(app, request.params.id);
      return reply.status(204).send();
    },
  );
};
