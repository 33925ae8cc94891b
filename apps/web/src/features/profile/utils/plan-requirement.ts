/** Whether an event-manager must choose a plan before managing events (spec section 4, plan-required popup). */
import type { User } from '@evmap/contract/users';

/** Why a plan is required: none chosen or canceled, or a trial that has ended; null when the plan is fine. */
export type PlanRequirement = 'select-plan' | 'trial-ended' | null;

/**
 * The plan requirement of `user` at `now`, following the server's rule for publishing: no plan or a
 * canceled one asks to select a plan; a trial whose end has passed is finished; other plans are fine.
 * Viewers and administrators never need a plan here.
 */
export function planRequirement(
  user: Pick<User, 'type' | 'isAdmin' | 'planType' | 'trialEndedAt'>,
  now = Date.now(),
): PlanRequirement {
  if (user.type !== 'event-manager' || user.isAdmin) return null;
  switch (user.planType) {
    case null:
    case 'canceled':
      return 'select-plan';
    case 'trial':
      return user.trialEndedAt !== null && Date.parse(user.trialEndedAt) < now ? 'trial-ended' : null;
    default:
      return null;
  }
}
