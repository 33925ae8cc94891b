import { PROVINCES } from '@evmap/contract/enums';
import { describe, expect, it } from 'vitest';
import { slugify } from '../lib/text';
import { DEMO_EVENTS } from './demo-events';
import { scheduleDates } from './demo-types';
import { addDays, dayInZone, minutesOf, wallClock } from './wall-clock';

describe('wall-clock helpers', () => {
  it('takes "today" in the event zone', () => {
    // 03:30 UTC: midnight in St. John's (UTC-3:30), still the evening before in Toronto and Vancouver.
    const now = new Date('2026-03-08T03:30:00Z');
    expect(dayInZone(now, 'America/St_Johns')).toBe('2026-03-08');
    expect(dayInZone(now, 'America/Toronto')).toBe('2026-03-07');
    expect(dayInZone(now, 'America/Vancouver')).toBe('2026-03-07');
    expect(dayInZone(new Date('2026-03-08T03:29:00Z'), 'America/St_Johns')).toBe('2026-03-07');
  });

  it('adds calendar days and minutes without time-zone drift', () => {
    expect(addDays('2026-02-27', 2)).toBe('2026-03-01');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08'); // DST change in Canada
    expect(wallClock('2026-03-08', minutesOf('02:30'))).toBe('2026-03-08 02:30:00');
    expect(wallClock('2026-12-31', minutesOf('22:00') + 180)).toBe('2027-01-01 01:00:00');
  });
});

describe('demo catalogue', () => {
  const now = new Date('2026-06-15T16:00:00Z');

  it('has 40+ events with distinct French titles', () => {
    expect(DEMO_EVENTS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(DEMO_EVENTS.map((e) => slugify(e.titleFr))).size).toBe(DEMO_EVENTS.length);
  });

  it('follows the date rules of the event form', () => {
    for (const event of DEMO_EVENTS) {
      const dates = scheduleDates(event.schedule, now, PROVINCES[event.venue.state]);
      for (const { startDate, endDate } of dates) {
        expect(startDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:(00|15|30|45):00$/);
        expect(endDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:(00|15|30|45):00$/);
        const minutes =
          (Date.parse(`${endDate.replace(' ', 'T')}Z`) - Date.parse(`${startDate.replace(' ', 'T')}Z`)) / 60_000;
        expect(minutes, event.titleFr).toBeGreaterThanOrEqual(15);
        expect(endDate.slice(0, 10) <= addDays(startDate.slice(0, 10), 1), event.titleFr).toBe(true);
      }
    }
  });

  it('gives recurring events only to plans that allow them (not unit)', () => {
    for (const event of DEMO_EVENTS.filter((e) => e.schedule.repeat)) {
      expect(event.creator, event.titleFr).not.toBe('unit');
    }
  });

  it('places every venue in Canada with a postal code of its province', () => {
    const firstLetters: Record<string, string> = {
      NL: 'A',
      NS: 'B',
      PE: 'C',
      NB: 'E',
      QC: 'GHJ',
      ON: 'KLMNP',
      MB: 'R',
      SK: 'S',
      AB: 'T',
      BC: 'V',
    };
    for (const { venue, titleFr } of DEMO_EVENTS) {
      expect(venue.zipcode, titleFr).toMatch(/^[A-Z]\d[A-Z] \d[A-Z]\d$/);
      expect(firstLetters[venue.state], titleFr).toContain(venue.zipcode[0]);
      expect(venue.latitude).toBeGreaterThan(41.6);
      expect(venue.longitude).toBeLessThan(-52);
    }
  });
});
