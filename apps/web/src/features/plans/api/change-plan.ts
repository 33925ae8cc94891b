/**
 * `PUT /connected/me/plans`: the user's own plan change. The answered user goes to the session, so this
 * page, `/profile` and its plan popup follow at once; the subscription, invoices and cards (billing) and the
 * own events (a change that leaves the complete plan deletes some) are read again.
 */
import type { SELECTABLE_PLANS } from '@evmap/contract/billing';
import { billingRoutes } from '@evmap/contract/routes/billing';
import type { User } from '@evmap/contract/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '@/lib/endpoint';
import { announceEventChanged } from '@/lib/event-changes';
import { billingKeys, eventKeys } from '@/lib/query-keys';
import { setUser } from '@/lib/session';

/** A plan the user may ask for. */
export type SelectablePlan = (typeof SELECTABLE_PLANS)[number];

/** Changes the signed-in user's plan; resolves with the updated user. */
export async function changePlan(planType: SelectablePlan): Promise<User> {
  return (await callEndpoint(billingRoutes.changePlan, { body: { planType } })).user;
}

/** What the page asks: the plan, and the ids of the events the change deletes (to tell the map). */
export type PlanChange = { planType: SelectablePlan; deletes?: readonly number[] };

/** The answered user replaces the session's; the billing and event queries are read again. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PlanChange) => changePlan(change.planType),
    onSuccess: async (user, change) => {
      setUser(user);
      for (const id of change.deletes ?? []) announceEventChanged(id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: billingKeys.all }),
        // Deleted events leave the own list, the map's searches and the edit pages.
        queryClient.invalidateQueries({ queryKey: eventKeys.all }),
      ]);
    },
  });
}
