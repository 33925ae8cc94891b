/** `GET /connected/admin/dashboard`: the counts administrators open the dashboard for. */
import type { adminDashboardSchema } from '@evmap/contract/admin-dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { adminKeys } from '@/lib/query-keys';

export const getAdminDashboardEndpoint = endpoint<{ response: typeof adminDashboardSchema }>()(
  'GET',
  '/connected/admin/dashboard',
);

/** Query options of the dashboard counts. */
export const adminDashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard(),
    queryFn: async ({ signal }) => (await callEndpoint(getAdminDashboardEndpoint, { signal })).counts,
  });

/** The dashboard counts as a query. */
export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
