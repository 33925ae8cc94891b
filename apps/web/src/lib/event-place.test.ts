import { nowWallClock } from '@evmap/contract/wall-clock';
import { describe, expect, it } from 'vitest';
import { formatWallClock, listedDates } from '@/lib/event-dates-display';
import { placeLine } from './event-place';

describe('event display', () => {
  const now = new Date('2026-11-21T15:00:00Z'); // 10:00 in Montréal

  it('reads the wall clock of a zone', () => {
    expect(nowWallClock('America/Toronto', now.getTime())).toBe('2026-11-21 10:00:00');
  });

  it('lists the first three upcoming dates and says when more follow', () => {
    const dates = ['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'].map((d) => ({
      startDate: `${d} 09:00:00`,
      endDate: `${d} 12:00:00`,
    }));
    const listed = listedDates(dates, 'America/Toronto', now);
    expect(listed.dates.map((d) => d.startDate.slice(0, 10))).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
    expect(listed.more).toBe(true);
    expect(listedDates(dates.slice(0, 3), 'America/Toronto', now).more).toBe(false);
  });

  it('formats a wall-clock time without moving it', () => {
    expect(formatWallClock('2026-11-22 19:30:00', 'en-CA')).toContain('7:30');
    expect(formatWallClock('2026-11-22 19:30:00', 'fr-CA')).toContain('19\u00a0h\u00a030');
  });

  it('adds the province unless QC and the country unless CA', () => {
    const base = { address: '1 rue X', city: 'Montréal', zipcode: null, state: 'QC', country: 'CA' };
    expect(placeLine(base)).toBe('1 rue X, Montréal');
    expect(placeLine({ ...base, state: 'ON', city: 'Ottawa' })).toBe('1 rue X, Ottawa, ON');
    expect(placeLine({ ...base, country: 'FR' })).toBe('1 rue X, Montréal, FR');
  });
});
