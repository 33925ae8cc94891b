import { describe, expect, it } from 'vitest';
import './zod-setup';
import { dateInputSchema } from './admin-users';
import { dbIdSchema, INT4_MAX, yearInRange } from './bounds';
import { dateProblem, dateTimeSchema } from './event-dates';
import { searchBodySchema } from './events';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('database bounds', () => {
  it('keeps ids within PostgreSQL integers', () => {
    expect(dbIdSchema().safeParse(INT4_MAX).success).toBe(true);
    expect(messages(dbIdSchema().safeParse(INT4_MAX + 1))).toEqual([['', 'max']]);
    expect(messages(dbIdSchema().safeParse(0))).toEqual([['', 'min']]);
  });

  it('keeps years from 1900 to 2999 in every kind of date', () => {
    expect(yearInRange('1900-01-01')).toBe(true);
    expect(yearInRange('2999-12-31 23:45:00')).toBe(true);
    expect(yearInRange('1899-12-31')).toBe(false);
    expect(yearInRange('0000-01-01')).toBe(false);
    expect(yearInRange('garbage')).toBe(false);
    expect(messages(dateTimeSchema.safeParse('0100-06-01 10:00:00'))).toEqual([['', 'yearRange']]);
    // The form's rules leave the year alone: a year typed digit by digit passes through 0202 on its way to 2026.
    expect(dateProblem({ startDate: '0202-06-01 10:00:00', endDate: '0202-06-01 11:00:00' })).toBeUndefined();
    expect(messages(dateInputSchema.safeParse('0000-01-01'))).toEqual([['', 'yearRange']]);
    const search = searchBodySchema.safeParse({
      mapBounds: { northLat: 50, southLat: 40, eastLng: -60, westLng: -80 },
      selectedDay: '0000-01-01',
    });
    expect(messages(search)).toEqual([['selectedDay', 'yearRange']]);
  });
});
