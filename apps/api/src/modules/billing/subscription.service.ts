/** The plan as the account page shows it (GET /connected/me/subscription) and the user's own plan change. */
import type { Subscription } from '@evmap/contract/billing';
import type { PlanType } from '@evmap/contract/enums';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { findUserById } from '../users/users.repository';
import { chargeNow, finishPendingIntents, openIntent } from './charge-intents.service';
import type { BillingDeps } from './payment-methods.service';
import { addDays, addMonths } from './periods';
import { completeChargeNeeded, transitionPlan } from './plan-transitions.service';
import { LIVE_STATUSES, lastChangeTo, latestSubscription, lockUser } from './subscriptions.repository';

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/**
 * PUT /connected/me/plans; see plan-transitions.service for the rules. The user's pending charges are finished
 * first (a retry after a crash completes the interrupted upgrade: it is not charged again). Choosing the complete
 * plan records a charge intent (committed), charges it, then applies the plan with its invoice; any other change
 * is one transaction, the user row locked.
 */
export async function changeMyPlan(deps: BillingDeps, user: UserRow, to: PlanType): Promise<UserRow> {
  await finishPendingIntents(deps, user.id);
  const now = new Date();
  const intent = await deps.db.transaction(async (tx) => {
    const locked = await lockUser(tx, user.id);
    if (!locked) throw notFound();
    if (!(await completeChargeNeeded(tx, deps, locked, to))) return undefined;
    const period = { start: now, end: addMonths(now, 1) };
    return openIntent(tx, deps, locked, {
      subject: 'plan',
      payload: { kind: 'plan', periodStart: period.start.toISOString(), periodEnd: period.end.toISOString() },
      purchase: { plan: 'complete', period },
    });
  });
  if (intent) {
    await chargeNow(deps, intent);
    return (await findUserById(deps.db, user.id))!;
  }
  return deps.db.transaction((tx) =>
    transitionPlan(tx, deps, { userId: user.id, to, source: 'user', actorId: user.id }),
  );
}

/**
 * The user's plan with its status and dates: the live subscription of the complete plan (renewal date, past-due
 * state and the end of its grace period), the trial and its end, or the cancellation. Null without a plan.
 */
export async function mySubscription(
  deps: { db: Database; config: { billingGraceDays: number } },
  user: UserRow,
  now = new Date(),
): Promise<Subscription | null> {
  const plan = user.planType as PlanType | null;
  if (!plan) return null;
  const base = {
    planType: plan,
    currentPeriodStart: null,
    currentPeriodEnd: null,
    canceledAt: null,
    pastDueSince: null,
    graceEndsAt: null,
  };
  const latest = await latestSubscription(deps.db, user.id);
  switch (plan) {
    case 'trial':
      return {
        ...base,
        status: user.trialEndedAt && user.trialEndedAt <= now ? 'trial_ended' : 'trialing',
        currentPeriodEnd: iso(user.trialEndedAt),
      };
    case 'complete': {
      const live = latest && (LIVE_STATUSES as readonly string[]).includes(latest.status) ? latest : undefined;
      if (!live) return { ...base, status: 'active' };
      return {
        ...base,
        status: live.status === 'past_due' ? 'past_due' : 'active',
        currentPeriodStart: iso(live.currentPeriodStart),
        currentPeriodEnd: iso(live.currentPeriodEnd),
        pastDueSince: iso(live.pastDueSince),
        graceEndsAt: live.pastDueSince ? iso(addDays(live.pastDueSince, deps.config.billingGraceDays)) : null,
      };
    }
    case 'canceled': {
      const ended = latest?.status === 'canceled' ? latest : undefined;
      return {
        ...base,
        status: 'canceled',
        currentPeriodStart: iso(ended?.currentPeriodStart),
        currentPeriodEnd: iso(ended?.currentPeriodEnd),
        canceledAt: iso((await lastChangeTo(deps.db, user.id, 'canceled')) ?? ended?.canceledAt),
      };
    }
    default:
      return { ...base, status: 'active' };
  }
}
