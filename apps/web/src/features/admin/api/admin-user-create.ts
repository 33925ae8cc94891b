/**
 * `POST /connected/admin/users`: creates a user, who is mailed a link to choose a password. A new account
 * changes the users lists and the dashboard's counts: everything under `adminKeys.all` is refreshed.
 */
import type { AdminUserBody } from '@evmap/contract/admin-users';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys } from '@/lib/query-keys';

/** The creation as a mutation; resolves with the new user. */
export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminUserBody) => (await callEndpoint(adminRoutes.createUser, { body })).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
