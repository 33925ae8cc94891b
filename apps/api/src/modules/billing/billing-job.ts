/**
 * The scheduled billing job, run inside the API process: complete-plan renewals and trial-expiry notices.
 * Safe with several instances: each subscription is claimed with its user row by SELECT ... FOR UPDATE SKIP
 * LOCKED and handled in that transaction, so one run renews it and the others skip it; the renewal's invoice is
 * unique per period and its payment carries an idempotency key per attempt, so a renewal is charged once.
 * A refused renewal makes the subscription past due, retried daily until BILLING_GRACE_DAYS have passed, then
 * the plan is canceled (source system), which deletes the events scheduled after the unpaid renewal date.
 * A trial that ends changes nothing (the plan rules already answer the trial-limit message); its user is mailed
 * once.
 */
import type { Lang } from '@evmap/contract/enums';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { UserRow } from '../../plugins/auth';
import { type MailText, planCanceledMail, renewalFailedMail, trialEndedMail } from './billing-texts';
import { chargeUser } from './charges.service';
import { lastBilling } from './invoices.repository';
import type { BillingDeps } from './payment-methods.service';
import { addDays, nextPeriodEnd } from './periods';
import { transitionPlan } from './plan-transitions.service';
import { claimDueSubscription, type SubscriptionRow, updateSubscription } from './subscriptions.repository';

export type JobReport = { renewed: number; pastDue: number; canceled: number; closed: number; trialNotices: number };

/** Trials that ended longer ago than this are not announced (first run on an old database). */
const TRIAL_NOTICE_WINDOW_DAYS = 14;
const MAX_PER_RUN = 1_000;

type Outcome = { kind: 'renewed' | 'pastDue' | 'canceled' | 'closed'; mail?: { to: string; text: MailText } };

const langOf = (user: UserRow): Lang => (user.preferredLang === 'fr' ? 'fr' : 'en');

async function renew(
  tx: Tx,
  deps: BillingDeps,
  subscription: SubscriptionRow,
  user: UserRow,
  now: Date,
): Promise<Outcome> {
  // Nobody to bill any more: close the subscription without charging.
  if (user.deletedAt || user.planType !== 'complete' || !subscription.currentPeriodEnd) {
    await updateSubscription(tx, subscription.id, { status: 'canceled', canceledAt: now, nextAttemptAt: null });
    return { kind: 'closed' };
  }
  const periodEnd = subscription.currentPeriodEnd;
  // Periods are anniversaries of the day the subscription started (its creation), so they never drift.
  const nextEnd = nextPeriodEnd(subscription.createdAt, periodEnd > now ? periodEnd : now);
  const attemptAt = subscription.status === 'past_due' ? (subscription.nextAttemptAt ?? periodEnd) : periodEnd;
  const periodKey = `renewal:${subscription.id}:${periodEnd.toISOString()}`;
  try {
    await chargeUser(
      tx,
      deps,
      user,
      {
        plan: 'complete',
        idempotencyKey: periodKey,
        attemptKey: `${periodKey}:${attemptAt.toISOString()}`,
        period: { start: periodEnd, end: nextEnd },
        subscriptionId: subscription.id,
      },
      { now, fallbackBilling: await lastBilling(tx, user.id) },
    );
  } catch (error) {
    // The provider is down: nothing happened, the next run tries again.
    if (!(error instanceof AppError) || error.statusCode === 503) throw error;
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
  await updateSubscription(tx, subscription.id, {
    status: 'active',
    currentPeriodStart: periodEnd,
    currentPeriodEnd: nextEnd,
    pastDueSince: null,
    nextAttemptAt: null,
  });
  return { kind: 'renewed' };
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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

/** Renews, retries or cancels every subscription due at `now`. */
export async function runRenewals(deps: BillingDeps, now = new Date()): Promise<Omit<JobReport, 'trialNotices'>> {
  const report = { renewed: 0, pastDue: 0, canceled: 0, closed: 0 };
  const failed: number[] = [];
  for (let handled = 0; handled < MAX_PER_RUN; handled++) {
    let claimed: number | undefined;
    let outcome: Outcome | undefined;
    try {
      outcome = await deps.db.transaction(async (tx) => {
        const due = await claimDueSubscription(tx, now, failed);
        if (!due) return undefined;
        claimed = due.subscription.id;
        return renew(tx, deps, due.subscription, due.user, now);
      });
    } catch (error) {
      if (claimed === undefined) throw error;
      // Left as it was for the next run; not tried again in this one.
      failed.push(claimed);
      deps.log.error({ err: error, subscriptionId: claimed }, 'renewal not processed');
      continue;
    }
    if (!outcome) break;
    report[outcome.kind] += 1;
    if (outcome.mail) await sendMail(deps, outcome.mail.to, outcome.mail.text);
  }
  return report;
}

/** Mails, once per trial end, the users whose trial ended in the last days. Changes nothing else. */
export async function notifyEndedTrials(deps: BillingDeps, now = new Date()): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const result = await tx.execute<{ email: string; preferred_lang: string }>(sql`
        UPDATE users SET trial_notice_sent_at = ${now.toISOString()}::timestamptz
        WHERE id IN (
          SELECT id FROM users
          WHERE plan_type = 'trial' AND deleted_at IS NULL
            AND trial_ended_at <= ${now.toISOString()}::timestamptz
            AND trial_ended_at > ${addDays(now, -TRIAL_NOTICE_WINDOW_DAYS).toISOString()}::timestamptz
            AND (trial_notice_sent_at IS NULL OR trial_notice_sent_at < trial_ended_at)
          ORDER BY id LIMIT 100
          FOR UPDATE SKIP LOCKED)
        RETURNING email, preferred_lang`);
      return result.rows;
    });
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

/** One run of the whole job. */
export async function runBillingJob(deps: BillingDeps, now = new Date()): Promise<JobReport> {
  const renewals = await runRenewals(deps, now);
  return { ...renewals, trialNotices: await notifyEndedTrials(deps, now) };
}
