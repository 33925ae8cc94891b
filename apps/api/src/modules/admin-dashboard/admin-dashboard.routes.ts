/** GET /connected/admin/dashboard: the counts of the admin dashboard. */
import { adminDashboardSchema } from '@evmap/contract/admin-dashboard';
import { errorBodySchema } from '@evmap/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { presentDashboard } from './admin-dashboard.presenter';
import { DayCountsCache, getDashboardCounts } from './admin-dashboard.service';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  // One per app instance: tests build several apps on several databases in one process.
  const cache = new DayCountsCache();

  app.get(
    '/connected/admin/dashboard',
    {
      schema: {
        tags: ['admin'],
        response: { 200: adminDashboardSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => presentDashboard(await getDashboardCounts(app, cache)),
  );
};
