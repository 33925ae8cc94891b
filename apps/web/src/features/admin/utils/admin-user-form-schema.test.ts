import '@evmap/contract/zod-setup';
import { describe, expect, it } from 'vitest';
import { testUser } from '@/test/fixtures';
import {
  adminUserFormSchema,
  defaultTrialEnd,
  isRealDate,
  newUserValues,
  toRequestBody,
  trialEndParts,
  trialYears,
  userToValues,
} from './admin-user-form-schema';

describe('the trial end', () => {
  it('defaults to four months ahead, on the last day of a shorter month', () => {
    expect(defaultTrialEnd(new Date(2026, 2, 15))).toEqual({ year: 2026, month: 7, day: 15 });
    expect(defaultTrialEnd(new Date(2026, 9, 31))).toEqual({ year: 2027, month: 2, day: 28 });
    expect(defaultTrialEnd(new Date(2027, 9, 31))).toEqual({ year: 2028, month: 2, day: 29 });
    expect(defaultTrialEnd(new Date(2026, 10, 2))).toEqual({ year: 2027, month: 3, day: 2 });
  });

  it('offers the current year and the nine after, plus an existing end outside them', () => {
    const now = new Date(2026, 0, 1);
    expect(trialYears(now)).toEqual(Array.from({ length: 10 }, (_, i) => String(2026 + i)));
    expect(trialYears(now, '2024')[0]).toBe('2024');
    expect(trialYears(now, '2027')).toHaveLength(10);
  });

  it('knows the days of the calendar', () => {
    expect(isRealDate(2026, 2, 28)).toBe(true);
    expect(isRealDate(2026, 2, 29)).toBe(false);
    expect(isRealDate(2028, 2, 29)).toBe(true);
    expect(isRealDate(2026, 4, 31)).toBe(false);
  });

  it('reads an instant by its UTC day', () => {
    expect(trialEndParts('2026-07-15T00:00:00.000Z')).toEqual({ trialYear: '2026', trialMonth: '7', trialDay: '15' });
    expect(trialEndParts(null)).toEqual({ trialYear: '', trialMonth: '', trialDay: '' });
  });
});

describe('the form schema', () => {
  const valid = { ...newUserValues('fr', new Date(2026, 2, 15)), name: 'Salle', email: ' Salle@Example.CA ' };

  it('turns the screen into the contract body: trial day, billing same as the address, no plan as null', () => {
    const parsed = adminUserFormSchema.parse({ ...valid, address: '1 rue X', city: 'Laval', state: 'QC' });
    expect(toRequestBody(parsed)).toMatchObject({
      name: 'Salle',
      email: 'salle@example.ca',
      type: 'event-manager',
      planType: 'trial',
      trialEndedAt: '2026-07-15',
      preferredLang: 'fr',
      billingAddress: '1 rue X',
      billingCity: 'Laval',
      billingState: 'QC',
      billingCountry: 'CA',
    });
    const none = adminUserFormSchema.parse({ ...valid, planType: 'none', trialYear: '', trialMonth: '', trialDay: '' });
    expect(toRequestBody(none)).toMatchObject({ planType: null, trialEndedAt: null });
  });

  it('refuses 31 February and a partly chosen date on the day field', () => {
    for (const date of [
      { trialYear: '2027', trialMonth: '2', trialDay: '31' },
      { trialYear: '2027', trialMonth: '', trialDay: '3' },
    ]) {
      const result = adminUserFormSchema.safeParse({ ...valid, ...date });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['trialDay', 'dateInvalid'],
      ]);
    }
  });

  it('requires the name and a valid email, as the API does', () => {
    const result = adminUserFormSchema.safeParse({ ...valid, name: ' ', email: 'nope' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'fieldRequired'],
      ['email', 'emailInvalid'],
    ]);
  });

  it('fills the form from a user, billing apart when it differs', () => {
    const values = userToValues(
      testUser({
        planType: null,
        trialEndedAt: null,
        address: '1 rue X',
        city: 'Laval',
        billingAddress: '2 rue Y',
        billingCity: 'Laval',
      }),
    );
    expect(values).toMatchObject({ planType: 'none', trialYear: '', sameAddress: false, billingAddress: '2 rue Y' });
    expect(userToValues(testUser()).sameAddress).toBe(true);
  });
});
