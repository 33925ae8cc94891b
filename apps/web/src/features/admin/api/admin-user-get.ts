/** `GET /connected/admin/users/id/{id}`: any user, deleted ones included, as an administrator reads them. */
import { adminRoutes } from '@evmap/contract/routes/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys } from '@/lib/query-keys';

/** Query options of the user `id`. */
export const adminUserQueryOptions = (id: number) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: async ({ signal }) => (await callEndpoint(adminRoutes.user, { params: { id }, signal })).user,
  });

/** The user of a link (`/profile/admin/users/{userId}`); a link that is no id fails at once, without asking the API. */
export function useAdminUser(userId: string) {
  const id = /^[1-9]\d{0,9}$/.test(userId) ? Number(userId) : 0;
  const valid = id > 0 && id <= 2_147_483_647;
  const query = useQuery({ ...adminUserQueryOptions(id), enabled: valid });
  return valid ? query : { ...query, isError: true as const, data: undefined };
}
