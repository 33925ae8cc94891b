/** /connected/sources (issue 25): an organisation's own calendars. */
import { ownImportRoutes } from '@evmap/contract/routes/import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { userOf } from '../../plugins/auth';
import {
  createOwnSource,
  deleteOwnSource,
  listOwnRuns,
  listOwnSources,
  runOwnSource,
  updateOwnSource,
} from './own-import.service';

export const ownImportRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const deps = () => app.importDeps;

  app.route({
    ...routeOf(ownImportRoutes.sources),
    handler: async (request) => ({ sources: await listOwnSources(deps(), userOf(request)) }),
  });
  app.route({
    ...routeOf(ownImportRoutes.createSource),
    handler: async (request, reply) =>
      reply.status(201).send({ source: await createOwnSource(deps(), userOf(request), request.body) }),
  });
  app.route({
    ...routeOf(ownImportRoutes.updateSource),
    handler: async (request) => ({
      source: await updateOwnSource(deps(), userOf(request), request.params.id, request.body),
    }),
  });
  app.route({
    ...routeOf(ownImportRoutes.deleteSource),
    handler: async (request, reply) => {
      await deleteOwnSource(deps(), userOf(request), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    ...routeOf(ownImportRoutes.runSource),
    handler: async (request) => ({ run: await runOwnSource(deps(), userOf(request), request.params.id) }),
  });
  app.route({
    ...routeOf(ownImportRoutes.runs),
    handler: async (request) => ({ runs: await listOwnRuns(deps(), userOf(request), request.params.id) }),
  });
};
