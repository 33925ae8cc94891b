/**
 * `DELETE /connected/admin/users/id/{id}` (answers 204): the account is deleted, and its events with it. The
 * users lists, the dashboard and every event query (the map's included) are refreshed.
 */
import { adminRoutes } from '@evmap/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys, eventKeys } from '@/lib/query-keys';

/** The deletion as a mutation. */
export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(adminRoutes.deleteUser, { params: { id } }),
    onSuccess: async (_answer, id) => {
      queryClient.removeQueries({ queryKey: adminKeys.user(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]);
    },
  });
}
