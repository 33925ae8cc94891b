/** `GET /connected/admin/dashboard`: the counts administrators open the dashboard for. */
import { adminRoutes } from '@evmap/contract/routes/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys } from '@/lib/query-keys';

/** Query options of the dashboard counts. */
export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: async ({ signal }) => (await callEndpoint(adminRoutes.dashboard, { signal })).counts,
  });

/** The dashboard counts as a query. */
export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
