/**
 * What the owner's plan means on the event form (spec sections 4, 5 and 9), on the client: which
 * confirmation publishing asks, why an event is read-only, and which API refusals are about the plan
 * (shown with a link to the plans page) or about the card (with a link to the account page). The API enforces the same rules (plans/plan-rules.ts).
 */
import { UNIT_EVENT_DATES_MAX } from '@evmap/contract/constants';
import type { PlanType } from '@evmap/contract/enums';
import type { ErrorKey } from '@evmap/contract/errors';
import type { Event } from '@evmap/contract/events';
import { nowWallClock } from '@evmap/contract/wall-clock';
import { errorTextsOf } from '@/i18n/i18n';

/** The publishing confirmation's wording for a plan. */
export type PublishWording = 'trial' | 'unit' | 'complete' | 'none';

export function publishWording(planType: PlanType | null | undefined): PublishWording {
  if (planType === 'trial') return 'trial';
  if (planType === 'unit') return 'unit';
  if (planType === 'complete' || planType === 'free-complete') return 'complete';
  return 'none';
}

/** The most dates an event may carry under the plan: the unit plan's limit, else none on the form. */
export const maxDatesOf = (planType: PlanType | null | undefined) =>
  planType === 'unit' ? UNIT_EVENT_DATES_MAX : undefined;

/** Recurring dates are not part of the unit plan. */
export const recurrenceAllowed = (planType: PlanType | null | undefined) => planType !== 'unit';

/** True while one of the event's dates has started and not ended, in the event's zone. */
export function isInProgress(event: Pick<Event, 'dates' | 'timeZone'>, now = new Date()): boolean {
  const current = nowWallClock(event.timeZone, now.getTime());
  return event.dates.some((d) => d.startDate <= current && (d.endDate ?? d.startDate) >= current);
}

/**
 * Why the owner cannot modify the event (a catalogue key), or undefined: past events and inactive ones
 * are read-only; on the trial and unit plans, so is an event that is happening now.
 */
export function readOnlyReason(
  event: Pick<Event, 'isPast' | 'active' | 'dates' | 'timeZone'>,
  planType: PlanType | null | undefined,
  now = new Date(),
): ErrorKey | undefined {
  if (event.isPast) return 'pastEventReadOnly';
  if (!event.active) return 'inactiveEventReadOnly';
  if ((planType === 'trial' || planType === 'unit') && isInProgress(event, now)) return 'eventInProgress';
  return undefined;
}

const PLAN_ERRORS: ErrorKey[] = [
  'noPlan',
  'trialLimit',
  'noSubscription',
  'recurrenceNotInPlan',
  'unitDatesLimit',
  'republicationUnconfirmed',
];

/** Refusals fixed on the account page: the saved card, the billing province, a declined payment. */
const ACCOUNT_ERRORS: ErrorKey[] = [
  'paymentMethodRequired',
  'billingProvinceRequired',
  'paymentFailed',
  'paymentDeclined',
  'paymentInsufficientFunds',
  'paymentCardExpired',
];

const mentions = (message: string | undefined, keys: ErrorKey[]) =>
  Boolean(message) && keys.some((key) => errorTextsOf(key).some((text) => message!.includes(text)));

/** True when a form message is one of the API's plan refusals (in a language whose messages are loaded). */
export function isPlanMessage(message: string | undefined): boolean {
  return mentions(message, PLAN_ERRORS);
}

/** True when a form message is fixed on the account page (a card, the billing province, a declined payment). */
export function isAccountMessage(message: string | undefined): boolean {
  return mentions(message, ACCOUNT_ERRORS);
}
