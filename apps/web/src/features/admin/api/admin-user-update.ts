/**
 * `PUT /connected/admin/users/{id}`: saves a user's fields. The users lists and the dashboard's counts
 * (organisers by plan) may change: everything under `adminKeys.all` is refreshed.
 */
import type { AdminUserBody, adminUserBodySchema } from '@evmap/contract/admin-users';
import type { userResponseSchema } from '@evmap/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpoint } from '@/lib/endpoint';
import { adminKeys } from '@/lib/query-keys';

export const updateAdminUserEndpoint = endpoint<{
  body: typeof adminUserBodySchema;
  response: typeof userResponseSchema;
}>()('PUT', '/connected/admin/users/:id');

/** The save as a mutation; resolves with the saved user. */
export function useUpdateAdminUser(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminUserBody) =>
      (await callEndpoint(updateAdminUserEndpoint, { params: { id }, body })).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
