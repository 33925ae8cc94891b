import { dateProblem } from '@evmap/contract/event-dates';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  afterEndChange,
  afterStartChange,
  defaultDate,
  endDayBounds,
  endTimeMin,
  fromWallClock,
  nextDate,
  regenerate,
  startDayMin,
  toWallClock,
} from './date-rules';
import type { DateFormValue } from './event-form-values';

const date = (startDay: string, startTime: string, endDay: string, endTime: string): DateFormValue => ({
  startDay,
  startTime,
  endDay,
  endTime,
});

describe('defaultDate', () => {
  it('starts tomorrow at the next hour and ends an hour later (local time)', () => {
    expect(defaultDate(new Date(2025, 5, 10, 14, 37))).toEqual(date('2025-06-11', '15:00', '2025-06-11', '16:00'));
  });

  it('ends the next day when the start is at 23:00', () => {
    expect(defaultDate(new Date(2025, 5, 10, 22, 5))).toEqual(date('2025-06-11', '23:00', '2025-06-12', '00:00'));
  });

  it('starts the day after tomorrow at midnight after 23:00, across a month and a year end', () => {
    expect(defaultDate(new Date(2025, 11, 30, 23, 45))).toEqual(date('2026-01-01', '00:00', '2026-01-01', '01:00'));
  });

  it('is always a valid contract date', () => {
    for (let hour = 0; hour < 24; hour++) {
      expect(dateProblem(toWallClock(defaultDate(new Date(2025, 1, 28, hour, 59))))).toBeUndefined();
    }
  });
});

describe('wall-clock conversion', () => {
  it('turns days and times into the contract format and back', () => {
    const d = date('2025-06-11', '23:30', '2025-06-12', '01:15');
    expect(toWallClock(d)).toEqual({ startDate: '2025-06-11 23:30:00', endDate: '2025-06-12 01:15:00' });
    expect(fromWallClock(toWallClock(d))).toEqual(d);
  });

  it('has no end when the end day or time is empty', () => {
    expect(toWallClock(date('2025-06-11', '10:00', '', '')).endDate).toBeNull();
    expect(toWallClock(date('2025-06-11', '10:00', '2025-06-11', '')).endDate).toBeNull();
  });

  it('gives a date without an end one hour, across midnight', () => {
    expect(fromWallClock({ startDate: '2025-06-11 23:30:00', endDate: null })).toEqual(
      date('2025-06-11', '23:30', '2025-06-12', '00:30'),
    );
    expect(fromWallClock({ startDate: '2025-06-11 10:00:00' })).toEqual(
      date('2025-06-11', '10:00', '2025-06-11', '11:00'),
    );
  });
});

describe('afterStartChange', () => {
  it('keeps an end that is still at least 15 minutes after the start', () => {
    const d = date('2025-06-11', '10:00', '2025-06-11', '10:15');
    expect(afterStartChange(d)).toBe(d);
  });

  it('pushes an end less than 15 minutes after the start to start + 15 minutes', () => {
    expect(afterStartChange(date('2025-06-11', '14:00', '2025-06-11', '11:00'))).toEqual(
      date('2025-06-11', '14:00', '2025-06-11', '14:15'),
    );
    expect(afterStartChange(date('2025-06-11', '10:00', '2025-06-11', '10:00'))).toEqual(
      date('2025-06-11', '10:00', '2025-06-11', '10:15'),
    );
  });

  it('pushes the end past midnight when the start is at 23:45', () => {
    expect(afterStartChange(date('2025-06-30', '23:45', '2025-06-30', '23:00'))).toEqual(
      date('2025-06-30', '23:45', '2025-07-01', '00:00'),
    );
  });

  it('pushes an end on an earlier day (the start day moved forward)', () => {
    expect(afterStartChange(date('2025-06-15', '10:00', '2025-06-11', '11:00'))).toEqual(
      date('2025-06-15', '10:00', '2025-06-15', '10:15'),
    );
  });

  it('keeps an end on the next day, whatever its time (1 day maximum)', () => {
    const d = date('2025-06-11', '22:00', '2025-06-12', '21:00');
    expect(afterStartChange(d)).toBe(d);
  });

  it('brings an end more than a day after the start back to start + 1 hour', () => {
    expect(afterStartChange(date('2025-06-09', '10:00', '2025-06-11', '11:00'))).toEqual(
      date('2025-06-09', '10:00', '2025-06-09', '11:00'),
    );
  });

  it('gives a missing end one hour, and leaves an unreadable start alone', () => {
    expect(afterStartChange(date('2025-06-11', '10:00', '', ''))).toEqual(
      date('2025-06-11', '10:00', '2025-06-11', '11:00'),
    );
    const empty = date('', '10:00', '2025-06-11', '09:00');
    expect(afterStartChange(empty)).toBe(empty);
  });
});

