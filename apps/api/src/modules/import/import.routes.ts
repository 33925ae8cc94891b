/** /connected/admin/sources and /connected/admin/source-links (issue 25): administrators only. */
import { importRoutes } from '@evmap/contract/routes/import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import {
  createImportSource,
  deleteImportSource,
  getImportSource,
  listImportRuns,
  listImportSources,
  runImportSourceNow,
  updateImportSource,
} from './import-admin.service';
import { listImportLinks, splitImportLink } from './import-links.service';

export const importRoutesPlugin: FastifyPluginAsyncZod = async (app) => {
  // Before the body is read: strangers get 401 and non-administrators 403 whatever they send.
  app.addHook('onRequest', app.requireAdmin);
  const deps = () => app.importDeps;

  app.route({
    ...routeOf(importRoutes.sources),
    handler: async () => ({ sources: await listImportSources(deps()) }),
  });
  app.route({
    ...routeOf(importRoutes.source),
    handler: async (request) => ({ source: await getImportSource(deps(), request.params.id) }),
  });
  app.route({
    ...routeOf(importRoutes.createSource),
    handler: async (request, reply) =>
      reply.status(201).send({ source: await createImportSource(deps(), request.body) }),
  });
  app.route({
    ...routeOf(importRoutes.updateSource),
    handler: async (request) => ({ source: await updateImportSource(deps(), request.params.id, request.body) }),
  });
  app.route({
    ...routeOf(importRoutes.deleteSource),
    handler: async (request, reply) => {
      await deleteImportSource(deps(), request.params.id);
      return reply.status(204).send();
    },
  });
  app.route({
    ...routeOf(importRoutes.runSource),
    handler: async (request) => ({ run: await runImportSourceNow(deps(), request.params.id) }),
  });
  app.route({
    ...routeOf(importRoutes.runs),
    handler: async (request) => ({ runs: await listImportRuns(deps(), request.params.id) }),
  });
  app.route({
    ...routeOf(importRoutes.links),
    handler: async () => ({ links: await listImportLinks(deps()) }),
  });
  app.route({
    ...routeOf(importRoutes.splitLink),
    handler: async (request, reply) =>
      reply.status(201).send({ event: await splitImportLink(deps(), request.params.id) }),
  });
};
