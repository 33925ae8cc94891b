/** /connected/events: the signed-in event-manager's own events. */

import { errorBodySchema } from '@evmap/contract/errors';
import { eventUuidParamsSchema } from '@evmap/contract/event-actions';
import { eventResponseSchema, eventsResponseSchema, ownerEventBodySchema } from '@evmap/contract/events';
import { noContentSchema } from '@evmap/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../../plugins/auth';
import type { PublicationCharge } from '../plans/publication';
import { presentEvent } from './event.presenter';
import {
  createOwnEvent,
  deleteOwnEvent,
  getOwnEventByUuid,
  listOwnEvents,
  updateOwnEvent,
} from './owner-events.service';

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'idInvalid' })
    .int({ error: 'idInvalid' })
    .positive({ error: 'idInvalid' })
    .max(2_147_483_647, { error: 'idInvalid' }),
});

export const ownerEventsRoutes: FastifyPluginAsyncZod<{ chargePublication: PublicationCharge }> = async (
  app,
  { chargePublication },
) => {
  const deps = { db: app.db, storage: app.storage, chargePublication };
  const present = (record: Parameters<typeof presentEvent>[0]) =>
    presentEvent(record, app.storage, { withCreator: true });
  // An event-manager still waiting for their first email verification may not publish (403).
  app.addHook('onRequest', app.requireVerifiedUser);

  app.get(
    '/connected/events',
    { schema: { tags: ['events'], response: { 200: eventsResponseSchema, 403: errorBodySchema } } },
    async (request) => ({
      events: (await listOwnEvents(deps, userOf(request))).map(present),
    }),
  );

  app.get(
    '/connected/events/uuid/:uuid',
    {
      schema: {
        tags: ['events'],
        params: eventUuidParamsSchema,
        response: { 200: eventResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) => ({ event: present(await getOwnEventByUuid(deps, userOf(request), request.params.uuid)) }),
  );

  app.post(
    '/connected/events',
    {
      schema: {
        tags: ['events'],
        body: ownerEventBodySchema,
        // 402 and 503: the charge of a publication under the unit plan.
        response: { 200: eventResponseSchema, 402: errorBodySchema, 403: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request) => ({ event: present(await createOwnEvent(deps, userOf(request), request.body)) }),
  );

  app.put(
    '/connected/events/:id',
    {
      schema: {
        tags: ['events'],
        params: idParamsSchema,
        body: ownerEventBodySchema,
        response: { 200: eventResponseSchema, 403: errorBodySchema },
      },
    },
    async (request) => ({
      event: present(await updateOwnEvent(deps, userOf(request), request.params.id, request.body)),
    }),
  );

  app.delete(
    '/connected/events/id/:id',
    { schema: { tags: ['events'], params: idParamsSchema, response: { 204: noContentSchema, 403: errorBodySchema } } },
    async (request, reply) => {
      await deleteOwnEvent(deps, userOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