describe('afterStartChange from the date before the change', () => {
  const before = date('2025-06-11', '22:00', '2025-06-12', '01:00');

  it('takes the end along when the start moves to another day, keeping the length', () => {
    expect(afterStartChange({ ...before, startDay: '2025-06-30' }, before)).toEqual(
      date('2025-06-30', '22:00', '2025-07-01', '01:00'),
    );
    expect(afterStartChange({ ...before, startDay: '2025-06-05' }, before)).toEqual(
      date('2025-06-05', '22:00', '2025-06-06', '01:00'),
    );
  });

  it('still pushes the end when only the time changed', () => {
    const sameDay = date('2025-06-11', '10:00', '2025-06-11', '11:00');
    expect(afterStartChange({ ...sameDay, startTime: '12:00' }, sameDay)).toEqual(
      date('2025-06-11', '12:00', '2025-06-11', '12:15'),
    );
  });

  it('ends where it should while a year is typed digit by digit', () => {
    let current = date('2025-06-11', '10:00', '2025-06-11', '13:00');
    let lastValid = current;
    for (const year of ['0002', '0020', '0202', '2026']) {
      current = afterStartChange({ ...current, startDay: `${year}-06-11` }, lastValid);
      if (dateProblem(toWallClock(current)) === undefined) lastValid = current;
    }
    expect(current).toEqual(date('2026-06-11', '10:00', '2026-06-11', '13:00'));
  });

  it('ignores a date before the change that broke a rule', () => {
    const broken = date('2025-06-11', '10:00', '2025-06-11', '10:00');
    expect(afterStartChange({ ...broken, startDay: '2025-06-12' }, broken)).toEqual(
      date('2025-06-12', '10:00', '2025-06-12', '10:15'),
    );
  });
});

describe('afterEndChange', () => {
  it('keeps a valid end', () => {
    const d = date('2025-06-11', '10:00', '2025-06-12', '09:00');
    expect(afterEndChange(d)).toBe(d);
  });

  it('moves the start back to the end day when the end day is before it', () => {
    expect(afterEndChange(date('2025-06-12', '10:00', '2025-06-11', '14:00'))).toEqual(
      date('2025-06-11', '10:00', '2025-06-11', '14:00'),
    );
  });

  it('then moves the start to end − 15 minutes when it is too close', () => {
    expect(afterEndChange(date('2025-06-12', '10:00', '2025-06-11', '09:00'))).toEqual(
      date('2025-06-11', '08:45', '2025-06-11', '09:00'),
    );
  });

  it('moves the start back on the same day when the end is too soon', () => {
    expect(afterEndChange(date('2025-06-11', '14:00', '2025-06-11', '14:00'))).toEqual(
      date('2025-06-11', '13:45', '2025-06-11', '14:00'),
    );
  });

  it('moves the start to the evening before for an end at midnight', () => {
    expect(afterEndChange(date('2025-07-01', '23:45', '2025-07-01', '00:00'))).toEqual(
      date('2025-06-30', '23:45', '2025-07-01', '00:00'),
    );
  });

  it('brings an end more than a day after the start back to the next day', () => {
    expect(afterEndChange(date('2025-06-30', '10:00', '2025-07-03', '09:00'))).toEqual(
      date('2025-06-30', '10:00', '2025-07-01', '09:00'),
    );
  });

  it('changes nothing while the end is incomplete', () => {
    const d = date('2025-06-11', '10:00', '', '09:00');
    expect(afterEndChange(d)).toBe(d);
  });
});

