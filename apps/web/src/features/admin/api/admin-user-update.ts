/**
 * `PUT /connected/admin/users/{id}`: saves a user's fields. The users lists and the dashboard's counts
 * (organisers by plan) may change: everything under `adminKeys.all` is refreshed.
 */
import type { AdminUserBody } from '@evmap/contract/admin-users';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys } from '@/lib/query-keys';

/** The save as a mutation; resolves with the saved user. */
export function useUpdateAdminUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminUserBody) =>
      (await callEndpoint(adminRoutes.updateUser, { params: { id }, body })).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
