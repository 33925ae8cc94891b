import { describe, expect, it } from 'vitest';
import { lastEventDate } from './admin-events-last-date';

describe('lastEventDate', () => {
  it('is the latest end, a date without an end ending at its start', () => {
    expect(
      lastEventDate([
        { startDate: '2026-05-01 10:00:00', endDate: '2026-05-01 12:00:00' },
        { startDate: '2026-05-03 20:00:00', endDate: null },
        { startDate: '2026-05-02 22:00:00', endDate: '2026-05-03 01:00:00' },
      ]),
    ).toBe('2026-05-03 20:00:00');
  });

  it('is null without dates', () => {
    expect(lastEventDate([])).toBeNull();
  });
});
