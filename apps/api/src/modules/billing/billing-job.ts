/**
 * The scheduled billing job, run inside the API process: complete-plan renewals and trial-expiry notices.
 * Safe with several instances and across crashes: each subscription is claimed with its user row by SELECT ...
 * FOR UPDATE SKIP LOCKED, and its renewal is a charge intent (charge-intents.service.ts) committed before the
 * payment is asked, with a key derived from it: a run that finds the intent of a period pending (a crash, a lost
 * answer) finishes it, so a renewal is charged once; its invoice is unique per period. Each run then finishes
 * the other charges left pending (reconcileIntents).
 * A refused renewal makes the subscription past due, retried daily until BILLING_GRACE_DAYS have passed, then
 * the plan is canceled (source system), which deletes the events scheduled after the unpaid renewal date.
 * A trial that ends changes nothing (the plan rules already answer the trial-limit message); its user is mailed
 * once.
 */
import type { Lang } from '@evmap/contract/enums';
import { escapeHtml } from '@evmap/contract/html';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { markTrialNotices } from '../users/users.repository';
import { type MailText, planCanceledMail, renewalFailedMail, trialEndedMail } from './billing-texts';
import { type IntentRow, pendingIntentFor } from './charge-intents.repository';
import { finishIntent, openIntent, reconcileIntents } from './charge-intents.service';
import { lastBilling } from './invoices.repository';
import type { BillingDeps } from './payment-methods.service';
import { addDays, nextPeriodEnd } from './periods';
import { transitionPlan } from './plan-transitions.service';
import {
  claimDueSubscription,
  liveSubscription,
  lockUser,
  type SubscriptionRow,
  updateSubscription,
} from './subscriptions.repository';

export type JobReport = {
  renewed: number;
  pastDue: number;
  canceled: number;
  closed: number;
  /** Charge intents left pending (a crash, a lost answer) that this run finished. */
  reconciled: number;
  trialNotices: number;
};

/** Trials that ended longer ago than this are not announced (first run on an old database). */
const TRIAL_NOTICE_WINDOW_DAYS = 14;
const MAX_PER_RUN = 1_000;

type Outcome = { kind: 'renewed' | 'pastDue' | 'canceled' | 'closed'; mail?: { to: string; text: MailText } };

const langOf = (user: UserRow): Lang => (user.preferredLang === 'fr' ? 'fr' : 'en');

/** What a claimed renewal needs next: nothing (closed), or its charge intent (opened now, or left pending). */
type Claimed = { outcome: Outcome } | { intent: IntentRow };

/**
 * In the claiming transaction: closes a subscription nobody is billed for, or opens (or finds, when a crash left
 * it pending) the charge intent of its next period. An account that cannot be charged (no card, no province) is
 * handled as a refused payment.
 */
async function claimRenewal(
  tx: Tx,
  deps: BillingDeps,
  subscription: SubscriptionRow,
  user: UserRow,
  now: Date,
): Promise<Claimed> {
  // Nobody to bill any more: close the subscription without charging.
  if (user.deletedAt || user.planType !== 'complete' || !subscription.currentPeriodEnd) {
    await updateSubscription(tx, subscription.id, { status: 'canceled', canceledAt: now, nextAttemptAt: null });
    return { outcome: { kind: 'closed' } };
  }
  const periodEnd = subscription.currentPeriodEnd;
  const subject = `renewal:${subscription.id}:${periodEnd.toISOString()}`;
  const pending = await pendingIntentFor(tx, user.id, subject);
  if (pending) return { intent: pending };
  // Periods are anniversaries of the day the subscription started (its creation), so they never drift.
  const nextEnd = nextPeriodEnd(subscription.createdAt, periodEnd > now ? periodEnd : now);
  try {
    const intent = await openIntent(
      tx,
      deps,
      user,
      {
        subject,
        payload: {
          kind: 'renewal',
          subscriptionId: subscription.id,
          periodStart: periodEnd.toISOString(),
          periodEnd: nextEnd.toISOString(),
        },
        purchase: { plan: 'complete', period: { start: periodEnd, end: nextEnd } },
      },
      { now, fallbackBilling: await lastBilling(tx, user.id) },
    );
    return { intent };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { outcome: await refused(tx, deps, subscription, user, now) };
  }
}

