/**
 * Choosing a plan: the confirmation whose text depends on the change (and, when it leaves the complete plan,
 * lists the events the API deletes), then `PUT /connected/me/plans`. A refusal (no card, no billing
 * province, a declined payment, the trial limit) becomes the page's message and changes nothing; for a paid
 * plan, no card or no billing province is found before the confirmation is asked, not after.
 */

import type { Event } from '@evmap/contract/events';
import { taxProvince } from '@evmap/contract/taxes';
import type { User } from '@evmap/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useConfirm } from '@/components/confirm-dialog';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { chargeBlocker } from '@/lib/charge-readiness';
import { ownEventsQueryOptions } from '@/lib/get-own-events';
import { subscriptionQueryOptions } from '@/lib/get-subscription';
import { toast } from '@/lib/toast';
import { type SelectablePlan, useChangePlan } from '../api/change-plan';
import { PlanConfirmation } from '../components/plan-confirmation';
import { deletionCutoff, eventsStartingAfter } from '../utils/deleted-events';
import { confirmParts, type PlanError, planError, trialAvailable } from '../utils/plan-rules';
import { planPriceView } from '../utils/prices';

export type PlanChangeState = {
  /** Asks for the confirmation of `to`, then changes the plan. */
  choose: (to: SelectablePlan) => Promise<void>;
  /** The plan being prepared or sent, to show its button busy. */
  busy: SelectablePlan | null;
  /** The last refusal, shown as the page's message. */
  error: PlanError | null;
  /** The confirmation dialog, to render once. */
  dialog: ReactNode;
};

/** Changes `user`'s plan after a confirmation worded for the change; one change at a time (`busy`). */
export function usePlanChange(user: User): PlanChangeState {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [confirm, dialog] = useConfirm();
  const mutation = useChangePlan();
  const [busy, setBusy] = useState<SelectablePlan | null>(null);
  const [error, setError] = useState<PlanError | null>(null);
  const failed = (): PlanError => ({ key: null, message: t('plans.failed'), link: null });

  /** Leaving the complete plan: the renewal date and the events after it, read fresh (what the API will see). */
  async function deletions(to: SelectablePlan): Promise<{ cutoff: string | null; deleted: Event[] }> {
    if (user.planType !== 'complete') return { cutoff: null, deleted: [] };
    const subscription = await queryClient.fetchQuery(subscriptionQueryOptions());
    const cutoff = deletionCutoff(user.planType, to, subscription);
    if (!cutoff) return { cutoff, deleted: [] };
    return { cutoff, deleted: eventsStartingAfter(await queryClient.fetchQuery(ownEventsQueryOptions()), cutoff) };
  }

  function priceText(to: SelectablePlan): string | undefined {
    if (to !== 'unit' && to !== 'complete') return undefined;
    const view = planPriceView(to, taxProvince(user), lang);
    return view.total
      ? t('plans.priceTotal', { price: view.price, total: view.total })
      : t('plans.pricePlain', { price: view.price });
  }

  async function choose(to: SelectablePlan) {
    setError(null);
    setBusy(to);
    try {
      let found: { cutoff: string | null; deleted: Event[] };
      try {
        const blocker = to === 'unit' || to === 'complete' ? await chargeBlocker(queryClient, user) : null;
        if (blocker) {
          setError(planError(t(blocker, { ns: 'errors' })));
          return;
        }
        found = await deletions(to);
      } catch {
        setError(failed());
        return;
      }
      const trialRunning = user.planType === 'trial' && trialAvailable(user.trialEndedAt);
      const ok = await confirm({
        title: t(`plans.confirm.title.${to}`),
        message: (
          <PlanConfirmation
            parts={confirmParts(user.planType, to, trialRunning)}
            price={priceText(to)}
            cutoff={found.cutoff}
            deleted={found.deleted}
          />
        ),
        confirmLabel: t(`plans.confirm.action.${to}`),
        danger: to === 'canceled' || found.deleted.length > 0,
      });
      if (!ok) return;
      try {
        await mutation.mutateAsync({ planType: to, deletes: found.deleted.map((event) => event.id) });
      } catch (cause) {
        const message = cause instanceof ApiError ? cause.errors.global : undefined;
        setError(message ? planError(message) : failed());
        return;
      }
      toast.success(t(`plans.done.${to}`));
    } finally {
      setBusy(null);
    }
  }

  return { choose, busy, error, dialog };
}
