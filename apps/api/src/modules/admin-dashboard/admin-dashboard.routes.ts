/** GET /connected/admin/dashboard: the counts of the admin dashboard. */
import { adminRoutes } from '@evmap/contract/routes/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeOf } from '../../lib/route-table';
import { presentDashboard } from './admin-dashboard.presenter';
import { DayCountsCache, getDashboardCounts } from './admin-dashboard.service';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireAdmin);
  // One per app instance: tests build several apps on several databases in one process.
  const cache = new DayCountsCache();

  app.route({
    ...routeOf(adminRoutes.dashboard),
    handler: async () => presentDashboard(await getDashboardCounts(app, cache)),
  });
};
