/**
 * The plans page's rules (spec sections 4 and 9), mirroring the API (plan-transitions.service.ts): what each
 * plan allows, which changes a user may ask for from their plan, what each change's confirmation says, and
 * which API refusals the page explains with a link.
 */
import type { PlanType } from '@evmap/contract/enums';
import type { ErrorKey } from '@evmap/contract/errors';
import { errorTextsOf } from '@/i18n/i18n';
import type { SelectablePlan } from '../api/change-plan';

/** The plans shown as cards; free-complete only to the user who was given it. */
export const OFFERED_PLANS = ['trial', 'unit', 'complete'] as const;
export type OfferedPlan = (typeof OFFERED_PLANS)[number];

/** One capability of a plan: its key under `plans.features`, and whether the plan includes it. */
export type PlanFeature = { key: FeatureKey; included: boolean };
export type FeatureKey = 'publish' | 'modifyFuture' | 'recurring' | 'unlimited' | 'modifyCurrent';

const FEATURES: Record<OfferedPlan | 'free-complete', Record<FeatureKey, boolean>> = {
  trial: { publish: true, modifyFuture: true, recurring: true, unlimited: false, modifyCurrent: false },
  unit: { publish: true, modifyFuture: true, recurring: false, unlimited: false, modifyCurrent: false },
  complete: { publish: true, modifyFuture: true, recurring: true, unlimited: true, modifyCurrent: true },
  'free-complete': { publish: true, modifyFuture: true, recurring: true, unlimited: true, modifyCurrent: true },
};

/** What `plan` allows and does not, in a fixed order. */
export function planFeatures(plan: OfferedPlan | 'free-complete'): PlanFeature[] {
  return (Object.keys(FEATURES[plan]) as FeatureKey[]).map((key) => ({ key, included: FEATURES[plan][key] }));
}

/** The trial is still available: never started, or still running (the API refuses an ended one). */
export function trialAvailable(trialEndedAt: string | null, now = Date.now()): boolean {
  return trialEndedAt === null || Date.parse(trialEndedAt) > now;
}

/**
 * Whether the user on `current` may choose `target` here. The plan one has is not a change; free-complete is
 * given by administrators and left only through them (choosing a paid plan would start charging for what is
 * free); the trial only while it is available.
 */
export function canChoose(
  current: PlanType | null,
  target: SelectablePlan,
  trialEndedAt: string | null,
  now = Date.now(),
): boolean {
  if (current === target || current === 'free-complete') return false;
  if (target === 'trial') return trialAvailable(trialEndedAt, now);
  // Nothing to cancel without a plan, or with one already canceled.
  if (target === 'canceled') return current === 'trial' || current === 'unit' || current === 'complete';
  return true;
}

/** The paragraphs of a change's confirmation, as keys under `plans.confirm`, in order. */
export type ConfirmPart =
  | 'trialEnds'
  | 'unitCharged'
  | 'completeCharged'
  | 'cancelComplete'
  | 'cancelUnit'
  | 'cancelTrial'
  | 'startTrial'
  | 'subscriptionStops';

/**
 * The confirmation text of a change from `from` to `to`: leaving a running trial ends it for good; unit is
 * charged at each publication; complete now and every month; cancelling complete has its own message (the
 * subscription stops); moving from complete to unit stops the subscription too. The deleted events are added
 * by the page (see deleted-events.ts).
 */
export function confirmParts(from: PlanType | null, to: SelectablePlan, trialRunning: boolean): ConfirmPart[] {
  const parts: ConfirmPart[] = [];
  if (to === 'trial') return ['startTrial'];
  if (to === 'canceled') {
    if (from === 'complete') return ['cancelComplete'];
    if (from === 'trial') return trialRunning ? ['trialEnds', 'cancelTrial'] : ['cancelTrial'];
    return ['cancelUnit'];
  }
  if (from === 'trial' && trialRunning) parts.push('trialEnds');
  if (from === 'complete') parts.push('subscriptionStops');
  parts.push(to === 'unit' ? 'unitCharged' : 'completeCharged');
  return parts;
}

/** A refusal of the plan change: the catalogue key, and where the user can fix it. */
export type PlanError = { key: ErrorKey | null; message: string; link: 'account' | null };

const ACCOUNT_FIXES: ErrorKey[] = [
  'paymentMethodRequired',
  'billingProvinceRequired',
  'paymentFailed',
  'paymentDeclined',
  'paymentInsufficientFunds',
  'paymentCardExpired',
];
const KNOWN: ErrorKey[] = [...ACCOUNT_FIXES, 'trialLimit', 'noPlan', 'noSubscription'];

/**
 * Reads the API's message (in a language whose messages are loaded: the interface's) as a catalogue key, so the
 * page shows it in the current language with its link: no card, no billing province or a declined payment are
 * fixed on the account page.
 */
export function planError(message: string): PlanError {
  const key = KNOWN.find((k) => errorTextsOf(k).includes(message)) ?? null;
  return { key, message, link: key && ACCOUNT_FIXES.includes(key) ? 'account' : null };
}
