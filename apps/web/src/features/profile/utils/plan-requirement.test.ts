import { describe, expect, it } from 'vitest';
import { planRequirement } from './plan-requirement';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const manager = { type: 'event-manager' as const, isAdmin: false, trialEndedAt: null };

describe('planRequirement', () => {
  it('asks for a plan when none is chosen or it is canceled', () => {
    expect(planRequirement({ ...manager, planType: null }, NOW)).toBe('select-plan');
    expect(planRequirement({ ...manager, planType: 'canceled' }, NOW)).toBe('select-plan');
  });

  it('tells a trial whose end has passed that it is finished, not one still running', () => {
    expect(planRequirement({ ...manager, planType: 'trial', trialEndedAt: '2025-05-31T12:00:00Z' }, NOW)).toBe(
      'trial-ended',
    );
    expect(planRequirement({ ...manager, planType: 'trial', trialEndedAt: '2025-06-02T12:00:00Z' }, NOW)).toBeNull();
    expect(planRequirement({ ...manager, planType: 'trial', trialEndedAt: null }, NOW)).toBeNull();
  });

  it('lets paid plans, viewers and administrators through', () => {
    for (const planType of ['unit', 'complete', 'free-complete'] as const) {
      expect(planRequirement({ ...manager, planType }, NOW)).toBeNull();
    }
    expect(planRequirement({ ...manager, type: 'viewer', planType: null }, NOW)).toBeNull();
    expect(planRequirement({ ...manager, isAdmin: true, planType: 'canceled' }, NOW)).toBeNull();
  });
});
