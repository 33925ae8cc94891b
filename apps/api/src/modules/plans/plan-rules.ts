/**
 * What each plan lets an event-manager do with events (spec sections 4 and 9), in one place:
 * trial: publish, modify future events, recurring — not current events, and only until the trial ends;
 * unit: publish (charged per publication, at most UNIT_EVENT_DATES_MAX dates), modify future events — no recurring,
 *   not current events; a change beyond what the publication covers is a new one (owner-events.service);
 * complete / free-complete: everything. No plan, or a canceled one, blocks publishing.
 */
import { UNIT_EVENT_DATES_MAX } from '@evmap/contract/constants';
import type { Recurring } from '@evmap/contract/enums';
import { forbidden, validationError } from '../../errors';
import type { UserRow } from '../../plugins/auth';

type Planned = Pick<UserRow, 'type' | 'planType' | 'trialEndedAt'>;

/** The user may publish or change events at all under their plan. */
export function assertActivePlan(user: Planned, now = new Date()): void {
  if (user.type !== 'event-manager') throw forbidden();
  switch (user.planType) {
    case 'complete':
    case 'free-complete':
    case 'unit':
      return;
    case 'trial':
      if (user.trialEndedAt && user.trialEndedAt.getTime() < now.getTime()) throw forbidden('trialLimit');
      return;
    case 'canceled':
      throw forbidden('noSubscription');
    default:
      throw forbidden('noPlan');
  }
}

export function assertRecurrenceAllowed(user: Planned, recurring: Recurring | null | undefined): void {
  if (user.planType === 'unit' && recurring && recurring !== 'none') throw forbidden('recurrenceNotInPlan');
}

/** The unit plan carries at most UNIT_EVENT_DATES_MAX dates per event (one publication: contract/constants.ts). */
export function assertDatesInPlan(user: Planned, dates: readonly unknown[]): void {
  if (user.planType === 'unit' && dates.length > UNIT_EVENT_DATES_MAX) {
    throw validationError({ dates: { key: 'unitDatesLimit', params: { max: UNIT_EVENT_DATES_MAX } } });
  }
}

/** Trial and unit plans cannot modify an event while it is happening. */
export function assertMayModifyCurrent(user: Planned, event: { inProgress: boolean }): void {
  if (event.inProgress && (user.planType === 'trial' || user.planType === 'unit')) throw forbidden('eventInProgress');
}
