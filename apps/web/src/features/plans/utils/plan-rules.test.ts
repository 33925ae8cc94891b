import { ERROR_MESSAGES } from '@evmap/contract/errors';
import { describe, expect, it } from 'vitest';
import { canChoose, confirmParts, planError, planFeatures, trialAvailable } from './plan-rules';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const FUTURE = '2026-06-01T12:00:00Z';
const PAST = '2026-01-01T12:00:00Z';

describe('planFeatures (spec section 9)', () => {
  const included = (plan: Parameters<typeof planFeatures>[0]) =>
    planFeatures(plan)
      .filter((f) => f.included)
      .map((f) => f.key);
  it('trial: publish, future events, recurring; not current events', () => {
    expect(included('trial')).toEqual(['publish', 'modifyFuture', 'recurring']);
  });
  it('unit: publish and future events only', () => {
    expect(included('unit')).toEqual(['publish', 'modifyFuture']);
  });
  it('complete and free-complete: everything', () => {
    const all = ['publish', 'modifyFuture', 'recurring', 'unlimited', 'modifyCurrent'];
    expect(included('complete')).toEqual(all);
    expect(included('free-complete')).toEqual(all);
  });
});

describe('canChoose (the API rules)', () => {
  it('offers the trial only while it has not ended', () => {
    expect(trialAvailable(null, NOW)).toBe(true);
    expect(canChoose('canceled', 'trial', FUTURE, NOW)).toBe(true);
    expect(canChoose(null, 'trial', null, NOW)).toBe(true);
    expect(canChoose('canceled', 'trial', PAST, NOW)).toBe(false);
  });
  it('offers cancelling on the trial, unit and complete only', () => {
    for (const plan of ['trial', 'unit', 'complete'] as const)
      expect(canChoose(plan, 'canceled', FUTURE, NOW)).toBe(true);
    for (const plan of ['canceled', 'free-complete', null] as const) {
      expect(canChoose(plan, 'canceled', FUTURE, NOW)).toBe(false);
    }
  });
  it('never offers the current plan, nor any change from the offered complete plan', () => {
    expect(canChoose('unit', 'unit', PAST, NOW)).toBe(false);
    expect(canChoose('trial', 'complete', FUTURE, NOW)).toBe(true);
    expect(canChoose('complete', 'unit', PAST, NOW)).toBe(true);
    for (const to of ['trial', 'unit', 'complete', 'canceled'] as const) {
      expect(canChoose('free-complete', to, null, NOW)).toBe(false);
    }
  });
});

describe('confirmParts (the confirmation per transition)', () => {
  it('trial -> unit or complete: the trial ends for good, then how the plan is charged', () => {
    expect(confirmParts('trial', 'unit', true)).toEqual(['trialEnds', 'unitCharged']);
    expect(confirmParts('trial', 'complete', true)).toEqual(['trialEnds', 'completeCharged']);
    expect(confirmParts('trial', 'complete', false)).toEqual(['completeCharged']);
  });
  it('complete -> unit stops the subscription; unit -> complete is charged', () => {
    expect(confirmParts('complete', 'unit', false)).toEqual(['subscriptionStops', 'unitCharged']);
    expect(confirmParts('unit', 'complete', false)).toEqual(['completeCharged']);
  });
  it('cancelling: complete has its own message; unit and trial theirs', () => {
    expect(confirmParts('complete', 'canceled', false)).toEqual(['cancelComplete']);
    expect(confirmParts('unit', 'canceled', false)).toEqual(['cancelUnit']);
    expect(confirmParts('trial', 'canceled', true)).toEqual(['trialEnds', 'cancelTrial']);
  });
  it('starting the trial', () => {
    expect(confirmParts('canceled', 'trial', false)).toEqual(['startTrial']);
  });
});

describe('planError', () => {
  it('reads the catalogue message in either language, with the account page for what it fixes', () => {
    expect(planError('Please add a payment method')).toMatchObject({ key: 'paymentMethodRequired', link: 'account' });
    expect(planError("Une erreur s'est produite lors du paiement")).toMatchObject({
      key: 'paymentFailed',
      link: 'account',
    });
    expect(planError(ERROR_MESSAGES.paymentInsufficientFunds.en)).toMatchObject({
      key: 'paymentInsufficientFunds',
      link: 'account',
    });
    expect(planError('Please add your billing province to your account')).toMatchObject({
      key: 'billingProvinceRequired',
      link: 'account',
    });
    expect(
      planError(
        'You have reached the limit of your free trial. Please upgrade your plan to continue using the product.',
      ),
    ).toMatchObject({ key: 'trialLimit', link: null });
    expect(planError('Something else')).toEqual({ key: null, message: 'Something else', link: null });
  });
});