/** A refused renewal: past due and retried daily, or past the grace period, the plan canceled (source system). */
async function refused(
  tx: Tx,
  deps: BillingDeps,
  subscription: SubscriptionRow,
  user: UserRow,
  now: Date,
): Promise<Outcome> {
  const since = subscription.pastDueSince ?? now;
  const graceEnds = addDays(since, deps.config.billingGraceDays);
  const urls = {
    plans: `${deps.config.appUrl}/profile/me/plans`,
    account: `${deps.config.appUrl}/profile/me/account`,
  };
  if (graceEnds <= now) {
    await transitionPlan(tx, deps, { userId: user.id, to: 'canceled', source: 'system', actorId: null, now });
    return { kind: 'canceled', mail: { to: user.email, text: planCanceledMail(langOf(user), urls.plans) } };
  }
  const retry = addDays(now, 1);
  await updateSubscription(tx, subscription.id, {
    status: 'past_due',
    pastDueSince: since,
    nextAttemptAt: new Date(Math.min(retry.getTime(), graceEnds.getTime())),
  });
  if (subscription.pastDueSince) return { kind: 'pastDue' };
  return {
    kind: 'pastDue',
    mail: { to: user.email, text: renewalFailedMail(langOf(user), urls.account, graceEnds) },
  };
}

/** Finishes a renewal's intent outside any transaction, then records a refusal. Undefined: left for a later run. */
async function chargeRenewal(deps: BillingDeps, intent: IntentRow, now: Date): Promise<Outcome | undefined> {
  const outcome = await finishIntent(deps, intent.id);
  if (outcome.status === 'busy') return undefined;
  // Settled by another run meanwhile: counted there.
  if (outcome.status === 'paid') return outcome.already ? undefined : { kind: 'renewed' };
  if (intent.payload.kind !== 'renewal') return undefined;
  const { subscriptionId } = intent.payload;
  return deps.db.transaction(async (tx) => {
    const user = await lockUser(tx, intent.userId);
    const subscription = await liveSubscription(tx, intent.userId, true);
    if (!user || subscription?.id !== subscriptionId) return { kind: 'closed' } as Outcome;
    return refused(tx, deps, subscription, user, now);
  });
}

async function sendMail(deps: BillingDeps, to: string, mail: MailText): Promise<void> {
  const text = [...mail.paragraphs, `${mail.action.label}: ${mail.action.url}`, '', 'EventMap'].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif">${mail.paragraphs
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('')}<p><a href="${escapeHtml(mail.action.url)}">${escapeHtml(mail.action.label)}</a></p></body></html>`;
  try {
    await deps.mailer.send({ to, subject: mail.subject, text, html });
  } catch (error) {
    deps.log.error({ err: error }, 'billing mail not sent');
  }
}

/**
 * Renews, retries or cancels every subscription due at `now`. Each is claimed (SKIP LOCKED) in a short
 * transaction that opens its charge intent; the payment is asked outside it (with the intent's key: once,
 * whatever a crash interrupted), then settled. A subscription is handled at most once per run.
 */
export async function runRenewals(
  deps: BillingDeps,
  now = new Date(),
): Promise<Omit<JobReport, 'trialNotices' | 'reconciled'>> {
  const report = { renewed: 0, pastDue: 0, canceled: 0, closed: 0 };
  const handled: number[] = [];
  for (let count = 0; count < MAX_PER_RUN; count++) {
    let claimed: number | undefined;
    let outcome: Outcome | undefined;
    try {
      const step = await deps.db.transaction(async (tx) => {
        const due = await claimDueSubscription(tx, now, handled);
        if (!due) return undefined;
        claimed = due.subscription.id;
        return claimRenewal(tx, deps, due.subscription, due.user, now);
      });
      if (!step) break;
      handled.push(claimed!);
      outcome = 'outcome' in step ? step.outcome : await chargeRenewal(deps, step.intent, now);
    } catch (error) {
      if (claimed === undefined) throw error;
      if (!handled.includes(claimed)) handled.push(claimed);
      // Left as it was (its intent pending, if any) for the next run; not tried again in this one.
      deps.log.error({ err: error, subscriptionId: claimed }, 'renewal not processed');
      continue;
    }
    if (!outcome) continue;
    report[outcome.kind] += 1;
    if (outcome.mail) await sendMail(deps, outcome.mail.to, outcome.mail.text);
  }
  return report;
}

/** Mails, once per trial end, the users whose trial ended in the last days. Changes nothing else. */
export async function notifyEndedTrials(deps: BillingDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) =>
      markTrialNotices(tx, now, addDays(now, -TRIAL_NOTICE_WINDOW_DAYS), 100),
    );
    for (const user of batch) {
      await sendMail(
        deps,
        user.email,
        trialEndedMail(user.preferred_lang === 'fr' ? 'fr' : 'en', `${deps.config.appUrl}/profile/me/plans`),
      );
    }
    sent += batch.length;
    if (batch.length < 100) return sent;
  }
}

/** One run of the whole job: renewals, then the charges left pending (reconciliation), then trial notices. */
export async function runBillingJob(deps: BillingDeps, now = new Date()): Promise<JobReport> {
  const renewals = await runRenewals(deps, now);
  const reconciled = await reconcileIntents(deps, now);
  return { ...renewals, reconciled, trialNotices: await notifyEndedTrials(deps, now) };
}
