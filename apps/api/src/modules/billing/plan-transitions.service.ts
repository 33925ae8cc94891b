/**
 * The one place a plan changes (spec section 4): the user's own choice (card required, complete charged), an
 * administrator's (never charged) and the billing job's (source system). Every change is recorded in
 * plan_changes with who, when, from, to and the source.
 *
 * - trial -> unit or complete ends the trial for good (trialEndedAt is set to now); so does cancelling a trial.
 * - `trial` is the trial-related value: a user may select it while theirs still runs (nothing changes), or start
 *   one of TRIAL_MONTHS on an account that never had a plan; once theirs has ended, "You have reached the limit of
 *   your free trial"; an account without a trial end that had a plan (users.trialUsed, or a plan now: a trial
 *   given, or a paid plan an administrator gave without one) is told the trial is given once per organisation.
 *   A trial end still to come is that same trial, resumed. Administrators may still set any plan and trial end.
 * - unit or complete needs a saved card ("Please add a payment method", nothing changes); complete is charged
 *   at once and opens a monthly subscription; unit is charged at each publication.
 * - Leaving complete (to unit, canceled, trial or no plan) cancels the subscription and soft-deletes, in the same
 *   transaction, the events whose first date starts after the renewal date (the end of the paid period).
 *   Moving to free-complete keeps them. A complete plan without a subscription (set before billing existed)
 *   has no renewal date, so nothing is deleted.
 */
import type { PlanType } from '@evmap/contract/enums';
import type { Config } from '../../config';
import type { Tx } from '../../db/client';
import { badRequest, notFound } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { trialEnd } from '../auth/auth.service';
import { softDeleteEvent } from '../events/event-write.service';
import { lockEventsStartingAfter } from '../events/events.repository';
import { type UserPatch, updateUser } from '../users/users.repository';
import { billingSnapshot } from './charges.service';
import { defaultCard } from './payment-methods.repository';
import type { PaymentProvider } from './payment-provider';
import { addMonths } from './periods';
import {
  insertPlanChange,
  insertSubscription,
  liveSubscription,
  lockUser,
  type PlanChangeSource,
  updateSubscription,
} from './subscriptions.repository';

export type TransitionDeps = { config: Pick<Config, 'trialMonths' | 'stripe'>; payments?: PaymentProvider };

export type PlanTransition = {
  userId: number;
  to: PlanType | null;
  source: PlanChangeSource;
  /** Who asked: the user, the administrator, or null for the system. */
  actorId: number | null;
  now?: Date;
  /** The complete plan's first period, already paid: a settled charge intent applies the change. */
  paidPeriod?: { start: Date; end: Date };
};

/** The provider a subscription is recorded under when no provider takes part (administrator changes). */
const providerName = (deps: TransitionDeps) => deps.payments?.name ?? (deps.config.stripe ? 'stripe' : 'local');

const trialOver = (user: UserRow, now: Date) => user.trialEndedAt !== null && user.trialEndedAt <= now;

/**
 * Soft-deletes the user's events whose first date starts after `renewal` (compared in each event's zone),
 * each through softDeleteEvent (search index and change signal included). Answers how many.
 */
export async function deleteEventsAfter(tx: Tx, userId: number, renewal: Date): Promise<number> {
  const rows = await lockEventsStartingAfter(tx, userId, renewal);
  for (const event of rows) await softDeleteEvent(tx, event);
  return rows.length;
}

/**
 * Whether the user's own change to `to` must be charged first (the complete plan, from another plan, without a live
 * subscription): then it is applied by the charge intent once paid. Checks what transitionPlan would refuse first.
 */
export async function completeChargeNeeded(tx: Tx, deps: TransitionDeps, user: UserRow, to: PlanType | null) {
  if (to !== 'complete' || user.planType === 'complete' || !deps.payments) return false;
  return !(await liveSubscription(tx, user.id));
}

/** Applies one plan change in `tx` (which it locks the user row in) and answers the updated user. */
export async function transitionPlan(tx: Tx, deps: TransitionDeps, change: PlanTransition): Promise<UserRow> {
  const now = change.now ?? new Date();
  const user = await lockUser(tx, change.userId);
  if (!user) throw notFound();
  const { to } = change;
  const from = user.planType;
  const byUser = change.source === 'user';

  if (byUser && to === 'trial' && trialOver(user, now)) throw badRequest('trialLimit');
  // A trial end still to come is the same trial resumed; without one, only an account that never had a plan starts one.
  if (byUser && to === 'trial' && !user.trialEndedAt && (user.trialUsed || from !== null)) {
    throw badRequest('trialAlreadyUsed');
  }
  if (from === to) return user;
  // Nothing to cancel.
  if (byUser && to === 'canceled' && from === null) return user;

  if (byUser && (to === 'unit' || to === 'complete') && !change.paidPeriod) {
    if (!deps.payments || !(await defaultCard(tx, user.id, deps.payments.name))) {
      throw badRequest('paymentMethodRequired');
    }
    if (!billingSnapshot(user)) throw badRequest('billingProvinceRequired');
  }

  const patch: UserPatch = { planType: to };
  if (to === 'trial' && !user.trialEndedAt) patch.trialEndedAt = trialEnd(deps.config.trialMonths, now);
  if (byUser && from === 'trial' && to !== 'trial' && !trialOver(user, now)) patch.trialEndedAt = now;

  const live = await liveSubscription(tx, user.id, true);
  if (live && to !== 'complete') {
    await updateSubscription(tx, live.id, { status: 'canceled', canceledAt: now, nextAttemptAt: null });
    if (to !== 'free-complete' && live.currentPeriodEnd) await deleteEventsAfter(tx, user.id, live.currentPeriodEnd);
  }

  if (to === 'complete' && !live) {
    // The user's own choice is charged first (completeChargeNeeded, then a charge intent that applies it here).
    if (byUser && deps.payments && !change.paidPeriod) throw new Error('the complete plan is applied once paid');
    const period = change.paidPeriod ?? { start: now, end: addMonths(now, 1) };
    await insertSubscription(tx, {
      userId: user.id,
      planType: 'complete',
      status: 'active',
      provider: providerName(deps),
      currentPeriodStart: period.start,
      currentPeriodEnd: period.end,
      // Renewals are anniversaries of this date: the paid period's start, even when applied later.
      createdAt: period.start,
      updatedAt: now,
    });
  }

  const updated = await updateUser(tx, user.id, patch);
  await insertPlanChange(tx, {
    userId: user.id,
    changedBy: change.actorId,
    fromPlan: from,
    toPlan: to,
    source: change.source,
  });
  return updated;
}
