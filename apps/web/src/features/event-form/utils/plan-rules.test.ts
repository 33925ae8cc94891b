import { ERROR_MESSAGES } from '@evmap/contract/errors';
import { describe, expect, it } from 'vitest';
import {
  isAccountMessage,
  isInProgress,
  isPlanMessage,
  publishWording,
  readOnlyReason,
  recurrenceAllowed,
} from './plan-rules';

const now = new Date('2026-06-10T16:00:00Z'); // 12:00 in Montréal
const event = (dates: Array<{ startDate: string; endDate: string | null }>, extra = {}) => ({
  dates,
  timeZone: 'America/Toronto',
  isPast: false,
  active: true,
  ...extra,
});

describe('plan rules of the event form', () => {
  it('words the publishing confirmation by plan', () => {
    expect(publishWording('trial')).toBe('trial');
    expect(publishWording('unit')).toBe('unit');
    expect(publishWording('complete')).toBe('complete');
    expect(publishWording('free-complete')).toBe('complete');
    expect(publishWording('canceled')).toBe('none');
    expect(publishWording(null)).toBe('none');
  });

  it('offers recurrence on every plan but unit', () => {
    expect(recurrenceAllowed('unit')).toBe(false);
    expect(recurrenceAllowed('trial')).toBe(true);
    expect(recurrenceAllowed('complete')).toBe(true);
  });

  it('knows an event happening now in its own zone', () => {
    expect(isInProgress(event([{ startDate: '2026-06-10 11:00:00', endDate: '2026-06-10 13:00:00' }]), now)).toBe(true);
    expect(isInProgress(event([{ startDate: '2026-06-10 13:00:00', endDate: '2026-06-10 14:00:00' }]), now)).toBe(
      false,
    );
  });

  it('makes past and inactive events read-only, and current ones on the trial and unit plans', () => {
    const current = [{ startDate: '2026-06-10 11:00:00', endDate: '2026-06-10 13:00:00' }];
    const future = [{ startDate: '2026-06-11 11:00:00', endDate: '2026-06-11 13:00:00' }];
    expect(readOnlyReason(event(future, { isPast: true }), 'complete', now)).toBe('pastEventReadOnly');
    expect(readOnlyReason(event(future, { active: false }), 'complete', now)).toBe('inactiveEventReadOnly');
    expect(readOnlyReason(event(current), 'trial', now)).toBe('eventInProgress');
    expect(readOnlyReason(event(current), 'unit', now)).toBe('eventInProgress');
    expect(readOnlyReason(event(current), 'complete', now)).toBeUndefined();
    expect(readOnlyReason(event(future), 'trial', now)).toBeUndefined();
  });

  it('recognises the API plan refusals and the card refusals in both languages', () => {
    expect(isPlanMessage(ERROR_MESSAGES.noPlan.fr)).toBe(true);
    expect(isAccountMessage('Please add a payment method')).toBe(true);
    expect(isAccountMessage('Veuillez ajouter un moyen de paiement')).toBe(true);
    expect(isAccountMessage(ERROR_MESSAGES.paymentDeclined.fr)).toBe(true);
    expect(isPlanMessage('Please add a payment method')).toBe(false);
    expect(isPlanMessage('Title is required')).toBe(false);
    expect(isAccountMessage('Title is required')).toBe(false);
    expect(isPlanMessage(undefined)).toBe(false);
  });
});
