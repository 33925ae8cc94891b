/**
 * Which own events a plan change deletes at once, mirroring the API (plan-transitions.service.ts): leaving the
 * complete plan cancels its subscription and soft-deletes every event whose first date starts after the
 * renewal date (the end of the paid period), compared as wall-clock time in the event's zone. Moving to
 * free-complete keeps them; a complete plan without a renewal date (no live subscription) deletes nothing.
 */
import type { Subscription } from '@evmap/contract/billing';
import type { PlanType } from '@evmap/contract/enums';
import type { Event } from '@evmap/contract/events';
import { nowWallClock } from '@evmap/contract/wall-clock';

type DatedEvent = Pick<Event, 'dates' | 'timeZone' | 'deletedAt'>;
type RenewalView = Pick<Subscription, 'planType' | 'status' | 'currentPeriodEnd'> | null | undefined;

/** 'YYYY-MM-DD HH:mm' and 'YYYY-MM-DDTHH:mm:ss' read as 'YYYY-MM-DD HH:mm:ss', so texts compare as times. */
const normalised = (wallClock: string) => {
  const text = wallClock.trim().replace('T', ' ');
  return text.length === 16 ? `${text}:00` : text.slice(0, 19);
};

/** The earliest start of the event ('YYYY-MM-DD HH:mm:ss'), or null when it has no date. */
export function firstStart(event: Pick<Event, 'dates'>): string | null {
  let first: string | null = null;
  for (const { startDate } of event.dates) {
    const start = normalised(startDate);
    if (first === null || start < first) first = start;
  }
  return first;
}

/** The renewal date whose later events a change from `from` to `to` deletes, or null when it deletes none. */
export function deletionCutoff(from: PlanType | null, to: PlanType | null, subscription: RenewalView): string | null {
  if (from !== 'complete' || to === 'complete' || to === 'free-complete') return null;
  if (subscription?.planType !== 'complete') return null;
  if (subscription.status !== 'active' && subscription.status !== 'past_due') return null;
  return subscription.currentPeriodEnd;
}

/**
 * The events of `events` starting after `renewal` (ISO instant), in their order: the first date, as wall-clock
 * time in the event's zone, is later than the renewal instant read in that zone. Undated and deleted events stay.
 */
export function eventsStartingAfter<E extends DatedEvent>(events: readonly E[], renewal: string): E[] {
  const renewalMs = Date.parse(renewal);
  if (Number.isNaN(renewalMs)) return [];
  return events.filter((event) => {
    if (event.deletedAt) return false;
    const start = firstStart(event);
    // The API compares whole seconds of stored dates with the exact instant: flooring it keeps "later than".
    return start !== null && start > nowWallClock(event.timeZone, renewalMs);
  });
}

/** The events a change from `from` to `to` deletes now (empty when it deletes none). */
export function eventsDeletedBy<E extends DatedEvent>(
  from: PlanType | null,
  to: PlanType | null,
  subscription: RenewalView,
  events: readonly E[],
): E[] {
  const cutoff = deletionCutoff(from, to, subscription);
  return cutoff ? eventsStartingAfter(events, cutoff) : [];
}
