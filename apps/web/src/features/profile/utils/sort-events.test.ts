import { describe, expect, it } from 'vitest';
import { splitEvents } from './sort-events';

const NOW = Date.parse('2025-06-01T16:00:00Z'); // 12:00 in Toronto
const event = (name: string, isPast: boolean, dates: Array<[string, string | null]>) => ({
  name,
  isPast,
  timeZone: 'America/Toronto',
  dates: dates.map(([startDate, endDate]) => ({ startDate, endDate })),
});

describe('splitEvents', () => {
  it('follows the server on past events; upcoming soonest first, passed latest first', () => {
    const { upcoming, passed } = splitEvents(
      [
        event('later', false, [['2025-07-01 10:00:00', null]]),
        // Its first date is over: it sorts by the next one still to come.
        event('series', false, [
          ['2025-05-01 10:00:00', '2025-05-01 11:00:00'],
          ['2025-06-15 10:00:00', '2025-06-15 11:00:00'],
        ]),
        event('today', false, [['2025-06-01 11:00:00', '2025-06-01 13:00:00']]),
        event('old', true, [['2024-01-01 10:00:00', null]]),
        event('recent', true, [['2025-05-30 10:00:00', '2025-05-30 11:00:00']]),
        event('undated', true, []),
      ],
      NOW,
    );
    expect(upcoming.map((e) => e.name)).toEqual(['today', 'series', 'later']);
    expect(passed.map((e) => e.name)).toEqual(['recent', 'old', 'undated']);
  });
});