describe('afterEndChange from the date before the change', () => {
  const before = date('2025-06-12', '22:00', '2025-06-13', '01:00');

  it('moves the start back by as many days as the end, keeping the length', () => {
    expect(afterEndChange({ ...before, endDay: '2025-06-11' }, before)).toEqual(
      date('2025-06-10', '22:00', '2025-06-11', '01:00'),
    );
  });

  it('moves the start forward for an end typed past the next day', () => {
    expect(afterEndChange({ ...before, endDay: '2025-07-01' }, before)).toEqual(
      date('2025-06-30', '22:00', '2025-07-01', '01:00'),
    );
  });

  it('leaves the start alone when the end stays within the rules', () => {
    const sameDay = date('2025-06-12', '10:00', '2025-06-12', '11:00');
    const next = { ...sameDay, endDay: '2025-06-13' };
    expect(afterEndChange(next, sameDay)).toBe(next);
  });
});

describe('picker limits', () => {
  it('limits the end day to the start day and the next, across a month end', () => {
    expect(endDayBounds(date('2025-02-28', '10:00', '2025-02-28', '11:00'))).toEqual({
      min: '2025-02-28',
      max: '2025-03-01',
    });
  });

  it('starts the end days the next day for a start at 23:45', () => {
    expect(endDayBounds(date('2025-12-31', '23:45', '2026-01-01', '00:00'))).toEqual({
      min: '2026-01-01',
      max: '2026-01-01',
    });
  });

  it('has no end day limit without a start day', () => {
    expect(endDayBounds(date('', '', '', ''))).toEqual({});
  });

  it('disables past start days', () => {
    expect(startDayMin(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });

  it('offers end times from start + 15 minutes on the start day only', () => {
    expect(endTimeMin(date('2025-06-11', '10:30', '2025-06-11', '11:00'))).toBe('10:45');
    expect(endTimeMin(date('2025-06-11', '10:30', '2025-06-12', '11:00'))).toBeUndefined();
    expect(endTimeMin(date('2025-06-11', '23:45', '2025-06-11', '23:45'))).toBeUndefined();
  });

  it('adds calendar days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});

describe('regenerate', () => {
  const first = date('2025-06-11', '20:00', '2025-06-11', '22:00');

  it('keeps the list without a recurrence', () => {
    const dates = [first, date('2025-07-01', '10:00', '2025-07-01', '11:00')];
    expect(regenerate(dates, 'none')).toBe(dates);
  });

  it('makes at least 8 extra daily dates', () => {
    const dates = regenerate([first], 'daily');
    expect(dates).toHaveLength(9);
    expect(dates[8]).toEqual(date('2025-06-19', '20:00', '2025-06-19', '22:00'));
  });

  it('makes at least 3 extra weekly and bi-weekly dates', () => {
    expect(regenerate([first], 'weekly').map((d) => d.startDay)).toEqual([
      '2025-06-11',
      '2025-06-18',
      '2025-06-25',
      '2025-07-02',
    ]);
    expect(regenerate([first], 'bi-weekly').map((d) => d.startDay)).toEqual([
      '2025-06-11',
      '2025-06-25',
      '2025-07-09',
      '2025-07-23',
    ]);
  });

  it('keeps as many dates as the list had when more', () => {
    const six = Array.from({ length: 6 }, () => first);
    expect(regenerate(six, 'weekly')).toHaveLength(6);
    expect(regenerate(regenerate([first], 'daily'), 'monthly')).toHaveLength(9);
  });

  it('keeps monthly dates on the last day of shorter months', () => {
    const dates = regenerate([date('2024-01-31', '10:00', '2024-01-31', '11:00')], 'monthly');
    expect(dates.map((d) => d.startDay)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
    expect(dates.map((d) => d.endDay)).toEqual(['2024-01-31', '2024-02-29', '2024-03-31', '2024-04-30']);
  });

  it('carries an end past midnight into every date', () => {
    const dates = regenerate([date('2025-06-11', '23:00', '2025-06-12', '01:00')], 'weekly');
    expect(dates[3]).toEqual(date('2025-07-02', '23:00', '2025-07-03', '01:00'));
  });

  it('keeps the list when the first date has no start', () => {
    const dates = [date('', '', '', '')];
    expect(regenerate(dates, 'weekly')).toBe(dates);
  });
});

describe('nextDate', () => {
  it('is the last date one day later, or the default for an empty list', () => {
    const now = new Date(2025, 5, 10, 14, 0);
    expect(nextDate([date('2025-06-30', '23:00', '2025-07-01', '01:00')], now)).toEqual(
      date('2025-07-01', '23:00', '2025-07-02', '01:00'),
    );
    expect(nextDate([], now)).toEqual(defaultDate(now));
  });
});
