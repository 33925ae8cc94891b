/**
 * `PUT /connected/admin/users/{id}/plans { planType }`: sets a user's plan without charging (spec section 7:
 * sent after the user save when the plan changed). Leaving the complete plan can delete the user's later
 * events, so the admin event lists are refreshed with the users lists and the dashboard.
 */
import type { AdminSetPlanBody } from '@evmap/contract/admin-users';
import { adminRoutes } from '@evmap/contract/routes/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { adminKeys, eventKeys } from '@/lib/query-keys';

/** The plan change as a mutation; resolves with the user as changed. */
export function useSetAdminUserPlan(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdminSetPlanBody) =>
      (await callEndpoint(adminRoutes.setUserPlan, { params: { id }, body })).user,
    onSuccess: async (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: eventKeys.admin() }),
      ]);
    },
  });
}
